package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
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
import jetbrains.exodus.ArrayByteIterable;
import jetbrains.exodus.ByteIterable;
import jetbrains.exodus.env.Cursor;
import jetbrains.exodus.env.Environment;
import jetbrains.exodus.env.EnvironmentConfig;
import jetbrains.exodus.env.EnvironmentImpl;
import jetbrains.exodus.env.Environments;
import jetbrains.exodus.env.Store;
import jetbrains.exodus.env.StoreConfig;
import jetbrains.exodus.env.Transaction;

/**
 * JetBrains Xodus environment (default EnvironmentConfig) with one store, in two flavours that share this adapter:
 * {@link BTree} ({@code xodus-btree}, StoreConfig.WITHOUT_DUPLICATES) and {@link Patricia} ({@code xodus-patricia},
 * StoreConfig.WITHOUT_DUPLICATES_WITH_PREFIXING). Each put or delete is its own exclusive transaction; each get and
 * scan runs in a read-only transaction.
 */
public abstract sealed class XodusEngine implements KvEngine permits XodusEngine.BTree, XodusEngine.Patricia {

    /**
     * {@code xodus-btree}: a B+tree store, "preferable for sequential access in order of keys" (StoreConfig javadoc).
     */
    public static final class BTree extends XodusEngine {
        public BTree() {
            super("xodus-btree", StoreConfig.WITHOUT_DUPLICATES);
        }
    }

    /** {@code xodus-patricia}: a Patricia trie store, "better random key access" (StoreConfig javadoc). */
    public static final class Patricia extends XodusEngine {
        public Patricia() {
            super("xodus-patricia", StoreConfig.WITHOUT_DUPLICATES_WITH_PREFIXING);
        }
    }

    /**
     * Every tree node is one log record ("loggable"), and Log.write refuses a record longer than one log file
     * (TooBigLoggableException; exodus.log.fileSize, default 8192 KiB = 8,388,608 bytes). A leaf record holds the whole
     * key and value plus a few header bytes; a Patricia node also holds up to 256 child references (about 2.3 KiB). The
     * adapter splits that room as 64 KiB for keys and 8 MiB - 64 KiB - 4 KiB for values. Measured on 2.0.1: one key and
     * value at exactly these bounds, with 256 sibling keys under the same prefix, store and read back in both flavours;
     * the value bound alone could go to 8,388,600 (BTree) and 8,388,595 (Patricia) bytes with a 1-byte key.
     */
    private static final int MAX_KEY_BYTES = 64 << 10;
    private static final int MAX_VALUE_BYTES = (8 << 20) - MAX_KEY_BYTES - (4 << 10);

    private final String id;
    private final StoreConfig storeConfig;
    private final Capabilities capabilities;

