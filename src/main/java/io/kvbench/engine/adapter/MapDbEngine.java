package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Coverage.PARTIAL;
import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.mapdb.BTreeMap;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.Serializer;

/**
 * MapDB 3 BTreeMap&lt;byte[], byte[]&gt; in one file, with the write-ahead log on (transactionEnable) and memory-mapped
 * files. Writes become durable at {@link KvStore#flush()} (= {@code DB.commit()}) and at close.
 */
public final class MapDbEngine implements KvEngine {

    /** Keys: an adapter bound (MapDB itself has none), kept small so that it does not eat into the value bound. */
    private static final int MAX_KEY_BYTES = 64 << 10;

    /**
     * Values are stored inside the BTree leaf nodes (MapDB's default, valueInline). A stored node holds at most 31
     * entries (BTreeMap.put2 splits once a node reaches maxNodeSize = 32 keys, CC.BTREEMAP_MAX_NODE_SIZE) and is
     * serialized into one DataOutput2 buffer, which grows to the next power of two and so cannot pass 2^30 bytes
     * (DataOutput2.grow: DataIO.nextPowTwo overflows beyond that). 31 x (32 MiB value + 64 KiB key + varint headers)
     * stays under 1 GiB; 33 MiB would not, so 32 MiB is the largest round bound that holds for a leaf full of maximal
     * entries.
     */
    private static final int MAX_VALUE_BYTES = 32 << 20;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // Serializer.BYTE_ARRAY compares bytes as (b & 0xFF), then by length: unsigned lexicographic
            // (org.mapdb.serializer.SerializerByteArray#compare, tag mapdb-3.1.0).
            .orderedWithRangeScans()
            // BTreeMap javadoc: "Insertion, removal, update, and access operations safely execute concurrently by
            // multiple threads" (B-link tree, lock-free reads); DBMaker's stores are thread-safe unless
            // concurrencyDisable() is called.
            .threadSafe()
            .maxKeyBytes(MAX_KEY_BYTES)
            .maxValueBytes(MAX_VALUE_BYTES)
            // With transactions on, uncommitted changes live in the WAL files and are discarded on reopen; commit()
            // syncs the WAL, copies it into the main file and syncs that (StoreWAL.commit, WriteAheadLog.commit). A
            // kill or a power cut keeps exactly the state of the last commit: a prefix of the history.
            .durability(AFTER_FLUSH, AFTER_FLUSH, true,
                    "transactionEnable() (WAL) + fileMmapEnableIfSupported(); flush() and close() = DB.commit() "
                            + "(fsync)",
                    "http://www.mapdb.org/book/performance/ (Transactions and crash protection); "
                            + "org.mapdb.StoreWAL#commit and #close (mapdb-3.1.0: close discards uncommitted changes)")
            .settings("write-ahead log, fsync only at commit = flush()/close()",
                    "mmap'd files (OS page cache), no instance cache", "none")
            .checksums(PARTIAL, "mapdb 3.1.0: DBMaker.Maker#checksumStoreEnable is off (the adapter leaves it off), so "
                    + "records are read unchecked; index pointers carry parity bits "
                    + "(DBException.PointerChecksumBroken), the store header and write-ahead-log records a checksum "
                    + "(org.mapdb.StoreDirect, WriteAheadLog)")
            .notes("Default BTreeMap layout (values inside nodes, maxNodeSize 32). Memory-mapped files "
                    + "(fileMmapEnableIfSupported, faster than the default RandomAccessFile with the WAL on) with "
                    + "cleanerHackEnable so that close() unmaps at once rather than at some later GC "
                    + "(stores are opened and deleted many times in a run). Without transactionEnable a killed MapDB "
                    + "file is refused on reopen (header checksum), so the WAL is on. Uncommitted changes accumulate "
                    + "in the WAL files until flush(): each put appends its whole rewritten leaf node, so a long run "
                    + "without flush() needs disk space in proportion to its puts and makes that flush() slower; "
                    + "committing more often instead makes every put slower. "
                    + "Deletes do not shrink nodes (BTreeMap javadoc). "
                    + "Value bound 32 MiB, key bound 64 KiB: see MapDbEngine.MAX_VALUE_BYTES.")
            .build();

    @Override
    public String id() {
        return "mapdb";
    }

    @Override
    public String version() {
        return LibraryVersion.of(DB.class, "org.mapdb", "mapdb");
    }

    @Override
    public List<String> artifacts() {
        return List.of("org.mapdb:mapdb");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        DB db = DBMaker.fileDB(dir.resolve("mapdb.db").toFile())
                .transactionEnable()
                .fileMmapEnableIfSupported()
                .cleanerHackEnable()
                .make();
        try {
            BTreeMap<byte[], byte[]> map = db.treeMap("kv", Serializer.BYTE_ARRAY, Serializer.BYTE_ARRAY)
                    .createOrOpen();
            db.commit(); // a new map's catalog entry is itself uncommitted until now
            return new Store(this, db, map);
        } catch (RuntimeException e) {
            db.close();
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    private static final class Store extends KvStore {
        private final DB db;
        private final BTreeMap<byte[], byte[]> map;

        Store(KvEngine engine, DB db, BTreeMap<byte[], byte[]> map) {
            super(engine);
            this.db = db;
            this.map = map;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            // put2 serializes the node into the store at once: the caller's arrays are not kept.
            map.put(key, value);
        }

        @Override
        protected byte[] doGet(byte[] key) {
            return map.get(key); // deserialized from the store: a fresh array that the caller owns
        }

        @Override
        protected void doDelete(byte[] key) {
            map.remove(key);
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) {
            if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) return;
            Iterator<Map.Entry<byte[], byte[]>> it = map.entryIterator(from, true, to, false);
            while (it.hasNext()) {
                Map.Entry<byte[], byte[]> e = it.next();
                if (!visitor.visit(e.getKey(), e.getValue())) return;
            }
        }

        @Override
        protected void doFlush() {
            db.commit();
        }

        @Override
        protected void doClose() {
            try {
                db.commit(); // StoreWAL.close() would drop uncommitted changes
            } finally {
                db.close();
            }
        }
    }
}
