package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;
import static io.kvbench.engine.Durability.Guarantee.NONE;

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
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.GetOp;
import org.lmdbjava.Meta;
import org.lmdbjava.Txn;

/**
 * LMDB through lmdbjava (JNR binding to the bundled native liblmdb), one environment and one unnamed database per
 * store, opened with {@code MDB_NOSYNC | MDB_NOTLS}.
 *
 * <p>Threading: LMDB serialises write transactions itself (a writer mutex in the lock file), so writes from many
 * threads need no Java lock: each put/delete is one short write transaction. Reads use a per-thread read-only
 * transaction that is kept in the reset state between calls and renewed for each get ({@code mdb_txn_renew} is cheap
 * and allocates nothing); {@code MDB_NOTLS} ties reader slots to transaction objects instead of threads, which is what
 * allows a thread to hold its parked read transaction while it also writes.
 *
 * <p>Range scans position a cursor with {@code MDB_SET_RANGE} (LMDB's own memcmp order, i.e. unsigned) and compare the
 * upper bound in Java with {@link Arrays#compareUnsigned}. lmdbjava's {@code CursorIterable}/{@code KeyRange} is not
 * used: in 0.9.3 its default Java-side comparator for ByteBuffer bounds is signed ({@code ByteBuffer.compareTo}) unless
 * the Dbi is opened with the Java-only flag {@code MDB_UNSIGNEDKEY}, so bounds at 0x80..0xFF go wrong
 * (https://github.com/lmdbjava/lmdbjava/issues/249; see LmdbKnownIssueTest).
 */
public final class LmdbEngine implements KvEngine {

    /** LMDB's compiled default MDB_MAXKEYSIZE (liblmdb mdb.c; lmdbjava native 0.9.33 is built with it). */
    static final int MAX_KEY_BYTES = 511;

    /**
     * Map size floor. The map is only address space: on Linux without MDB_WRITEMAP the data file grows with the pages
     * actually written (it is not pre-sized), so a large floor costs nothing on disk. 64 GiB lets one value of the
     * largest size a Java array can hold (2 GiB) fit, which is what {@link #CAPABILITIES} declares.
     */
    static final long MAP_SIZE_FLOOR = 64L << 30;
    /**
     * Upper bound for the derived map size, well inside the 128 TiB of user address space of x86-64 / aarch64 Linux.
     */
    static final long MAP_SIZE_CAP = 4L << 40;
    /**
     * Reader slots (default 126). Each thread that reads a store holds up to two parked read transactions (gets and
     * scans), so the default would cap a store at ~63 reading threads; slots of dead threads are released when a new
     * thread registers. 1024 slots cost 64 KiB of lock file.
     */
    static final int MAX_READERS = 1024;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // Default LMDB comparator: memcmp, then shorter key first, i.e. unsigned lexicographic order
            // (http://www.lmdb.tech/doc/group__mdb.html#ga68e47ffcf72eceec553c72b1784ee0fe, mdb_cmp_memn in mdb.c).
            .orderedWithRangeScans()
            // One write txn at a time (LMDB's writer mutex) and any number of readers; MDB_NOTLS read txns
            // (http://www.lmdb.tech/doc/group__mdb.html#ga32a193c6bf4d7d5c5d579e71f22e9340, mdb_env_open flags).
            .threadSafe()
            // MDB_MAXKEYSIZE = 511 in the native build lmdbjava ships (checked against Env.getMaxKeySize() at open).
            .maxKeyBytes(MAX_KEY_BYTES)
            // LMDB values are limited by the map only ("up to 0xffffffff" and overflow pages); the binding passes them
            // as Java arrays, and the map floor (64 GiB) holds the largest one.
            .maxValueBytes(Integer.MAX_VALUE - 8)
            // Each commit writes its pages and then the meta page with pwrite() before it returns, so an acknowledged
            // write is in the OS page cache and survives a process kill; a killed commit leaves the previous meta page,
            // so recovery is the last committed transaction (a prefix: writes are serialised). With MDB_NOSYNC
            // nothing is fsync'd on commit: the LMDB docs say "a system crash can corrupt the database or lose the last
            // transactions" unless the filesystem preserves write order, because pages freed after the last sync can be
            // reused in place; flush() = mdb_env_sync(force) makes everything committed so far durable, but a power cut
            // during later unsynced writes may still leave the file unusable, hence NONE.
            .durability(EVERY_WRITE, NONE, true, "MDB_NOSYNC (no fsync per commit); flush() = mdb_env_sync(force=1)",
                    "http://www.lmdb.tech/doc/group__mdb.html#ga32a193c6bf4d7d5c5d579e71f22e9340 (mdb_env_open: "
                            + "MDB_NOSYNC)")
            .settings("no fsync per commit (MDB_NOSYNC)",
                    "no cache of its own: the mmap'd file (OS page cache)", "none")
            .checksums(Durability.Coverage.NONE, "LMDB 0.9 stores no checksum in its pages (struct MDB_page and the "
                    + "meta page in libraries/liblmdb/mdb.c, LMDB_0.9.33)")
            .notes("MDB_NOSYNC|MDB_NOTLS; map size = max(64 GiB, 4 x entries x (key + value + 64)) (sparse, address "
                    + "space only; a store that outgrows it fails with MDB_MAP_FULL); maxReaders 1024 (default 126) "
                    + "because each reading thread parks up to two read txns; one write txn per put/delete (LMDB's "
                    + "writer mutex serialises writers); values are written in place with MDB_RESERVE; native liblmdb "
                    + "0.9.33 (org.lmdbjava:native 0.9.33-5). Power cut: see durability (corruption possible with "
                    + "NOSYNC). close() must not race with operations on other threads.")
            .build();