    private XodusEngine(String id, StoreConfig storeConfig) {
        this.id = id;
        this.storeConfig = storeConfig;
        this.capabilities = Capabilities.builder()
                // ByteIterableUtil.compare: (b & 0xff) byte by byte, then length; unsigned lexicographic for both tree
                // types (openAPI/src/main/java/jetbrains/exodus/util/ByteIterableUtil.java, tag v2.0.1).
                .orderedWithRangeScans()
                // An Environment and its Stores are shared by threads; each thread works in its own transaction
                // (https://github.com/JetBrains/xodus/wiki/Environments). Read-only transactions take no write permit.
                .threadSafe()
                .maxKeyBytes(MAX_KEY_BYTES)
                .maxValueBytes(MAX_VALUE_BYTES)
                // EnvironmentImpl.flushTransaction writes each commit to the log file (BufferedDataWriter.flush ->
                // FileDataWriter, i.e. write(2)) before commit() returns, so it survives a process kill. fsync happens
                // only with exodus.log.durableWrite=true (default false), when a log file is full, at most every
                // exodus.log.syncPeriod (10 s) on a later commit, and in flush() = EnvironmentImpl.flushAndSync().
                // The log is append-only and recovery restores the last complete root: a prefix of the history.
                .durability(EVERY_WRITE, AFTER_FLUSH, true,
                        "default EnvironmentConfig (exodus.log.durableWrite=false, syncPeriod 10 s); one exclusive "
                                + "transaction per put/delete; flush() = EnvironmentImpl.flushAndSync()",
                        "EnvironmentConfig javadoc LOG_DURABLE_WRITE and LOG_SYNC_PERIOD; "
                                + "environment/src/main/java/jetbrains/exodus/env/"
                                + "EnvironmentImpl.java#flushTransaction and "
                                + "environment/src/main/kotlin/jetbrains/exodus/log/Log.kt#flush (tag v2.0.1)")
                .settings("write(2) per commit, fsync at most every 10 s and at flush()",
                        "log cache 50% of the heap (default)", "none")
                // Declared EVERY_READ at first, from the page hashes of the newest Xodus sources; the 2.0.1 jar (2022)
                // has none, and kvbench crash --fault bit-flip --seed 3203500682894 --cycles 1 read a flipped value
                // back as data (bit 6 of byte 57903 of 00000000000.xd, key 1979).
                .checksums(Durability.Coverage.NONE, "xodus-environment 2.0.1: a loggable is its type, structure id, "
                        + "length and data, without a checksum (jetbrains.exodus.log.LoggableIterator); page hashes "
                        + "(BufferedDataWriter.HASH_CODE_SIZE) came in a later release")
                .notes("Default EnvironmentConfig: background log GC on, shared log cache sized to 50% of the heap "
                        + "(exodus.memoryUsagePercentage), log files of 8 MiB. Writes use exclusive transactions "
                        + "(beginExclusiveTransaction), which serialize writers instead of letting concurrent "
                        + "single-op transactions fail at commit and retry. Key bound 64 KiB, value bound 8,318,976 "
                        + "bytes: both must fit one log file, see XodusEngine.MAX_KEY_BYTES.")
                .build();
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String version() {
        return LibraryVersion.of(Environment.class, "org.jetbrains.xodus", "xodus-environment");
    }

    @Override
    public final List<String> artifacts() {
        return List.of("org.jetbrains.xodus:xodus-environment", "org.jetbrains.xodus:xodus-openAPI");
    }

    @Override
    public final Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public final KvStore openStore(Path dir, StoreOptions options) {
        Environment env = Environments.newInstance(dir.toFile(), new EnvironmentConfig());
        try {
            if (!(env instanceof EnvironmentImpl impl)) {
                throw new KvException(id, "unexpected Environment class " + env.getClass().getName()
                        + ": flush() needs EnvironmentImpl.flushAndSync()");
            }
            Store store = env.computeInTransaction(txn -> env.openStore("kv", storeConfig, txn));
            return new XodusStore(this, impl, store);
        } catch (RuntimeException e) {
            env.close();
            if (e instanceof KvException) throw e;
            throw new KvException(id, "cannot open store in " + dir, e);
        }
    }

    private static final class XodusStore extends KvStore {
        private final EnvironmentImpl env;
        private final Store store;

        XodusStore(KvEngine engine, EnvironmentImpl env, Store store) {
            super(engine);
            this.env = env;
            this.store = store;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            ArrayByteIterable k = new ArrayByteIterable(key);
            ArrayByteIterable v = new ArrayByteIterable(value);
            Transaction txn = env.beginExclusiveTransaction();
            try {
                // An exclusive transaction holds every write permit, so commit() cannot lose to another writer; the
                // loop is Environment.executeInExclusiveTransaction's, without the lambda.
                do {
                    store.put(txn, k, v);
                    if (txn.commit()) return;
                    txn.revert();
                } while (true);
            } finally {
                if (!txn.isFinished()) txn.abort();
            }
        }

        @Override
        protected void doDelete(byte[] key) {
            ArrayByteIterable k = new ArrayByteIterable(key);
            Transaction txn = env.beginExclusiveTransaction();
            try {
                do {
                    store.delete(txn, k);
                    if (txn.commit()) return;
                    txn.revert();
                } while (true);
            } finally {
                if (!txn.isFinished()) txn.abort();
            }
        }

        @Override
        protected byte[] doGet(byte[] key) {
            Transaction txn = env.beginReadonlyTransaction();
            try {
                ByteIterable value = store.get(txn, new ArrayByteIterable(key));
                return value == null ? null : copy(value);
            } finally {
                txn.abort();
            }
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            Transaction txn = env.beginReadonlyTransaction();
            try {
                ByteIterable value = store.get(txn, new ArrayByteIterable(key));
                if (value == null) return -1;
                int length = value.getLength();
                System.arraycopy(value.getBytesUnsafe(), 0, valueOut, 0, Math.min(length, valueOut.length));
                return length;
            } finally {
                txn.abort();
            }
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) {
            if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) return;
            Transaction txn = env.beginReadonlyTransaction();
            try (Cursor cursor = store.openCursor(txn)) {
                boolean positioned = from == null
                        ? cursor.getNext()
                        : cursor.getSearchKeyRange(new ArrayByteIterable(from)) != null;
                for (; positioned; positioned = cursor.getNext()) {
                    ByteIterable key = cursor.getKey();
                    if (to != null && Arrays.compareUnsigned(key.getBytesUnsafe(), 0, key.getLength(),
                            to, 0, to.length) >= 0) {
                        return;
                    }
                    if (!visitor.visit(copy(key), copy(cursor.getValue()))) return;
                }
            } finally {
                txn.abort();
            }
        }

        /** getBytesUnsafe() may be longer than the content and may be shared with Xodus: the caller gets a copy. */
        private static byte[] copy(ByteIterable bytes) {
            return Arrays.copyOf(bytes.getBytesUnsafe(), bytes.getLength());
        }

        @Override
        protected ReadPass doOpenReadPass() {
            return new CursorPass(this, env.beginReadonlyTransaction(), store);
        }

        @Override
        protected WritePass doOpenWritePass() {
            return new TransactionPass(this, env.beginExclusiveTransaction(), store);
        }

        @Override
        protected void doFlush() {
            // Commits already reached the OS; this fsyncs the current log file under the commit lock.
            env.flushAndSync();
        }

        /**
         * Cleans the whole log now, file by file until the file count stops falling, instead of leaving it to the
         * background GC: that one starts 10 s after the environment opens (exodus.gc.startIn) and cleans while
         * free space exceeds 50 % (exodus.gc.minUtilization), which after a load of single-put transactions is most of
         * the log, so it would run during the measurement. GarbageCollector.cleanEntireLog runs on the cleaner's own
         * thread and returns when done (environment/src/main/kotlin/jetbrains/exodus/gc/CleanEntireLogJob.kt, tag
         * v2.0.1); Xodus marks it "for tests only", which a benchmark's setup is.
         */
        @Override
        protected void doQuiesce() {
            doFlush();
            env.getGC().cleanEntireLog();
        }

        @Override
        protected void doClose() {
            env.close(); // finishes the background GC, then syncs and closes the log
        }
    }

