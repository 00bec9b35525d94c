package io.kvbench.engine.adapter;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.WriteOptions;
import org.iq80.leveldb.impl.Iq80DBFactory;

import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;

/**
 * LevelDB's pure Java port (org.iq80.leveldb, "dain/leveldb") with default options and {@code WriteOptions.sync=false}.
 *
 * <p>Durability, read from the 0.12 sources: every write is appended to the write-ahead log before {@code put} returns.
 * On a 64-bit JVM {@code Iq80DBFactory.USE_MMAP} is true, so the log is {@code MMapLogWriter}: the record is copied into a
 * shared memory mapping of the log file, i.e. into the OS page cache, and survives a process kill (with
 * {@code -Dleveldb.mmap=false} it is {@code FileChannelLogWriter}, one {@code write(2)} per chunk: the same guarantee).
 * Recovery replays the logs in order, so it keeps a prefix of the history.
 *
 * <p>flush(): the DB API has no sync call, and a sync write of a marker is not enough here: an empty batch is not logged
 * at all ({@code DbImpl.writeInternal}), and a sync record only runs {@code MappedByteBuffer.force()} on the current
 * 1 MiB window of the log ({@code MMapLogWriter.addRecord}), not on earlier windows nor on the previous log file, which
 * is closed without a sync when the memtable is switched and stays unsynced until its memtable is compacted. So flush()
 * fsyncs every file that can hold unsynced acknowledged data ({@code *.log}, {@code MANIFEST-*}, {@code CURRENT}) and the
 * directory; table files are already fsynced by the engine before the manifest names them ({@code DbImpl.buildTable},
 * {@code finishCompactionOutputFile}). Linux fsync writes back a file's dirty pages whichever descriptor asks, including
 * pages dirtied through the engine's mapping.
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
            // A table block grows through Slices.ensureSize, whose capacity doubling overflows past 2^30 bytes: a record
            // of ~1 GiB would hang the memtable flush. Stay 16 MiB under that (key up to 8 MiB, block header, restarts).
            // Derived from the 0.12 source, not probed (the suite probes only limits under 64 MiB).
            .maxValueBytes((1 << 30) - (16 << 20))
            .durability(EVERY_WRITE, AFTER_FLUSH, true,
                    "default options, WriteOptions.sync=false (log record copied into an mmap of the log, or written with"
                            + " write(2) if -Dleveldb.mmap=false); flush() = fsync of *.log, MANIFEST, CURRENT and the directory",
                    "org.iq80.leveldb 0.12 sources: impl/MMapLogWriter.java, impl/FileChannelLogWriter.java, impl/Logs.java,"
                            + " impl/DbImpl.java (writeInternal, makeRoomForWrite, recover); https://github.com/dain/leveldb")
            .notes("Pure Java, but its Snappy compression (on by default) uses org.xerial.snappy's native library when that"
                    + " jar is on the class path (kvbench has it through Sparkey), else org.iq80.snappy, else none"
                    + " (org.iq80.leveldb.util.Snappy). Default options: 4 MiB write buffer, 8 MiB block cache.")
            .build();

    private static final WriteOptions WRITE = new WriteOptions().sync(false);
    private static final ReadOptions READ = new ReadOptions();

    @Override
    public String id() {
        return "leveldb-java";
    }

    @Override
    public String version() {
        return LibraryVersion.of(Iq80DBFactory.class, "org.iq80.leveldb", "leveldb");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        try {
            return new Store(this, Iq80DBFactory.factory.open(dir.toFile(), new Options().createIfMissing(true)), dir);
        } catch (IOException | RuntimeException e) {
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    /**
     * Fsyncs the files of a LevelDB directory that may hold acknowledged but unsynced data, then the directory itself
     * (new log, manifest and table names, and the CURRENT rename). Shared with the JNI adapter: both engines write the
     * same file layout and neither syncs a log file when it closes it. A file deleted meanwhile by a compaction is
     * skipped: its content is in fsynced tables named by a synced manifest.
     */
    static void fsyncLevelDbFiles(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".log") || name.startsWith("MANIFEST-") || name.equals("CURRENT")) fsync(file);
            }
        }
        fsync(dir);
    }

    private static void fsync(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (NoSuchFileException deletedMeanwhile) {
            // removed by a compaction after the listing
        }
    }

    private static final class Store extends KvStore {
        private final DB db;
        private final Path dir;

        Store(KvEngine engine, DB db, Path dir) {
            super(engine);
            this.db = db;
            this.dir = dir;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            db.put(key, value, WRITE);
        }

        @Override
        protected byte[] doGet(byte[] key) {
            return db.get(key, READ);
        }

        @Override
        protected void doDelete(byte[] key) {
            db.delete(key, WRITE);
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) throws IOException {
            try (DBIterator it = db.iterator(READ)) {
                if (from == null) it.seekToFirst(); else it.seek(from);
                while (it.hasNext()) {
                    Map.Entry<byte[], byte[]> entry = it.next();
                    byte[] key = entry.getKey();
                    if (to != null && Arrays.compareUnsigned(key, to) >= 0) return;
                    if (!visitor.visit(key, entry.getValue())) return;
                }
            }
        }

        @Override
        protected void doFlush() throws IOException {
            fsyncLevelDbFiles(dir);
        }

        @Override
        protected void doClose() throws IOException {
            db.close();
        }
    }
}