    @Override
    public String id() {
        return "lmdb";
    }

    @Override
    public String version() {
        return LibraryVersion.of(Env.class, "org.lmdbjava", "lmdbjava");
    }

    @Override
    public List<String> artifacts() {
        return List.of("org.lmdbjava:lmdbjava");
    }

    /** The liblmdb lmdbjava loaded (mdb_version), which is not lmdbjava's own version. */
    @Override
    public String nativeVersion() {
        Meta.Version v = Meta.version();
        return "LMDB " + v.major + "." + v.minor + "." + v.patch;
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    /** Map size for these options: 4x the raw data (B-tree fill, copy-on-write, free pages), at least the floor. */
    static long mapSize(StoreOptions options) {
        double raw = (double) options.expectedEntries()
                * (options.averageKeyBytes() + options.averageValueBytes() + 64.0);
        double wanted = Math.max(MAP_SIZE_FLOOR, Math.min(MAP_SIZE_CAP, 4.0 * raw));
        long pages = (long) Math.ceil(wanted / 4096.0);
        return pages * 4096L;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        Env<ByteBuffer> env;
        try {
            env = Env.create()
                    .setMapSize(mapSize(options))
                    .setMaxDbs(1)
                    .setMaxReaders(MAX_READERS)
                    .open(dir.toFile(), EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOTLS);
        } catch (RuntimeException e) {
            throw new KvException(id(), "cannot open LMDB environment in " + dir, e);
        }
        try {
            if (env.getMaxKeySize() < MAX_KEY_BYTES) {
                throw new KvException(id(), "native LMDB was built with MDB_MAXKEYSIZE " + env.getMaxKeySize()
                        + ", this adapter declares " + MAX_KEY_BYTES);
            }
            // The unnamed (main) database; no Java comparator flags: ordering and bounds are LMDB's and the adapter's.
            Dbi<ByteBuffer> dbi = env.openDbi((String) null, DbiFlags.MDB_CREATE);
            return new Store(this, env, dbi);
        } catch (RuntimeException e) {
            env.close();
            throw e instanceof KvException ? e : new KvException(id(), "cannot open LMDB database in " + dir, e);
        }
    }

    /** Per-thread state of one store: key buffers and parked (reset) read transactions. */
    private static final class Local {
        final Thread owner = Thread.currentThread();
        final ByteBuffer key = ByteBuffer.allocateDirect(MAX_KEY_BYTES);
        final ByteBuffer bound = ByteBuffer.allocateDirect(MAX_KEY_BYTES);
        /** Read txn for gets; always in the reset state outside a call. */
        final Txn<ByteBuffer> readTxn;
        /** Read txn and cursor for scans, created on the first scan; reset outside a scan. */
        Txn<ByteBuffer> scanTxn;
        Cursor<ByteBuffer> scanCursor;
        boolean scanning;

        Local(Env<ByteBuffer> env) {
            readTxn = env.txnRead();
            readTxn.reset();
        }

        /** Releases the transactions (reader slots). Only when the owner is dead or the store is closing. */
        void release() {
            if (scanCursor != null) scanCursor.close();
            closeParked(scanTxn);
            closeParked(readTxn);
        }

        private static void closeParked(Txn<ByteBuffer> txn) {
            if (txn == null) return;
            // lmdbjava's close() only aborts a READY txn; a reset one would keep its MDB_txn allocated.
            try {
                txn.renew();
            } catch (RuntimeException notReset) {
                // already READY (or released): close() below aborts or ignores it
            }
            txn.close();
        }
    }

    private static final class Store extends KvStore {
        private final Env<ByteBuffer> env;
        private final Dbi<ByteBuffer> dbi;
        private final List<Local> registry = new ArrayList<>();
        private final ThreadLocal<Local> locals = ThreadLocal.withInitial(this::register);

        Store(KvEngine engine, Env<ByteBuffer> env, Dbi<ByteBuffer> dbi) {
            super(engine);
            this.env = env;
            this.dbi = dbi;
        }

        private Local register() {
            Local local = new Local(env);
            synchronized (registry) {
                // Reader slots of threads that died are released here, once per new thread (MDB_NOTLS allows a
                // read txn to be closed by another thread when its user is gone).
                for (Iterator<Local> it = registry.iterator(); it.hasNext(); ) {
                    Local other = it.next();
                    if (!other.owner.isAlive()) {
                        other.release();
                        it.remove();
                    }
                }
                registry.add(local);
            }
            return local;
        }

        private static ByteBuffer fill(ByteBuffer buffer, byte[] bytes) {
            buffer.clear();
            buffer.put(bytes).flip();
            return buffer;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            ByteBuffer k = fill(locals.get().key, key);
            try (Txn<ByteBuffer> txn = env.txnWrite()) {
                // MDB_RESERVE: LMDB returns the value's place in the (dirty) page; the value is copied there directly.
                dbi.reserve(txn, k, value.length).put(value);
                txn.commit();
            }
        }

        @Override
        protected byte[] doGet(byte[] key) {
            Local local = locals.get();
            ByteBuffer k = fill(local.key, key);
            Txn<ByteBuffer> txn = local.readTxn;
            txn.renew();
            try {
                ByteBuffer v = dbi.get(txn, k);
                if (v == null) return null;
                byte[] value = new byte[v.remaining()];
                v.get(value);
                return value;
            } finally {
                txn.reset();
            }
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            Local local = locals.get();
            ByteBuffer k = fill(local.key, key);
            Txn<ByteBuffer> txn = local.readTxn;
            txn.renew();
            try {
                ByteBuffer v = dbi.get(txn, k);
                if (v == null) return -1;
                int length = v.remaining();
                v.get(valueOut, 0, Math.min(length, valueOut.length));
                return length;
            } finally {
                txn.reset();
            }
        }

        @Override
        protected ReadPass doOpenReadPass() {
            Txn<ByteBuffer> txn = env.txnRead();
            try {
                return new LmdbPasses.CursorPass(this, txn, dbi.openCursor(txn));
            } catch (RuntimeException e) {
                txn.close();
                throw e;
            }
        }

        @Override
        protected WritePass doOpenWritePass() {
            return new LmdbPasses.TransactionPass(this, env.txnWrite(), dbi);
        }

        @Override
        protected void doDelete(byte[] key) {
            ByteBuffer k = fill(locals.get().key, key);
            try (Txn<ByteBuffer> txn = env.txnWrite()) {
                if (dbi.delete(txn, k)) txn.commit(); // absent key: close() aborts the empty txn
            }
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) {
            Local local = locals.get();
            if (local.scanning) { // a scan started from inside a visitor: use its own txn and cursor
                try (Txn<ByteBuffer> txn = env.txnRead(); Cursor<ByteBuffer> cursor = dbi.openCursor(txn)) {
                    scan(cursor, ByteBuffer.allocateDirect(MAX_KEY_BYTES), from, to, visitor);
                }
                return;
            }
            local.scanning = true;
            try {
                if (local.scanTxn == null) {
                    local.scanTxn = env.txnRead();
                    local.scanCursor = dbi.openCursor(local.scanTxn);
                } else {
                    local.scanTxn.renew();
                    local.scanCursor.renew(local.scanTxn);
                }
                try {
                    scan(local.scanCursor, local.bound, from, to, visitor);
                } finally {
                    local.scanTxn.reset();
                }
            } finally {
                local.scanning = false;
            }
        }

        private static void scan(Cursor<ByteBuffer> cursor, ByteBuffer boundBuffer, byte[] from, byte[] to,
                                 EntryVisitor visitor) {
            boolean found;
            if (from == null || from.length == 0) {
                found = cursor.first();
            } else {
                // MDB_SET_RANGE: first key >= bound in LMDB's order. A bound longer than any key is cut to the key
                // limit; keys below the real bound are then skipped by the Java check below.
                boundBuffer.clear();
                boundBuffer.put(from, 0, Math.min(from.length, MAX_KEY_BYTES)).flip();
                found = cursor.get(boundBuffer, GetOp.MDB_SET_RANGE);
            }
            for (; found; found = cursor.next()) {
                ByteBuffer k = cursor.key();
                byte[] key = new byte[k.remaining()];
                k.get(key);
                if (from != null && from.length > MAX_KEY_BYTES && Arrays.compareUnsigned(key, from) < 0) continue;
                if (to != null && Arrays.compareUnsigned(key, to) >= 0) return;
                ByteBuffer v = cursor.val();
                byte[] value = new byte[v.remaining()];
                v.get(value);
                if (!visitor.visit(key, value)) return;
            }
        }

        @Override
        protected void doFlush() {
            env.sync(true);
        }

        @Override
        protected void doClose() {
            synchronized (registry) {
                for (Local local : registry) local.release();
                registry.clear();
            }
            env.close(); // mdb_env_close; with MDB_NOSYNC it does not sync: committed data is in the page cache
        }
    }
}
