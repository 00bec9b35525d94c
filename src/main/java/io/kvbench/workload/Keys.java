package io.kvbench.workload;

import io.kvbench.input.BadInputException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;

/**
 * The key formats of the published comparisons. All are deterministic functions of (index, seed), so a dataset is
 * reproducible from its workload and profile alone.
 */
public final class Keys {

    private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
    private static final long FNV_PRIME_64 = 1099511628211L;

    private Keys() {
    }

    /** The Xodus / Tokyo Cabinet benchmark's keys: 8 ASCII decimal digits, "00000000", "00000001", ... */
    public static byte[] decimal8(long index) {
        if (index < 0 || index > 99_999_999L) throw new BadInputException("decimal8 key out of range: " + index);
        return String.format("%08d", index).getBytes(StandardCharsets.US_ASCII);
    }

    /** HaloDB's benchmark keys: the index as an 8-byte big-endian long (Guava's Longs.toByteArray). */
    public static byte[] long8(long index) {
        byte[] key = new byte[8];
        for (int i = 7; i >= 0; i--) {
            key[i] = (byte) index;
            index >>>= 8;
        }
        return key;
    }

    /** YCSB's record keys with hashed insert order: "user" + fnv64(index). */
    public static byte[] ycsb(long index) {
        return ("user" + fnv1a64(index)).getBytes(StandardCharsets.US_ASCII);
    }

    /** YCSB's 64-bit FNV-1a over the 8 bytes of a long, low byte first, made non-negative. */
    public static long fnv1a64(long value) {
        long hash = FNV_OFFSET_BASIS_64;
        for (int i = 0; i < 8; i++) {
            hash ^= value & 0xFF;
            hash *= FNV_PRIME_64;
            value >>= 8;
        }
        return Math.abs(hash);
    }

    /** HestiaStore's benchmark keys: the uppercase hex MD5 of a decimal number (32 ASCII bytes). */
    public static byte[] md5Hex(long number) {
        return hex(digest("MD5", Long.toString(number).getBytes(StandardCharsets.ISO_8859_1)))
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** The map-persistence study's keys: the 20-byte SHA-1 digest of the index. */
    public static byte[] sha1(long index) {
        return digest("SHA-1", long8(index));
    }

    /** DataStore4J-style keys: {@code length} random bytes from a per-index seed. */
    public static byte[] randomBytes(long index, long seed, int length) {
        byte[] key = new byte[length];
        new Random(seed * 31 + index).nextBytes(key);
        return key;
    }

    private static byte[] digest(String algorithm, byte[] input) {
        try {
            return MessageDigest.getInstance(algorithm).digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is not available in this JDK", e);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().withUpperCase().formatHex(bytes);
    }
}
