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
import java.util.List;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;

/**
 * H2's MVStore used directly (no SQL, no TransactionStore): one MVMap&lt;byte[], byte[]&gt; in one file, with MVStore's
 * default auto-commit (a background thread persists changes about once a second).
 */
public final class H2MvStoreEngine implements KvEngine {

    /**
     * MVStore has no per-entry limit of its own below Java's array limit, but it serializes all pages changed since the
     * last commit into one ByteBuffer (WriteBuffer.grow caps it at Integer.MAX_VALUE), so the real bound depends on how
     * much is written between auto-commits. The adapter declares the same round bounds as for MapDB (64 KiB keys,
     * 32 MiB values), which leaves room for dozens of maximal writes in one chunk.
     */
    private static final int MAX_KEY_BYTES = 64 << 10;
    private static final int MAX_VALUE_BYTES = 32 << 20;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // ByteArrayDataType.compare is Arrays.compareUnsigned (org/h2/mvstore/type/ByteArrayDataType.java, tag
            // version-2.4.240). The default ObjectDataType would also order byte[] unsigned, but adds a type tag.
            .orderedWithRangeScans()
            // "Concurrent reads and writes are supported" (https://h2database.com/html/mvstore.html, Concurrent
            // Operations and Caching); MVMap updates its root by compare-and-set.
            .threadSafe()
            .maxKeyBytes(MAX_KEY_BYTES)
            .maxValueBytes(MAX_VALUE_BYTES)
            // "Changes are buffered in memory ... automatically written when more than a number of pages are modified,
            // and once every second in a background thread" (mvstore.html, Log Structured Storage), or at commit(). A
            // kill loses what came after the last written chunk (up to a second of writes); the file reopens at the
            // last complete chunk, one consistent version, hence a prefix. There is no fsync per
            // chunk ("no explicit sync operations required to guarantee data consistency"; old chunks are kept 45 s),
            // so only flush() (commit() then sync() = FileChannel.force) bounds what a power cut loses.
            .durability(AFTER_FLUSH, AFTER_FLUSH, true,
                    "MVStore defaults (autoCommitDelay 1000 ms, no fsync per chunk); flush() = commit() + sync()",
                    "https://h2database.com/html/mvstore.html (Log Structured Storage); MVStore#commit and #sync "
                            + "javadoc (h2-mvstore 2.4.240)")
            .settings("background commit about every 1 s (autoCommitDelay), no fsync",
                    "page cache 16 MiB (default)", "none (default)")
            .checksums(PARTIAL, "https://h2database.com/html/mvstore.html#fileFormat: chunk headers and footers carry "
                    + "a Fletcher-32 checksum; a page header carries a check value of its chunk, offset and length "
                    + "only, its keys and values none (org.h2.mvstore.Page#read, h2-mvstore 2.4.240)")
            .notes("MVStore defaults otherwise (16 MiB page cache, no compression, background auto-commit thread). "
                    + "No TransactionStore: single-key operations on an MVMap are atomic on their own. MVMap keeps the "
                    + "arrays it is given and hands out the ones it holds, so the adapter copies keys and values on "
                    + "put and values on get (the buffer form of get copies straight into the caller's buffer). "
                    + "Value bound 32 MiB, key bound 64 KiB: see H2MvStoreEngine.MAX_VALUE_BYTES.")
            .build();

    @Override
    public String id() {
        return "h2-mvstore";
    }

    @Override
    public String version() {
        return LibraryVersion.of(MVStore.class, "com.h2database", "h2-mvstore");
    }

    @Override
    public List<String> artifacts() {
        return List.of("com.h2database:h2-mvstore");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        MVStore store = new MVStore.Builder().fileName(dir.resolve("store.mv.db").toString()).open();
        try {
            MVMap<byte[], byte[]> map = store.openMap("kv", new MVMap.Builder<byte[], byte[]>()
                    .keyType(ByteArrayDataType.INSTANCE)
                    .valueType(ByteArrayDataType.INSTANCE));
            return new Store(this, store, map);
        } catch (RuntimeException e) {
            store.closeImmediately();
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    private static final class Store extends KvStore {
        private static final int COMPACTION_TIME_BOUND_MILLIS = 10 * 60 * 1000;

        private final MVStore store;
        private final MVMap<byte[], byte[]> map;

        Store(KvEngine engine, MVStore store, MVMap<byte[], byte[]> map) {
            super(engine);
            this.store = store;
            this.map = map;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            // MVMap stores these very arrays in its in-memory pages; the caller may reuse its own after the call.
            map.put(key.clone(), value.clone());
        }

        @Override
        protected byte[] doGet(byte[] key) {
            byte[] value = map.get(key);
            return value == null ? null : value.clone(); // the map's own array must not reach the caller
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            byte[] value = map.get(key);
            if (value == null) return -1;
            System.arraycopy(value, 0, valueOut, 0, Math.min(value.length, valueOut.length));
            return value.length;
        }

        @Override
        protected void doDelete(byte[] key) {
            map.remove(key);
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) {
            if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) return;
            // The cursor's own upper bound is inclusive; the exclusive bound is checked here.
            Cursor<byte[], byte[]> cursor = map.cursor(from);
            while (cursor.hasNext()) {
                byte[] key = cursor.next();
                if (to != null && Arrays.compareUnsigned(key, to) >= 0) return;
                if (!visitor.visit(key.clone(), cursor.getValue().clone())) return;
            }
        }

        @Override
        protected void doFlush() {
            store.commit();
            store.sync();
        }

        /**
         * Commits, then rewrites chunks until the fill rate reaches the store's auto-compact fill rate (the
         * housekeeping thread's own threshold), so that the housekeeping thread finds nothing to compact during the
         * measurement: MVStore#compactFile -> RandomAccessStore#compactStore loops compact + compactMoveChunks until
         * compact() rewrites nothing (h2/src/main/org/h2/mvstore/RandomAccessStore.java, tag version-2.4.240). The time
         * bound is one no healthy compaction of a benchmark store comes near.
         */
        @Override
        protected void doQuiesce() {
            store.commit();
            store.compactFile(COMPACTION_TIME_BOUND_MILLIS);
        }

        @Override
        protected void doClose() {
            store.close(); // commits pending changes, stops the background thread, closes the file
        }
    }
}
