package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;
import static io.kvbench.engine.Durability.Guarantee.NONE;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.hestiastore.index.Entry;
import org.hestiastore.index.datatype.ByteArray;
import org.hestiastore.index.directory.Directory;
import org.hestiastore.index.directory.FsDirectory;
import org.hestiastore.index.segment.SegmentIteratorIsolation;
import org.hestiastore.index.segmentindex.SegmentIndex;
import org.hestiastore.index.segmentindex.configuration.api.IndexConfiguration;
import org.hestiastore.index.segmentindex.configuration.api.WalDurabilityMode;


/**
 * HestiaStore: a segment index (sorted segment files, write caches, Bloom filters) with an optional WAL. Opt-in (Maven
 * profile {@code hestiastore}): the reachable Maven Central mirror lacks it. Source references are to
 * https://github.com/jajir/HestiaStore (engine module and docs/).
 */
public final class HestiaStoreEngine implements KvEngine {

    /**
     * Sorted files store each key as a diff against the previous one with one-byte lengths (DiffKeyWriter:
     * "must be between 0 and 255 bytes"); a longer key is accepted by put and fails later, when a flush writes it.
     */
    private static final int MAX_KEY_BYTES = 255;
    /** A WAL record body (21 bytes + key + value) is at most 32 MiB (WalRecordCodec.MAX_RECORD_BODY_SIZE). */
    private static final int MAX_VALUE_BYTES = 32 * 1024 * 1024 - 21 - MAX_KEY_BYTES;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // Ordered: TypeDescriptorByteArray compares unsigned bytes (ByteArray.compareTo) and getStream() reads
            // "all entries in ascending key order" (docs/how-to-use/quick-start.md). No range scans: SegmentIndex has
            // no key-range read; getStream takes a SegmentWindow (segment numbers).
            .ordered()
            // "SegmentIndex is thread-safe and does not use a global read/write lock" (docs/architecture/concurrency.md).
            .threadSafe()
            .maxKeyBytes(MAX_KEY_BYTES)
            .maxValueBytes(MAX_VALUE_BYTES)
            // WAL on, ASYNC: each put/delete is appended with FileChannel.write before it is applied (WalPathStorage)
            // and replayed in LSN order on open, which should survive a kill; but HestiaStore 1.0.0 lost acknowledged
            // writes after kills in kvbench crash runs, in containers and local JVMs alike
            // (docs/results/2026-11-26-outside-adapters.md), so no kill survival is promised until that is understood.
            // ASYNC never fsyncs the WAL (WalSyncPolicy), and FsDirectory writes segment files through a
            // BufferedOutputStream and renames them without any fsync (FsFileWriterStream,
            // AbstractDirectory.renameFile), so nothing is promised after a power cut either.
            .durability(NONE, NONE, false,
                    "WAL enabled, WalDurabilityMode.ASYNC; flush() = maintenance().flushAndWait() (no fsync)",
                    "docs/operations/wal.md, docs/architecture/limits.md (Durability and Recovery); WalSyncPolicy, "
                            + "WalPathStorage, FsFileWriterStream")
            .settings("WAL appended per write, never fsync'd (WalDurabilityMode.ASYNC)",
                    "HestiaStore's defaults (segment caches, Bloom filters)", "HestiaStore's default")
            .checksums(Durability.Coverage.PARTIAL, "HestiaStore: data chunks carry a CRC32 checked when read "
                    + "(chunkstore/ChunkFilterCrc32Validation); its other files are not claimed here "
                    + "(https://github.com/jajir/HestiaStore)")
            .notes("defaults except WAL (off by default; ASYNC, meant to survive a kill, lost acknowledged writes "
                    + "after kills in 1.0.0, so none is promised); scans hold "
                    + "SegmentIteratorIsolation.FULL_ISOLATION, which blocks writers until the scan ends (FAIL_FAST, the "
                    + "default, silently ends a scan at the first concurrent write); the value "
                    + "TypeDescriptorByteArray.TOMBSTONE_VALUE (46 ASCII bytes) is reserved and cannot be stored; open "
                    + "retries an intermittent engine failure after a crash (see openStore)")
            .build();

    @Override
    public String id() {
        return "hestiastore";
    }

