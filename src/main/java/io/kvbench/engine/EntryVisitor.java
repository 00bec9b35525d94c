package io.kvbench.engine;

/** Receives entries of a scan; return {@code false} to stop early (YCSB-style scans of N records). */
@FunctionalInterface
public interface EntryVisitor {
    boolean visit(byte[] key, byte[] value);
}
