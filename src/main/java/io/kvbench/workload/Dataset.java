package io.kvbench.workload;

import io.kvbench.input.BadInputException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * The records of a workload, generated before anything is measured so that the measured path only indexes arrays:
 * {@link #key(int)} and {@link #value(int)} allocate nothing. Deterministic from (workload, records).
 */
public final class Dataset {

    /** Distinct values kept for RANDOM values; records share them round-robin (values are opaque to engines). */
    static final int VALUE_POOL = 1024;
    private static final byte[] HESTIA_VALUE = "opice skace po stromech".getBytes(StandardCharsets.US_ASCII);

    private final Workload workload;
    private final byte[][] keys;
    private final byte[][] values;
    private final int valueMask;

    private Dataset(Workload workload, byte[][] keys, byte[][] values) {
        this.workload = workload;
        this.keys = keys;
        this.values = values;
        this.valueMask = values == keys ? -1 : values.length - 1;
    }

    /** Generates the dataset of {@code workload} with {@code records} records. */
    public static Dataset generate(Workload workload, int records) {
        if (records < 1) throw new BadInputException("records must be >= 1, was " + records);
        byte[][] keys = keys(workload, records);
        if (workload.sortKeys()) Arrays.sort(keys, Arrays::compareUnsigned);
        byte[][] values = switch (workload.value()) {
            case SAME_AS_KEY -> keys;
            case CONSTANT -> new byte[][] {HESTIA_VALUE};
            case POSITION8 -> positions(records);
            case RANDOM -> randomValues(workload);
        };
        return new Dataset(workload, keys, values);
    }

    public Workload workload() {
        return workload;
    }

    public int records() {
        return keys.length;
    }

    /** The key of record {@code i}. */
    public byte[] key(int i) {
        return keys[i];
    }

    /** The value of record {@code i}. */
    public byte[] value(int i) {
        return valueMask < 0 ? keys[i] : values[i & valueMask];
    }

    /** The longest value of any record: the size a reader's value buffer needs. */
    public int maxValueBytes() {
        int max = 0;
        for (byte[] v : values) max = Math.max(max, v.length);
        return max;
    }

    /** A key for a record inserted during a run, past the loaded ones; allocates, as an insert creates a new key. */
    public byte[] newKey(long index) {
        return key(workload, index);
    }

    private static byte[][] keys(Workload workload, int records) {
        byte[][] keys = new byte[records][];
        if (workload.key() == Workload.KeyFormat.MD5_HEX) {
            // HestiaStore: keys are MD5 hashes of a seeded stream of random longs.
            Random random = new Random(workload.seed());
            for (int i = 0; i < records; i++) keys[i] = Keys.md5Hex(random.nextLong());
            return keys;
        }
        for (int i = 0; i < records; i++) keys[i] = key(workload, i);
        return keys;
    }

    private static byte[] key(Workload workload, long index) {
        return switch (workload.key()) {
            case DECIMAL8 -> Keys.decimal8(index);
            case LONG8 -> Keys.long8(index);
            case YCSB -> Keys.ycsb(index);
            case MD5_HEX -> Keys.md5Hex(new Random(workload.seed() ^ index).nextLong());
            case SHA1 -> Keys.sha1(index);
            case RANDOM_BYTES -> Keys.randomBytes(index, workload.seed(),
                    workload.variableSizes()
                            ? Workload.MIN_VARIABLE_BYTES + (int) Long.remainderUnsigned(Keys.fnv1a64(index),
                            workload.keyBytes() - Workload.MIN_VARIABLE_BYTES)
                            : workload.keyBytes());
        };
    }

    private static byte[][] positions(int records) {
        byte[][] values = new byte[Integer.highestOneBit(Math.max(1, records - 1)) << 1][];
        for (int i = 0; i < values.length; i++) values[i] = Keys.long8((long) i * 4096);
        return values;
    }

    private static byte[][] randomValues(Workload workload) {
        Random random = new Random(workload.seed() * 7919);
        byte[][] values = new byte[VALUE_POOL][];
        for (int i = 0; i < VALUE_POOL; i++) {
            int length = workload.variableSizes()
                    ? random.nextInt(Workload.MIN_VARIABLE_BYTES, workload.valueBytes()) : workload.valueBytes();
            values[i] = new byte[length];
            random.nextBytes(values[i]);
        }
        return values;
    }
}
