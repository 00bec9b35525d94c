package io.kvbench.contract;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.TreeMap;

/** Small helpers for the contract tests: the unsigned model map, random binary keys, readable bytes. */
final class Bytes {

    private Bytes() {
    }

    /** The reference every ordered engine must match: unsigned lexicographic byte order. */
    static <V> TreeMap<byte[], V> unsignedTreeMap() {
        return new TreeMap<>(Arrays::compareUnsigned);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A random key of 1..maxLen bytes over the full byte range, biased towards 0x00 and 0xFF where traps live. */
    static byte[] randomKey(Random random, int maxLen) {
        byte[] key = new byte[1 + random.nextInt(maxLen)];
        for (int i = 0; i < key.length; i++) {
            int pick = random.nextInt(8);
            key[i] = pick == 0 ? 0 : pick == 1 ? (byte) 0xFF : (byte) random.nextInt(256);
        }
        return key;
    }

    static byte[] randomValue(Random random, int maxLen) {
        byte[] value = new byte[random.nextInt(maxLen + 1)];
        random.nextBytes(value);
        return value;
    }

    static String hex(byte[] bytes) {
        if (bytes == null) return "null";
        if (bytes.length > 24) return HexFormat.of().formatHex(bytes, 0, 24) + "...(" + bytes.length + " bytes)";
        return HexFormat.of().formatHex(bytes);
    }
}
