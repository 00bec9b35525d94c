package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Coverage.PARTIAL;
import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;

import com.sleepycat.je.CheckpointConfig;
import com.sleepycat.je.Cursor;
import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.Durability;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.JEVersion;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.Transaction;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.WritePass;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Berkeley DB Java Edition: one transactional Environment in the store directory holding one Database; every put and
 * delete is an auto-commit transaction with {@link Durability#COMMIT_WRITE_NO_SYNC}: the commit writes the log from the
 * JVM to the OS (so it survives a process kill) without an fsync, which flush() does with {@code flushLog(true)}.
 *
 * <p>Why transactional: a non-transactional (or deferred-write) JE database keeps writes in JE's own log buffers until
 * they fill or a checkpoint/sync runs, so a process kill loses recent writes; COMMIT_WRITE_NO_SYNC is JE's equivalent
 * of RocksDB's default (WAL written, not synced), the common ground of this suite.
 */
public final class BerkeleyDbJeEngine implements KvEngine {

    private static final String DATABASE = "kvbench";

    /**
     * How long an operation waits for a record another transaction holds. JE's default is 500 ms, and JE finds
     * deadlocks by itself (je.lock.deadlockDetect, default true), so the timeout only ends waits on a holder that is
     * slow: a get behind an auto-commit put whose log write the OS held back. At 500 ms such a stall of a loaded
     * machine failed a get in the concurrency contract; 10 s keeps the wait and still ends a stuck one.
     */
    private static final long LOCK_TIMEOUT_SECONDS = 10;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // No key comparator configured: "By default, JE performs all such comparisons using a byte-by-byte
            // lexicographic comparison"
            // (https://docs.oracle.com/cd/E17277_02/html/GettingStartedGuide/comparator.html); the bytes compare
            // unsigned (com.sleepycat.je.tree.Key.compareUnsignedBytes; checked by the ordering suite).
            .orderedWithRangeScans()
            // Environment and Database handles are thread-safe (javadoc of both classes); cursors are per scan here.
            .threadSafe()
            // JE has no key size limit; keys live in B-tree nodes, so huge keys are slow. 8 MiB is the bound probed
            // here.
            .maxKeyBytes(8 << 20)
            // Records are Java arrays; JE has no smaller record limit (a log entry larger than je.log.fileMax is
            // written whole). The JVM's array limit.
            .maxValueBytes(Integer.MAX_VALUE - 8)
            .durability(EVERY_WRITE, AFTER_FLUSH, true,
                    "transactional, auto-commit per write, Durability.COMMIT_WRITE_NO_SYNC; flush() = "
                            + "Environment.flushLog(true)",
                    "https://docs.oracle.com/cd/E17277_02/html/TransactionGettingStarted/nodurabletxn.html"
                            + " (WRITE_NO_SYNC: the log is written to the OS on commit, not synced: survives an "
                            + "application crash, not an OS crash); javadoc Environment.flushLog(boolean fsync); "
                            + "recovery replays committed transactions in log order")
            .settings("commit writes the log to the OS, no fsync (COMMIT_WRITE_NO_SYNC)",
                    "JE cache up to 60% of the heap (default)", "none")
            // Declared EVERY_READ at first; kvbench crash --fault bit-flip --seed 3203500682894 --cycles 1 showed
            // otherwise: a bit flipped in the last log file (bit 6 of byte 102383 of 00000000.jdb) made recovery end
            // the log there, and the store opened without an error, keys back at older values or gone.
            .checksums(PARTIAL, "je.log.checksumRead (EnvironmentParams.LOG_CHECKSUM_READ, default true): a log "
                    + "entry read from a file is checked against its checksum, but recovery takes an entry of the "
                    + "last log file that fails it for the torn end of the log and truncates the log there, "
                    + "committed transactions after it included, unless je.haltOnCommitAfterChecksumException (default "
                    + "false) is set (com.sleepycat.je.log.LastFileReader, je 18.3.12)")
            .notes("JE defaults otherwise: cache = je.maxMemoryPercent (60%) of the JVM heap, allocated as used; gets "
                    + "use LockMode.DEFAULT (a short read lock), scans a READ_COMMITTED cursor; a lock wait ends after "
                    + LOCK_TIMEOUT_SECONDS + " s (JE's default 500 ms; deadlocks are detected, not timed out). JE's"
                    + " background threads"
                    + " (cleaner, checkpointer, evictor) run per environment; JE logs to je.info.* in the store "
                    + "directory.")
            .build();

    @Override
    public String id() {
        return "berkeleydb-je";
    }

    @Override
    public String version() {
        // JE's jar carries no pom.properties; JEVersion is the version of the classes actually loaded.
        String version = JEVersion.CURRENT_VERSION.getNumericVersionString();
        return version == null || version.isBlank()
                ? LibraryVersion.of(Environment.class, "com.sleepycat", "je")
                : version;
    }

    @Override
    public List<String> artifacts() {
        return List.of("com.sleepycat:je");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        EnvironmentConfig envConfig = new EnvironmentConfig().setAllowCreate(true).setTransactional(true);
        envConfig.setDurability(Durability.COMMIT_WRITE_NO_SYNC);
        envConfig.setLockTimeout(LOCK_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        Environment env = null;
        try {
            env = new Environment(dir.toFile(), envConfig);
            DatabaseConfig dbConfig = new DatabaseConfig().setAllowCreate(true).setTransactional(true);
            Database db = env.openDatabase(null, DATABASE, dbConfig);
            return new Store(this, env, db);
        } catch (RuntimeException e) {
            if (env != null) {
                try {
                    env.close();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    /** Per-thread entries for point operations, so that a put or get allocates no DatabaseEntry. */
    private static final class Entries {
        final DatabaseEntry key = new DatabaseEntry();
        final DatabaseEntry data = new DatabaseEntry();
    }

    private static final class Store extends KvStore {
        private final Environment env;
        private final Database db;
        private final ThreadLocal<Entries> entries = ThreadLocal.withInitial(Entries::new);

        Store(KvEngine engine, Environment env, Database db) {
            super(engine);
            this.env = env;
            this.db = db;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            Entries e = entries.get();
            e.key.setData(key);
            e.data.setData(value);
            db.put(null, e.key, e.data);
            e.data.setData(null); // do not keep the caller's value reachable from the thread
        }

        @Override
        protected byte[] doGet(byte[] key) {
            Entries e = entries.get();
            e.key.setData(key);
            if (db.get(null, e.key, e.data, LockMode.DEFAULT) != OperationStatus.SUCCESS) return null;
            byte[] value = bytes(e.data);
            e.data.setData(null); // do not keep the caller's value reachable from the thread
            return value;
        }

        @Override
        protected ReadPass doOpenReadPass() {
            Transaction txn = env.beginTransaction(null, null);
            try {
                return new CursorPass(this, txn, db.openCursor(txn, null));
            } catch (RuntimeException e) {
                txn.abort();
                throw e;
            }
        }

        @Override
        protected WritePass doOpenWritePass() {
            return new TransactionPass(this, env.beginTransaction(null, null), db);
        }

        @Override
        protected void doDelete(byte[] key) {
            Entries e = entries.get();
            e.key.setData(key);
            db.delete(null, e.key); // NOTFOUND for an absent key is not an error
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) {
            // Fresh entries: the visitor may call this store from the same thread.
            DatabaseEntry key = new DatabaseEntry();
            DatabaseEntry data = new DatabaseEntry();
            try (Cursor cursor = db.openCursor(null, CursorConfig.READ_COMMITTED)) {
                OperationStatus status;
                if (from == null) {
                    status = cursor.getFirst(key, data, LockMode.DEFAULT);
                } else {
                    key.setData(from);
                    status = cursor.getSearchKeyRange(key, data, LockMode.DEFAULT);
                }
                for (; status == OperationStatus.SUCCESS; status = cursor.getNext(key, data, LockMode.DEFAULT)) {
                    byte[] k = bytes(key);
                    if (to != null && Arrays.compareUnsigned(k, to) >= 0) return;
                    if (!visitor.visit(k, bytes(data))) return;
                }
            }
        }

        /**
         * The bytes of an output entry; JE hands back exact-size arrays, so this copies only in the unexpected case.
         */
        private static byte[] bytes(DatabaseEntry entry) {
            byte[] data = entry.getData();
            if (data == null) return new byte[0];
            if (entry.getOffset() == 0 && entry.getSize() == data.length) return data;
            return Arrays.copyOfRange(data, entry.getOffset(), entry.getOffset() + entry.getSize());
        }

        @Override
        protected void doFlush() {
            env.flushLog(true);
        }

        /**
         * A forced checkpoint, then the cleaner until it finds nothing to clean, then a checkpoint again: the cleaner
         * and checkpointer threads have nothing left to do (Environment.cleanLog's javadoc recommends this loop).
         */
        @Override
        protected void doQuiesce() {
            CheckpointConfig force = new CheckpointConfig().setForce(true);
            env.checkpoint(force);
            while (env.cleanLog() > 0) {
                // each pass cleans the files the last one found; stop when none is left
            }
            env.checkpoint(force);
        }

        @Override
        protected void doClose() {
            try {
                db.close();
            } finally {
                env.close();
            }
        }
    }

    /**
     * One transaction and one cursor for a whole pass, getSearchKey per key, committed at the end: the method of the
     * Xodus "Tokyo Cabinet" comparison's Berkeley DB JE random read
     * (benchmarks/src/test/java/jetbrains/exodus/benchmark/je/JETokyoCabinetLikeBenchmarkTest.java, doReadRandom inside
     * computeInTransaction), instead of a non-transactional get per key.
     */
    private static final class CursorPass extends ReadPass {
        private final Transaction txn;
        private final Cursor cursor;
        private final DatabaseEntry key = new DatabaseEntry();
        private final DatabaseEntry data = new DatabaseEntry();

        CursorPass(KvStore owner, Transaction txn, Cursor cursor) {
            super(owner);
            this.txn = txn;
            this.cursor = cursor;
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            this.key.setData(key);
            if (cursor.getSearchKey(this.key, data, LockMode.DEFAULT) != OperationStatus.SUCCESS) return -1;
            int length = data.getSize();
            System.arraycopy(data.getData(), data.getOffset(), valueOut, 0, Math.min(length, valueOut.length));
            return length;
        }

        @Override
        protected void doClose() {
            try {
                cursor.close();
            } finally {
                txn.commit();
            }
        }
    }

    /**
     * One transaction for a whole pass of puts, committed (with the environment's COMMIT_WRITE_NO_SYNC) at its end: the
     * method of the Xodus "Tokyo Cabinet" comparison for its transactional engines
     * (JMHEnvTokyoCabinetWriteBenchmark.java there writes a pass in one transaction); JE copies each entry into its own
     * log record at put, so the caller's arrays are free as soon as put returns.
     */
    private static final class TransactionPass extends WritePass {
        private final Transaction txn;
        private final Database db;
        private final DatabaseEntry key = new DatabaseEntry();
        private final DatabaseEntry data = new DatabaseEntry();

        TransactionPass(KvStore owner, Transaction txn, Database db) {
            super(owner);
            this.txn = txn;
            this.db = db;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            this.key.setData(key);
            data.setData(value);
            db.put(txn, this.key, data);
        }

        @Override
        protected void doCommit() {
            txn.commit();
        }

        @Override
        protected void doAbort() {
            txn.abort();
        }
    }

    /** Transactions the store's environment has begun (JE's own statistic), for the access-pattern tests. */
    static long transactionsBegun(KvStore store) {
        return ((Store) store).env.getTransactionStats(null).getNBegins();
    }
}
