package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Guarantee.NONE;

import io.github.theuntamed839.datastore4j.db.DataStore4J;
import io.github.theuntamed839.datastore4j.db.DbOptions;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * DataStore4J: a pure-Java LSM tree after LevelDB (WAL, skip-list memtable, SST levels). Opt-in (Maven profile
 * {@code datastore4j}, built with a JDK 22+): the reachable Maven Central mirror lacks it and it needs Java 22 (FFM
 * Arena for its mapped files). Sources below refer to https://github.com/theuntamed839/DataStore4J (tag-less; 0.1.0).
 *
 * <p>Its whole API is put/get/delete/close (db/DB.java): there is no iterator, so {@link #capabilities} declares no
 * order and {@code scan} fails with a clear message.
 */
public final class DataStore4jEngine implements KvEngine {

    /**
     * Keys and values are int-length-prefixed (WalEncoderDecoder, IndexedCluster) and an SST is assembled in one direct
     * ByteBuffer, so the engine's own bound is below 2 GiB per SST; 64 MiB - 1 is declared because the contract suite
     * probes it (limits from 64 MiB up are not probed), so the declared limit is a verified one.
     */
    private static final int MAX_BYTES = (64 << 20) - 1;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // No iteration API at all (db/DB.java): point operations only.
            .noScans()
            // "Thread-safe with concurrency support" (readme.md): writes take a StampedLock write lock, gets the read
            // lock (db/DataStore4J.java).
            .threadSafe()
            .maxKeyBytes(MAX_BYTES)
            .maxValueBytes(MAX_BYTES)
            // Each put/delete is written to the WAL with FileChannel.write before the memtable (wal/WALManager.log),
            // never fsync'd (wal/FileChannelWriter), and there is no sync call; but upstream lists crash recovery as
            // unfinished: "Potential crash during compaction ... may leave the database in an inconsistent state"
            // (readme.md, Limitations; DataStore4J/README.md TODO "Crash recovery"). So nothing is promised.
            .durability(NONE, NONE, false,
                    "defaults (DbOptions): WAL written without fsync; flush() is a no-op (no sync API)",
                    "https://github.com/theuntamed839/DataStore4J#limitations; wal/WALManager.java, "
                            + "wal/FileChannelWriter.java")
            .settings("WAL written per write, never fsync'd (no sync API)", "DataStore4J's defaults (DbOptions)",
                    "DataStore4J's default")
            .checksums(Durability.Coverage.NONE, "DataStore4J: the per-key \"checksums\" of a cluster are hashes for "
                    + "the lookup; keys and values are read unchecked (search/Finder.java, "
                    + "https://github.com/theuntamed839/DataStore4J)")
            .notes("no iteration API: scan() is refused; keys and values are copied on put and get because the "
                    + "memtable keeps the caller's arrays and get returns the memtable's; needs Java 22+")
            .build();

    @Override
    public String id() {
        return "datastore4j";
    }

    @Override
    public String version() {
        return LibraryVersion.of(DataStore4J.class, "io.github.theuntamed839", "DataStore4J");
    }

    @Override
    public List<String> artifacts() {
        return List.of("io.github.theuntamed839:DataStore4J");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        try {
            return new Store(this, new DataStore4J(dir, new DbOptions())); // the engine adds a DATASTORE4J subdirectory
        } catch (Exception e) {
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    private static final class Store extends KvStore {
        private final DataStore4J db;

        Store(KvEngine engine, DataStore4J db) {
            super(engine);
            this.db = db;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) throws Exception {
            db.put(key.clone(), value.clone()); // KVUnit keeps both arrays in the memtable
        }

        @Override
        protected byte[] doGet(byte[] key) throws Exception {
            byte[] value = db.get(key);
            return value == null ? null : value.clone(); // may be the memtable's own array
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) throws Exception {
            byte[] value = db.get(key);
            if (value == null) return -1;
            System.arraycopy(value, 0, valueOut, 0, Math.min(value.length, valueOut.length));
            return value.length;
        }

        @Override
        protected void doDelete(byte[] key) throws Exception {
            db.delete(key.clone()); // the tombstone keeps the key array
        }

        @Override
        protected void doScan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) {
            throw failure("scan is not supported: DataStore4J has no iteration API (DB: put, get, delete, close)");
        }

        @Override
        protected void doFlush() {
            // Nothing to do: writes are in the WAL (in the OS), and DataStore4J offers no call that fsyncs it.
        }

        @Override
        protected void doClose() throws Exception {
            db.close();
        }
    }
}
