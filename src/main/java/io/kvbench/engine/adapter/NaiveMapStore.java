package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.StampedLock;

/**
 * What the three naive baselines (naive-properties, naive-json, naive-mmap) share: the whole store lives in a
 * {@link ConcurrentHashMap} keyed by an immutable byte-array wrapper, and {@link #flush()} / {@link #close()} rewrite
 * the whole file atomically (temp file, fsync, rename over the old file, fsync the directory), so that a crash leaves
 * the previous complete file or the new one, never a torn one. Subclasses supply only their file format.
 */
abstract class NaiveMapStore extends KvStore {

    /**
     * The promises all three share; each adapter adds its size limits (they depend on its format).
     * Durability: nothing reaches the disk between flushes, and a flush replaces the file with a complete snapshot
     * taken while no write is in progress, so recovery after a kill or a power cut gives the state of the last
     * completed flush (a prefix of the history). Sources: rename(2) "the replacement is atomic" (POSIX), Files.move
     * ATOMIC_MOVE javadoc, fsync(2) on the file and on its directory; the implementation is {@link #persist()}.
     */
    static Capabilities.Builder capabilities(String format) {
        return Capabilities.builder()
                // Not ordered: a ConcurrentHashMap iterates in hash order, so only full scans are offered.
                // ConcurrentHashMap is thread-safe; a flush takes a consistent cut with the StampedLock below.
                .threadSafe()
                .settings("nothing written until flush()/close() rewrite the file (fsync)",
                        "whole store on the Java heap", "none")
                .durability(AFTER_FLUSH, AFTER_FLUSH, true,
                        "in-memory map; flush()/close() rewrite the whole " + format
                                + " file: temp file, fsync, rename over the old file, fsync the directory",
                        "POSIX rename(2) (atomic replacement), java.nio.file.Files#move ATOMIC_MOVE, fsync(2);"
                                + " implemented in io.kvbench.engine.adapter.NaiveMapStore#persist")
                .checksums(Durability.Coverage.NONE, "the " + format + " file is written as it is, without a checksum"
                        + " (io.kvbench.engine.adapter.NaiveMapStore#persist)");
    }

    /** Upper bound on the initial table size taken from the hint, so that a wild hint cannot allocate gigabytes. */
    private static final long MAX_PRESIZE = 1 << 24;

    private final Path dir;
    private final Path file;
    private final Path temp;
    private final ConcurrentHashMap<Key, byte[]> map;
    /**
     * Writers share it (read mode) and persist() takes it exclusively just long enough to copy the map's references:
     * the snapshot is then a cut of the history (no write missing while a later one is kept), as prefix consistency
     * asks.
     */
    private final StampedLock cut = new StampedLock();
    /** Serializes persist() calls (they share the temp file). */
    private final Object persistLock = new Object();
    /**
     * Set by writers under the shared lock, read and cleared under the exclusive one: skip rewriting an unchanged map.
     */
    private boolean dirty;

    NaiveMapStore(KvEngine engine, Path dir, String fileName, StoreOptions options) {
        super(engine);
        this.dir = dir;
        this.file = dir.resolve(fileName);
        this.temp = dir.resolve(fileName + ".tmp");
        this.map = new ConcurrentHashMap<>((int) Math.min(options.expectedEntries(), MAX_PRESIZE));
    }

    /**
     * Reads the store file, if there is one, through {@link #readFile}; called once by the engine after construction.
     */
    final NaiveMapStore load() {
        try {
            Files.deleteIfExists(temp); // left by a crash during a flush; the real file is intact
            if (Files.exists(file)) readFile(file);
        } catch (KvException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw failure("cannot load " + file, e);
        }
        return this;
    }

    /** Parses {@code file}, calling {@link #loaded} for each entry. */
    protected abstract void readFile(Path file) throws IOException;

    /**
     * Writes the whole snapshot ({@code keys[i]} maps to {@code values[i]}) to {@code out}, an empty file. The caller
     * fsyncs and closes the channel; streams wrapped around it must be flushed, not closed.
     */
    protected abstract void writeFile(FileChannel out, byte[][] keys, byte[][] values) throws IOException;

    /** Adds an entry read from the file; the arrays are kept, not copied. */
    protected final void loaded(byte[] key, byte[] value) {
        map.put(new Key(key), value);
    }

    @Override
    protected final void doPut(byte[] key, byte[] value) {
        Key k = new Key(key.clone());
        byte[] v = value.clone();
        long stamp = cut.readLock();
        try {
            map.put(k, v);
            if (!dirty) dirty = true; // read first: the cache line stays shared while it is already set
        } finally {
            cut.unlockRead(stamp);
        }
    }

    @Override
    protected final byte[] doGet(byte[] key) {
        byte[] value = map.get(new Key(key));
        return value == null ? null : value.clone();
    }

    @Override
    protected final int doGet(byte[] key, byte[] valueOut) {
        byte[] value = map.get(new Key(key));
        if (value == null) return -1;
        System.arraycopy(value, 0, valueOut, 0, Math.min(value.length, valueOut.length));
        return value.length;
    }

    @Override
    protected final void doDelete(byte[] key) {
        Key k = new Key(key);
        long stamp = cut.readLock();
        try {
            if (map.remove(k) != null && !dirty) dirty = true;
        } finally {
            cut.unlockRead(stamp);
        }
    }

    @Override
    protected final void doScan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) {
        // Unordered: KvStore lets only open bounds through. Copies, so that a visitor cannot alter the stored arrays.
        for (Map.Entry<Key, byte[]> e : map.entrySet()) {
            if (!visitor.visit(e.getKey().bytes.clone(), e.getValue().clone())) return;
        }
    }

    @Override
    protected final void doFlush() throws IOException {
        persist();
    }

    @Override
    protected final void doClose() throws IOException {
        try {
            persist();
        } finally {
            map.clear();
        }
    }

    /** Atomic replacement of the store file by a snapshot of the map: see the class comment. */
    private void persist() throws IOException {
        synchronized (persistLock) {
            byte[][] keys;
            byte[][] values;
            long stamp = cut.writeLock();
            try {
                if (!dirty) return;
                keys = new byte[map.size()][]; // exact: no write runs while the exclusive lock is held
                values = new byte[keys.length][];
                int i = 0;
                for (Map.Entry<Key, byte[]> e : map.entrySet()) {
                    keys[i] = e.getKey().bytes;
                    values[i++] = e.getValue();
                }
                dirty = false;
            } finally {
                cut.unlockWrite(stamp);
            }
            try {
                try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    writeFile(out, keys, values);
                    out.force(true);
                }
                // rename(2) on POSIX file systems: replaces the old file atomically.
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
                try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                    d.force(true); // makes the rename itself durable (Linux: fsync on a directory descriptor)
                }
            } catch (IOException | RuntimeException e) {
                markDirty(); // this snapshot did not reach the disk: the next flush must write again
                throw e;
            }
        }
    }

    private void markDirty() {
        long stamp = cut.readLock();
        dirty = true;
        cut.unlockRead(stamp);
    }

    /** An immutable byte-array key: equality and hash over the contents. The array must not change once wrapped. */
    static final class Key {
        final byte[] bytes;
        private final int hash;

        Key(byte[] bytes) {
            this.bytes = bytes;
            this.hash = Arrays.hashCode(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key other && hash == other.hash && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
