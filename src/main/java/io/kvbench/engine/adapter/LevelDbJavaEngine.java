package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Coverage.PARTIAL;
import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.impl.Iq80DBFactory;

/**
 * LevelDB's pure Java port (org.iq80.leveldb, "dain/leveldb") with default options and {@code WriteOptions.sync=false}.
 *
 * <p>Durability, read from the 0.12 sources: every write is appended to the write-ahead log before {@code put} returns.
 * On a 64-bit JVM {@code Iq80DBFactory.USE_MMAP} is true, so the log is {@code MMapLogWriter}: the record is copied
 * into a shared memory mapping of the log file, i.e. into the OS page cache, and survives a process kill (with
 * {@code -Dleveldb.mmap=false} it is {@code FileChannelLogWriter}, one {@code write(2)} per chunk: the same guarantee).
 * Recovery replays the logs in order, so it keeps a prefix of the history.
 *
 * <p>flush(): the DB API has no sync call, and a sync write of a marker is not enough here: an empty batch is not
 * logged at all ({@code DbImpl.writeInternal}), and a sync record only runs {@code MappedByteBuffer.force()} on the
 * current 1 MiB window of the log ({@code MMapLogWriter.addRecord}), not on earlier windows nor on the previous log
 * file, which is closed without a sync when the memtable is switched and stays unsynced until its memtable is
 * compacted. So flush() fsyncs every file that can hold unsynced acknowledged data ({@code *.log}, {@code MANIFEST-*},
 * {@code CURRENT}) and the directory; table files are already fsynced by the engine before the manifest names them
 * ({@code DbImpl.buildTable}, {@code finishCompactionOutputFile}). Linux fsync writes back a file's dirty pages
 * whichever descriptor asks, including pages dirtied through the engine's mapping.
 */
public final class LevelDbJavaEngine implements KvEngine {

    /** Keys: no engine limit below Java arrays; 8 MiB is the bound this suite probes (as for RocksDB). */
    private static final int MAX_KEY_BYTES = 8 << 20;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // Default BytewiseComparator: Slice.compareTo compares bytes unsigned (checked by the ordering suite).
            .orderedWithRangeScans()
            // DbImpl serialises writers on one mutex and reads from immutable memtables/tables: one DB object serves
            // many threads (LevelDB docs, "Concurrency": a DB may be shared by threads without external locking).
            .threadSafe()
            .maxKeyBytes(MAX_KEY_BYTES)
            // A table block grows through Slices.ensureSize, whose capacity doubling overflows past 2^30 bytes: a
            // record of ~1 GiB would hang the memtable flush. Stay 16 MiB under that (key up to 8 MiB, block header,
            // restarts). Derived from the 0.12 source, not probed (the suite probes only limits under 64 MiB).
            .maxValueBytes((1 << 30) - (16 << 20))
            .durability(EVERY_WRITE, AFTER_FLUSH, true,
                    "default options, WriteOptions.sync=false (log record copied into an mmap of the log, or written "
                            + "with write(2) if -Dleveldb.mmap=false); flush() = fsync of *.log, MANIFEST, CURRENT and "
                            + "the directory",
                    "org.iq80.leveldb 0.12 sources: impl/MMapLogWriter.java, impl/FileChannelLogWriter.java, "
                            + "impl/Logs.java, impl/DbImpl.java (writeInternal, makeRoomForWrite, recover); "
                            + "https://github.com/dain/leveldb")
            .settings("log record per write, no fsync (sync=false)",
                    "write buffer 4 MiB; no block cache: tables are mmap'd", "Snappy (default)")
            .checksums(PARTIAL, "org.iq80.leveldb 0.12: ReadOptions.verifyChecksums() and Options.paranoidChecks() "
                    + "default false, so table blocks are read unchecked; log records carry a CRC32C checked when the "
                    + "log is replayed (impl/LogReader.java)")
            .notes("Pure Java, but its Snappy compression (on by default) uses org.xerial.snappy's native library when "
                    + "that jar is on the class path (kvbench has it through Sparkey), else org.iq80.snappy, else none"
                    + " (org.iq80.leveldb.util.Snappy). Default options: 4 MiB write buffer; 0.12 has no block cache"
                    + " (Options.cacheSize is read by nothing): tables are mmap'd (TableCache, MMapTable)."
                    + " Known engine issue: a get racing with a background compaction can fail with 'Could not open"
                    + " table N' (https://github.com/dain/leveldb/issues/78; knownissues/LevelDbJavaKnownIssueTest).")
            .build();

    @Override
    public String id() {
        return "leveldb-java";
    }

    @Override
    public String version() {
        return LibraryVersion.of(Iq80DBFactory.class, "org.iq80.leveldb", "leveldb");
    }

    @Override
    public List<String> artifacts() {
        return List.of("org.iq80.leveldb:leveldb", "org.iq80.leveldb:leveldb-api");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        try {
            return new LevelDbApiStore(this,
                    Iq80DBFactory.factory.open(dir.toFile(), new Options().createIfMissing(true)),
                    dir, LevelDbApiStore.Port.JAVA);
        } catch (IOException | RuntimeException e) {
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }
}
