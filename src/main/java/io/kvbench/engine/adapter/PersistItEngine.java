package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;

import com.persistit.Configuration;
import com.persistit.Exchange;
import com.persistit.Key;
import com.persistit.Persistit;
import com.persistit.Tree;
import com.persistit.Value;
import com.persistit.Volume;
import com.persistit.VolumeSpecification;
import com.persistit.exception.PersistitException;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Akiban PersistIt: one Persistit instance per store, with its volume, journal and log file in the store directory and
 * one Tree. Operations run outside transactions (Persistit's fastest path: no MVCC versions, no commit records).
 *
 * <p>Keys are stored as one {@link Key#appendByteArray} segment: a type byte (126), the raw bytes with 0x00 and 0x01
 * escaped as (0x01, 0x20) and (0x01, 0x21), then a 0x00 terminator. Persistit compares encoded keys as unsigned bytes,
 * and this encoding keeps unsigned lexicographic order of the raw arrays: the escapes sort below every byte >= 0x02 and
 * in the order of the bytes they stand for, and the terminator sorts a key before its extensions.
 *
 * <p>Durability, from doc/PhysicalStorage.rst ("Recovery", "Flush/Force/Checkpoint"): an update outside a transaction
 * changes a page in the buffer pool; dirty pages reach the journal lazily, and recovery restores the B+Trees only to
 * the last valid checkpoint (every two minutes by default), replaying transactions after it, of which this adapter
 * writes none. So a process kill loses what happened since the last checkpoint, and the recovered state is the state at
 * that checkpoint (a prefix of the history). flush() calls {@link Persistit#checkpoint()}, which writes every page
 * dirtied before a new checkpoint timestamp to the journal, then the checkpoint record, forcing the journal
 * ({@code CheckpointManager.checkpoint}, {@code JournalManager.writeCheckpointToJournal}): writes acknowledged before
 * flush() then survive a kill and a power cut. ({@code Persistit.flush()} and {@code force()} alone would write the
 * pages without a checkpoint that recovery could use.) Transactions with CommitPolicy.SOFT would not give per-write
 * kill durability either: a commit record waits in the journal's in-JVM write buffer (written within ~100 ms).
 */
public final class PersistItEngine implements KvEngine {

    private static final String VOLUME = "kvbench";
    private static final String TREE = "kv";
    private static final int PAGE_SIZE = 16384; // Persistit's recommended page size (doc/PhysicalStorage.rst)
    /**
     * Buffer pool: 4096 pages of 16 KiB = 64 MiB of heap, allocated when the store opens. Persistit's default sizes the
     * pool from the JVM heap; a fixed, explicit size keeps many stores in one test JVM affordable and makes the memory
     * each store holds plain (RocksDB's defaults use a 32 MiB block cache plus 64 MiB memtables).
     */
    private static final int BUFFER_COUNT = 4096;

    /**
     * Encoded keys are at most {@link Key#MAX_KEY_LENGTH} (2047) bytes. A raw key of n bytes encodes to 2 + n + (number
     * of 0x00 and 0x01 bytes), at worst 2 + 2n bytes, so n <= 1022 always fits.
     */
    private static final int MAX_KEY_BYTES = (Key.MAX_KEY_LENGTH - 2) / 2;
    /**
     * A Value holds at most {@link Value#DEFAULT_MAXIMUM_SIZE} (4 MiB) encoded bytes unless raised; a byte array
     * encodes as 2 header bytes plus its content, and values over a page go to a long-record page chain. Engine bug:
     * reading a long record back calls {@code value.ensureFit(size)} while the Value still holds the 120-byte
     * long-record descriptor ({@code LongRecordHelper.fetchLongRecord}), so a value whose encoding is within 120 bytes
     * of the maximum is stored but cannot be read ("Requested size=... exceeds maximum size"). The limit that always
     * reads back is therefore 4 MiB - 2 - 120 bytes (see knownissues/PersistItKnownIssueTest).
     */
    private static final int LONG_RECORD_DESCRIPTOR_BYTES = 120; // com.persistit.Buffer.LONGREC_SIZE (package-private)
    private static final int MAX_VALUE_BYTES = Value.DEFAULT_MAXIMUM_SIZE - 2 - LONG_RECORD_DESCRIPTOR_BYTES;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // Unsigned byte order of the encoded keys, which the byte-array encoding preserves (see class comment).
            .orderedWithRangeScans()
            // Persistit is thread-safe, an Exchange is not (Exchange javadoc): one Exchange per thread, see Store.
            .threadSafe()
            .maxKeyBytes(MAX_KEY_BYTES)
            .maxValueBytes(MAX_VALUE_BYTES)
            .durability(AFTER_FLUSH, AFTER_FLUSH, true,
                    "non-transactional stores; checkpoint every 120 s (default); flush() = Persistit.checkpoint()",
                    "Persistit doc/PhysicalStorage.rst, sections Recovery and Flush/Force/Checkpoint (updates outside a"
                            + " transaction recover to 'some consistent, reasonably recent state', i.e. the last "
                            + "checkpoint); https://github.com/pbeaman/persistit")
            .settings("no fsync per write; checkpoint every 120 s and at flush()",
                    "buffer pool 64 MiB of heap (4096 x 16 KiB)", "none")
            .checksums(Durability.Coverage.NONE, "akiban-persistit 3.3.0: its volume pages and journal records carry "
                    + "no checksum (com.persistit.Buffer, com.persistit.JournalRecord; doc/PhysicalStorage.rst)")
            .notes("Buffer pool fixed at " + BUFFER_COUNT + " x 16 KiB pages = 64 MiB of heap per store; JMX off. Keys "
                    + "are at most " + MAX_KEY_BYTES + " raw bytes (worst case of the escaping encoding within "
                    + "Persistit's 2047-byte key); values at most 4 MiB - 122 bytes (Value.DEFAULT_MAXIMUM_SIZE less "
                    + "the encoding header and the long-record descriptor that a read of a long record needs room for: "
                    + "engine bug). Persistit logs to persistit.log in the store directory, warnings also to stderr.")
            .build();

    @Override
    public String id() {
        return "persistit";
    }

    @Override
    public String version() {
        return LibraryVersion.of(Persistit.class, "com.akiban", "akiban-persistit");
    }

    @Override
    public List<String> artifacts() {
        return List.of("com.akiban:akiban-persistit");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        if (dir.toString().indexOf(',') >= 0) {
            // A volume specification is a comma-separated list that starts with the file's path.
            throw new KvException(id(), "cannot open store: Persistit volume paths cannot contain ',': " + dir);
        }
        Persistit persistit = new Persistit();
        try {
            Configuration config = new Configuration();
            config.getBufferPoolMap().get(PAGE_SIZE).setCount(BUFFER_COUNT);
            // One volume, created on first open: 1 MiB at first, growing 16 MiB at a time, no practical maximum
            // (16 TiB).
            config.setVolumeList(List.of(new VolumeSpecification(dir.resolve(VOLUME) + ",create,pageSize:" + PAGE_SIZE
                    + ",initialPages:64,extensionPages:1024,maximumPages:1000000000")));
            config.setJournalPath(dir.resolve("journal").toString());
            config.setLogFile(dir.resolve("persistit.log").toString());
            config.setTmpVolDir(dir.toString());
            config.setJmxEnabled(false); // no MBeans: several instances share a JVM, and none is managed
            persistit.setConfiguration(config);
            persistit.initialize();
            Volume volume = persistit.getVolume(VOLUME);
            Exchange creator = persistit.getExchange(volume, TREE, true);
            Tree tree = creator.getTree();
            persistit.releaseExchange(creator);
            return new Store(this, persistit, volume, tree);
        } catch (PersistitException | RuntimeException e) {
            try {
                persistit.close(false);
            } catch (PersistitException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    private static final class Store extends KvStore {
        private final Persistit persistit;
        private final Volume volume;
        private final Tree tree;
        /**
         * Exchanges are not thread-safe: each thread gets its own for point operations. The thread-local holds a small
         * slot, emptied on close, so that a thread outliving the store does not keep its Exchange (and through it the
         * 64 MiB buffer pool) reachable.
         */
        private final ThreadLocal<Slot> slots;
        private final Queue<Slot> allSlots = new ConcurrentLinkedQueue<>();

        private static final class Slot {
            Exchange exchange;
        }

        Store(KvEngine engine, Persistit persistit, Volume volume, Tree tree) {
            super(engine);
            this.persistit = persistit;
            this.volume = volume;
            this.tree = tree;
            this.slots = ThreadLocal.withInitial(() -> {
                Slot slot = new Slot();
                allSlots.add(slot);
                return slot;
            });
        }

        private Exchange exchange() throws PersistitException {
            Slot slot = slots.get();
            Exchange exchange = slot.exchange;
            if (exchange == null) {
                exchange = new Exchange(tree);
                slot.exchange = exchange;
            }
            return exchange;
        }

        private Exchange at(byte[] key) throws PersistitException {
            Exchange ex = exchange();
            ex.getKey().clear().appendByteArray(key, 0, key.length);
            return ex;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) throws PersistitException {
            Exchange ex = at(key);
            ex.getValue().putByteArray(value, 0, value.length);
            ex.store();
        }

        @Override
        protected byte[] doGet(byte[] key) throws PersistitException {
            Value value = at(key).fetch().getValue();
            return value.isDefined() ? value.getByteArray() : null;
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) throws PersistitException {
            Value value = at(key).fetch().getValue();
            if (!value.isDefined()) return -1;
            int length = value.getEncodedSize() - 2; // a top-level byte array: 2 header bytes, then the content
            value.getByteArray(valueOut, 0, 0, Math.min(length, valueOut.length));
            return length;
        }

        @Override
        protected void doDelete(byte[] key) throws PersistitException {
            at(key).remove();
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) throws PersistitException {
            // A pooled Exchange of its own: the visitor may call this store (and its thread's Exchange) meanwhile.
            Exchange ex = persistit.getExchange(volume, TREE, false);
            try {
                Key key = ex.getKey();
                boolean found;
                if (from == null) {
                    key.clear().append(Key.BEFORE);
                    found = ex.traverse(Key.GT, true);
                } else {
                    // A bound may be longer than any key: start from its longest prefix that always encodes (it sorts
                    // at or before the bound) and skip the keys below the bound.
                    key.clear().appendByteArray(from, 0, Math.min(from.length, MAX_KEY_BYTES));
                    found = ex.traverse(Key.GTEQ, true);
                }
                boolean skipBelowFrom = from != null && from.length > MAX_KEY_BYTES;
                for (; found; found = ex.traverse(Key.GT, true)) {
                    byte[] k = key.reset().decodeByteArray();
                    if (skipBelowFrom) {
                        if (Arrays.compareUnsigned(k, from) < 0) continue;
                        skipBelowFrom = false;
                    }
                    if (to != null && Arrays.compareUnsigned(k, to) >= 0) return;
                    if (!visitor.visit(k, ex.getValue().getByteArray())) return;
                }
            } finally {
                persistit.releaseExchange(ex);
            }
        }

        @Override
        protected void doFlush() throws PersistitException {
            persistit.checkpoint();
        }

        @Override
        protected void doClose() throws PersistitException {
            for (Slot slot : allSlots) slot.exchange = null;
            allSlots.clear();
            persistit.close(); // writes a final checkpoint
        }
    }
}
