package io.kvbench.engine.adapter;

import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.WritePass;
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
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;

/**
 * A store over the {@code org.iq80.leveldb.DB} API, which both LevelDB engines implement (the pure Java port and the
 * C++ one through leveldbjni): the two adapters differ only in how they open the DB and what they declare.
 */
final class LevelDbApiStore extends KvStore {

    private static final WriteOptions WRITE = new WriteOptions().sync(false);
    private static final ReadOptions READ = new ReadOptions();

    /** What differs between the two implementations of the API, as far as this store is concerned. */
    enum Port {
        /**
         * The pure Java port 0.12: DbImpl.compactRange throws UnsupportedOperationException "Not yet implemented", and
         * its memtable keeps the put's arrays themselves (wrapped, not copied) until they are flushed to a table file,
         * so a caller that reuses its arrays after put would change stored entries (WritePassContractTest found it).
         */
        JAVA(false, true),
        /** The C++ LevelDB through leveldbjni: compacts ranges, and copies keys and values into native memory. */
        JNI(true, false);

        final boolean compactsRanges;
        final boolean keepsCallersArrays;

        Port(boolean compactsRanges, boolean keepsCallersArrays) {
            this.compactsRanges = compactsRanges;
            this.keepsCallersArrays = keepsCallersArrays;
        }
    }

    private final DB db;
    private final Path dir;
    private final boolean compactsRanges;
    private final boolean copyOnPut;

    LevelDbApiStore(KvEngine engine, DB db, Path dir, Port port) {
        super(engine);
        this.db = db;
        this.dir = dir;
        this.compactsRanges = port.compactsRanges;
        this.copyOnPut = port.keepsCallersArrays;
    }

    @Override
    protected void doPut(byte[] key, byte[] value) {
        // KvStore's contract lets the caller reuse its arrays once put returns: give a port that keeps them its own.
        if (copyOnPut) db.put(key.clone(), value.clone(), WRITE); else db.put(key, value, WRITE);
    }

    /**
     * A pass is one {@code WriteBatch}, written atomically at commit: LevelDB's only multi-put unit, and what the SHA-1
     * map-persistence study's LevelDBStore.add(Collection) does (one batch for the whole load). An abandoned batch is
     * closed unwritten, so the store stays as it was.
     */
    @Override
    protected WritePass doOpenWritePass() {
        return new BatchPass(this, db.createWriteBatch());
    }

    private final class BatchPass extends WritePass {
        private final WriteBatch batch;

        BatchPass(KvStore store, WriteBatch batch) {
            super(store);
            this.batch = batch;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            // The Java port's batch keeps the arrays until it is written, as its memtable does.
            if (copyOnPut) batch.put(key.clone(), value.clone()); else batch.put(key, value);
        }

        @Override
        protected void doCommit() throws IOException {
            try (batch) {
                db.write(batch, WRITE);
            }
        }

        @Override
        protected void doAbort() throws IOException {
            batch.close();
        }
    }

    @Override
    protected byte[] doGet(byte[] key) {
        return db.get(key, READ);
    }

    @Override
    protected void doDelete(byte[] key) {
        db.delete(copyOnPut ? key.clone() : key, WRITE);
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

    /**
     * Fsyncs the files of the LevelDB directory that may hold acknowledged but unsynced data, then the directory itself
     * (new log, manifest and table names, and the CURRENT rename). Both engines write the same file layout and neither
     * syncs a log file when it closes it. A file deleted meanwhile by a compaction is skipped: its content is in
     * fsynced
     * tables named by a synced manifest.
     */
    @Override
    protected void doFlush() throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".log") || name.startsWith("MANIFEST-") || name.equals("CURRENT")) fsync(file);
            }
        }
        fsync(dir);
    }

    /**
     * Compacts the whole key range (the memtable first), so that no compaction is pending; where the port cannot, its
     * background compactions run on as they would (nothing else in its API waits for them).
     */
    @Override
    protected void doQuiesce() {
        if (compactsRanges) db.compactRange(null, null);
    }

    @Override
    protected void doClose() throws IOException {
        db.close();
    }

    private static void fsync(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (NoSuchFileException deletedMeanwhile) {
            // removed by a compaction after the listing
        } catch (IOException e) {
            // Removed by a compaction between the open and the fsync: a FUSE file system may then fail the fsync with
            // ENOENT where a disk's would succeed. Gone, it holds nothing to keep; any other failure stands.
            if (Files.exists(path)) throw e;
        }
    }
}