    /**
     * One read-only transaction and one cursor for a whole pass, getSearchKey per key: the method of the Xodus
     * "Tokyo Cabinet" random read
     * (benchmarks/src/jmh/java/jetbrains/exodus/benchmark/env/JMHEnvTokyoCabinetReadBenchmark.java, randomRead),
     * instead of a transaction per get.
     */
    private static final class CursorPass extends ReadPass {
        private final Transaction txn;
        private final Cursor cursor;

        CursorPass(KvStore owner, Transaction txn, Store store) {
            super(owner);
            this.txn = txn;
            try {
                this.cursor = store.openCursor(txn);
            } catch (RuntimeException e) {
                txn.abort();
                throw e;
            }
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            ByteIterable value = cursor.getSearchKey(new ArrayByteIterable(key));
            if (value == null) return -1;
            int length = value.getLength();
            System.arraycopy(value.getBytesUnsafe(), 0, valueOut, 0, Math.min(length, valueOut.length));
            return length;
        }

        @Override
        protected void doClose() {
            try {
                cursor.close();
            } finally {
                txn.abort();
            }
        }
    }

    /**
     * One exclusive transaction for a whole pass of puts, committed at its end: the method of the Xodus "Tokyo Cabinet"
     * writes (benchmarks/src/jmh/java/jetbrains/exodus/benchmark/env/JMHEnvTokyoCabinetWriteBenchmark.java,
     * randomWrite, and writeSuccessiveKeys in JMHEnvTokyoCabinetBenchmarkBase.java: every key added in one
     * executeInTransaction). Exclusive, as the adapter's single puts are: it holds every write permit, so the commit
     * cannot lose to another writer. Keys and values are copied: the transaction's mutable tree keeps them until
     * commit, and the caller may reuse its arrays as soon as put returns.
     */
    private static final class TransactionPass extends WritePass {
        private final Transaction txn;
        private final Store store;

        TransactionPass(KvStore owner, Transaction txn, Store store) {
            super(owner);
            this.txn = txn;
            this.store = store;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            store.put(txn, new ArrayByteIterable(key.clone()), new ArrayByteIterable(value.clone()));
        }

        @Override
        protected void doCommit() {
            try {
                if (!txn.commit()) throw new IllegalStateException("the exclusive write transaction did not commit");
            } finally {
                if (!txn.isFinished()) txn.abort();
            }
        }

        @Override
        protected void doAbort() {
            if (!txn.isFinished()) txn.abort();
        }
    }

    /**
     * Transactions the store's environment has begun, read-only or not (Xodus's own statistic), for the access-pattern
     * tests.
     */
    static long transactions(KvStore store) {
        return ((XodusStore) store).env.getStatistics()
                .getStatisticsItem(jetbrains.exodus.env.EnvironmentStatistics.Type.TRANSACTIONS).getTotal();
    }

    /**
     * Read-only transactions the store's environment has begun (Xodus's own statistic), for the access-pattern tests.
     */
    static long readonlyTransactions(KvStore store) {
        return ((XodusStore) store).env.getStatistics()
                .getStatisticsItem(jetbrains.exodus.env.EnvironmentStatistics.Type.READONLY_TRANSACTIONS).getTotal();
    }
}