    @Override
    public String version() {
        return LibraryVersion.of(SegmentIndex.class, "org.hestiastore", "engine");
    }

    @Override
    public List<String> artifacts() {
        return List.of("org.hestiastore:engine");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        Directory directory = new FsDirectory(dir.toFile());
        IndexConfiguration<ByteArray, ByteArray> conf = IndexConfiguration.<ByteArray, ByteArray>builder()
                .identity(identity -> identity.name("kvbench").keyClass(ByteArray.class).valueClass(ByteArray.class))
                .wal(wal -> wal.durability(WalDurabilityMode.ASYNC))
                .build();
        for (int attempt = 1; ; attempt++) {
            try {
                // The configuration (WAL included) is stored with the index; an existing one is opened with it.
                SegmentIndex<ByteArray, ByteArray> index = SegmentIndex.<ByteArray, ByteArray>tryOpen(directory)
                        .orElseGet(() -> SegmentIndex.create(directory, conf));
                return new Store(this, index);
            } catch (RuntimeException e) {
                if (attempt == OPEN_ATTEMPTS || !isStartupCheckRace(e)) throw e;
                releaseOwnLock(dir);
            }
        }
    }

    /**
     * Engine bug worked around: after an unclean shutdown, open replays the WAL (which can start a background segment
     * flush) and then runs a consistency check whose fail-fast segment iterator that flush invalidates, so open fails
     * now and then with "Iterator for 'segment-NNNNN' was invalidated by a concurrent write"
     * (SegmentIndexBootstrapOperation.completeStartup, SegmentConsistencyChecker.checkAndRepairConsistency). The data is
     * intact: opening again succeeds, once the lock file the failed open left behind (with this process's pid, so it
     * is not recognized as stale: FsFileLock.isLocked) is removed.
     */
    private static final int OPEN_ATTEMPTS = 5;

    private static void releaseOwnLock(Path dir) {
        Path lock = dir.resolve(".lock"); // IndexDirectoryLock.LOCK_FILE_NAME
        try {
            if (Files.readAllLines(lock).contains("pid=" + ProcessHandle.current().pid())) Files.delete(lock);
        } catch (IOException e) {
            // no lock file, or unreadable: the next attempt reports what is wrong
        }
    }

    private static boolean isStartupCheckRace(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.util.NoSuchElementException && t.getMessage() != null
                    && t.getMessage().contains("invalidated by a concurrent write")) {
                return true;
            }
        }
        return false;
    }

    private static final class Store extends KvStore {
        private final SegmentIndex<ByteArray, ByteArray> index;

        Store(KvEngine engine, SegmentIndex<ByteArray, ByteArray> index) {
            super(engine);
            this.index = index;
        }

        // ByteArray copies on of() and getBytes() (it is immutable); it is the engine's own byte[] key and value type.

        @Override
        protected void doPut(byte[] key, byte[] value) {
            index.put(ByteArray.of(key), ByteArray.of(value));
        }

        @Override
        protected byte[] doGet(byte[] key) {
            ByteArray value = index.get(ByteArray.of(key));
            return value == null ? null : value.getBytes();
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            ByteArray value = index.get(ByteArray.of(key));
            if (value == null) return -1;
            int length = value.length();
            if (length <= valueOut.length) {
                value.copyTo(valueOut); // no copy beyond the one into the caller's buffer
            } else {
                System.arraycopy(value.getBytes(), 0, valueOut, 0, valueOut.length);
            }
            return length;
        }

        @Override
        protected void doDelete(byte[] key) {
            index.delete(ByteArray.of(key));
        }

        @Override
        protected void doScan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) {
            try (Stream<Entry<ByteArray, ByteArray>> stream = index.getStream(SegmentIteratorIsolation.FULL_ISOLATION)) {
                Iterator<Entry<ByteArray, ByteArray>> it = stream.iterator();
                while (it.hasNext()) {
                    Entry<ByteArray, ByteArray> entry = it.next();
                    if (!visitor.visit(entry.getKey().getBytes(), entry.getValue().getBytes())) return;
                }
            }
        }

        @Override
        protected void doFlush() {
            index.maintenance().flushAndWait();
        }

        @Override
        protected void doClose() {
            index.close();
        }
    }
}
