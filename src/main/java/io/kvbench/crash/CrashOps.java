package io.kvbench.crash;

import io.kvbench.engine.Capabilities;
import io.kvbench.input.BadInputException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The seeded stream of puts and deletes a crash writer issues, and the self-describing values it writes. Operation
 * {@code seq} is a pure function of (seed, seq), so the test side regenerates any operation from its number alone and
 * the writer only has to report numbers. A value names the operation that wrote it (header: seq, key index, length) and
 * its remaining bytes are derived from seq, so a recovered value either is exactly what operation seq wrote to that key
 * or is recognisably never written to it.
 *
 * @param seed       the history's seed
 * @param keySpace   keys are {@code crash-000000} .. {@code crash-<keySpace-1>}: small, so that keys are overwritten
 *                   and deleted often and a lost or resurrected version shows
 * @param maxValue   largest value in bytes (header included)
 * @param deletePercent share of deletes in the stream
 */
public record CrashOps(long seed, int keySpace, int maxValue, int deletePercent) {

    /** seq (8) + key index (4) + value length (4). */
    static final int HEADER = 16;
    static final int KEY_BYTES = 12;

    public CrashOps {
        if (keySpace < 1 || keySpace > 999_999) throw new BadInputException("key space must be 1..999999, was "
                + keySpace);
        if (maxValue < HEADER) throw new BadInputException("values need at least " + HEADER + " bytes, max was "
                + maxValue);
        if (deletePercent < 0
                || deletePercent > 100) throw new BadInputException("delete percent must be 0..100");
    }

    /** The stream the crash tests use for an engine: values up to 1 KiB (less if the engine's limit is lower). */
    public static CrashOps forEngine(long seed, Capabilities capabilities) {
        return new CrashOps(seed, 2048, (int) Math.min(1024, capabilities.maxValueBytes()), 20);
    }

    /** On average one flush() per this many operations, at seeded places. */
    static final int FLUSH_EVERY = 64;

    /**
     * One operation of the stream.
     *
     * @param flushAfter the writer calls flush() after this operation (the point up to which AFTER_FLUSH engines
     * promise)
     */
    public record Op(long seq, int keyIndex, boolean delete, int valueLength, boolean flushAfter) {
    }

    public Op op(long seq) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + seq);
        int keyIndex = random.nextInt(keySpace);
        boolean delete = random.nextInt(100) < deletePercent;
        int length = delete ? 0 : HEADER + random.nextInt(maxValue - HEADER + 1);
        return new Op(seq, keyIndex, delete, length, random.nextInt(FLUSH_EVERY) == 0);
    }

    public static byte[] key(int keyIndex) {
        return String.format("crash-%06d", keyIndex).getBytes(StandardCharsets.US_ASCII);
    }

    /** The key index of a crash key, or -1 for any other key. */
    public int keyIndex(byte[] key) {
        if (key.length != KEY_BYTES) return -1;
        String text = new String(key, StandardCharsets.US_ASCII);
        if (!text.startsWith("crash-")) return -1;
        try {
            int index = Integer.parseInt(text.substring(6));
            return index >= 0 && index < keySpace && Arrays.equals(key(index), key) ? index : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The value a put operation writes. */
    public byte[] value(Op op) {
        if (op.delete()) throw new BadInputException("operation " + op.seq() + " is a delete");
        byte[] value = new byte[op.valueLength()];
        ByteBuffer.wrap(value).putLong(op.seq()).putInt(op.keyIndex()).putInt(op.valueLength());
        SplittableRandom filler = new SplittableRandom(op.seq() ^ seed);
        for (int i = HEADER; i < value.length; i++) value[i] = (byte) filler.nextInt(256);
        return value;
    }

    /**
     * The operation that wrote {@code value} under key {@code keyIndex}: its seq when the value is byte for byte what a
     * put of this stream wrote to that key, else -1 (a value never written to this key: torn, foreign or corrupt).
     */
    public long writtenBy(int keyIndex, byte[] value) {
        if (value == null || value.length < HEADER) return -1;
        ByteBuffer header = ByteBuffer.wrap(value);
        long seq = header.getLong();
        if (seq < 0) return -1;
        Op op = op(seq);
        if (op.delete() || op.keyIndex() != keyIndex || op.valueLength() != value.length) return -1;
        return Arrays.equals(value(op), value) ? seq : -1;
    }
}
