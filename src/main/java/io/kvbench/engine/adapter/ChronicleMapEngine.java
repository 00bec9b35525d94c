package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Coverage.PARTIAL;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;
import static io.kvbench.engine.Durability.Guarantee.NONE;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import net.openhft.chronicle.hash.Data;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import net.openhft.chronicle.map.ExternalMapQueryContext;
import net.openhft.chronicle.map.MapEntry;

/**
 * Chronicle Map (OpenHFT): an off-heap hash map persisted to a memory-mapped file ({@code chronicle.map} in the store
 * directory), sized up front from {@link StoreOptions}.
 *
 * <p>Recovery: a persisted map that a process left without closing it (kill, crash) must be opened with
 * {@code recoverPersistedTo()} (its segment locks may still be held and entries may be half written), while a cleanly
 * closed one is opened with {@code createPersistedTo()} (recovery scans the whole file). The adapter tells the two
 * apart with a marker file, {@code chronicle.map.open}, created before the first write of a session and deleted after
 * a clean close.
 */
public final class ChronicleMapEngine implements KvEngine {

    static {
        // Chronicle's analytics and start-up announcer would otherwise try to reach a host and write into $HOME when
        // the adapter runs outside Surefire (which sets these flags too). Must run before any Chronicle class
        // initialises.
        if (System.getProperty("chronicle.analytics.disable") == null) {
            System.setProperty("chronicle.analytics.disable", "true");
        }
        if (System.getProperty("chronicle.announcer.disable") == null) {
            System.setProperty("chronicle.announcer.disable", "true");
        }
    }

    static final String MAP_FILE = "chronicle.map";
    static final String OPEN_MARKER = "chronicle.map.open";

    /** Adapter limits: every store is sized so that one entry with a key and a value of these sizes fits a tier. */
    static final int MAX_KEY_BYTES = 64 << 10;
    static final int MAX_VALUE_BYTES = 1 << 20;
    /** The largest entry: both lengths as stop-bit varints (<= 5 bytes each), the 4-byte checksum, slack. */
    static final long MAX_ENTRY_BYTES = MAX_KEY_BYTES + MAX_VALUE_BYTES + 64L;
    /**
     * How many times the expected entries a store may grow to (Chronicle chains extra segment tiers; the file grows
     * as they are used). Chronicle's default is 1.0 (no growth); StoreOptions are hints, so stores may outgrow them.
     */
    static final double MAX_BLOAT_FACTOR = 4.0;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // A hash map: iteration follows segments and hash slots.
            // "a ChronicleMap instance is a ConcurrentMap" (docs/CM_Tutorial.adoc, "Single ChronicleMap instance per
            // JVM"): per-segment locks, reads and writes from any number of threads.
            .threadSafe()
            // Not engine limits: Chronicle's limit is the size of a segment tier, and the adapter sizes every tier to
            // hold one entry of the largest key and value (see sizing()); larger ones are refused up front.
            .maxKeyBytes(MAX_KEY_BYTES)
            .maxValueBytes(MAX_VALUE_BYTES)
            // Writes go to the shared file mapping, i.e. the OS page cache, before put() returns: they survive a
            // process kill. Recovery (recoverPersistedTo, run after an unclean exit) purges entries whose checksum does
            // not match; an update of an existing key that is in flight at the kill writes the value in place before
            // the checksum, so that key can be purged altogether, losing its previous, acknowledged value: the
            // recovered state is then not a prefix of the history. Power cut: flush() fsyncs the file (on Linux this
            // writes back the dirty mapped pages), but pages of entries updated after it may reach the disk torn and
            // be purged the same way, old value included; Chronicle only promises "some entries updated shortly
            // before the failure could be lost" (spec/1-design-goals.md, Guarantees), hence NONE.
            .durability(EVERY_WRITE, NONE, false,
                    "persisted mmap file, entry checksums on (default for persisted maps); flush() = fsync of the "
                            + "file; recoverPersistedTo() after an unclean exit",
                    "https://github.com/OpenHFT/Chronicle-Map/blob/ea/docs/CM_Tutorial.adoc#recovery and "
                            + "spec/1-design-goals.md (Guarantees); TierRecovery (checksum mismatch purges the entry)")
            .settings("writes go to a shared mmap of the file, no fsync",
                    "whole map in one mmap'd file (OS page cache)", "none")
            .checksums(PARTIAL, "ChronicleHashBuilder#checksumEntries (default on for persisted maps): entry checksums "
                    + "are checked by recoverPersistedTo() only, not by get(); docs/CM_Tutorial.adoc (Recovery)")
            .notes("Process kill: every acknowledged write survives except that a key whose update was in flight "
                    + "may be removed by recovery (not expressible in Durability; prefixConsistent=false). "
                    + "Sizing: entries/averageKeySize/averageValueSize from StoreOptions; segments chosen so that each "
                    + "segment tier holds a 64 KiB key + 1 MiB value (fewer segments than Chronicle's default for "
                    + "small maps); maxBloatFactor 4 (default 1); putReturnsNull/removeReturnsNull (no old-value "
                    + "copies); file pre-allocated (sparseFile default false). A scan holds each segment's lock while "
                    + "it visits that segment's entries. The first map opened in a JVM compiles classes at run time "
                    + "(seconds).")
            .build();

    @Override
    public String id() {
        return "chronicle-map";
    }

    @Override
    public String version() {
        return LibraryVersion.of(ChronicleMap.class, "net.openhft", "chronicle-map");
    }

    @Override
    public List<String> artifacts() {
        return List.of("net.openhft:chronicle-map");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    /** The builder for these options; see the constants for the limits it guarantees. */
    static ChronicleMapBuilder<byte[], byte[]> builder(StoreOptions options) {
        double averageKey = options.averageKeyBytes();
        double averageValue = Math.max(1, options.averageValueBytes()); // Chronicle wants a positive average
        double averageEntry = averageKey + averageValue + 8; // + two stop-bit lengths + checksum
        // A segment tier holds about (entries per segment) x (average entry) bytes, and an entry must fit in one tier
        // ("Entry is too large: requires N chunks, M is maximum"), so each tier gets at least entriesPerTier entries
        // (25% margin over the largest entry for Chronicle's own estimate): fewer segments for small maps, and a map
        // smaller than one such tier is sized up to it (a few MiB).
        long entriesPerTier = (long) Math.ceil(1.25 * MAX_ENTRY_BYTES / averageEntry);
        long entries = Math.max(options.expectedEntries(), entriesPerTier);
        long segments = Long.highestOneBit(Math.max(1, entries / entriesPerTier));
        segments = Math.min(segments, Math.max(1, Long.highestOneBit(entries / 32))); // Chronicle's own upper estimate
        segments = Math.min(segments, 1 << 20);
        return ChronicleMapBuilder.of(byte[].class, byte[].class)
                .name("kvbench")
                .entries(entries)
                .averageKeySize(averageKey)
                .averageValueSize(averageValue)
                .actualSegments((int) segments)
                .maxBloatFactor(MAX_BLOAT_FACTOR)
                // put/remove would otherwise deserialize and return the previous value: an allocation per write.
                .putReturnsNull(true)
                .removeReturnsNull(true);
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        File file = dir.resolve(MAP_FILE).toFile();
        Path marker = dir.resolve(OPEN_MARKER);
        ChronicleMapBuilder<byte[], byte[]> builder = builder(options);
        ChronicleMap<byte[], byte[]> map;
        try {
            if (file.exists() && Files.exists(marker)) {
                // Left open by a process that died: locks may be held and entries torn. The header keeps the map's
                // configuration, which may differ from these options, hence sameBuilderConfigAndLibraryVersion=false.
                map = builder.recoverPersistedTo(file, false);
            } else {
                map = builder.createPersistedTo(file); // creates, or opens a cleanly closed map as it is
            }
        } catch (IOException | RuntimeException e) {
            throw new KvException(id(), "cannot open Chronicle Map file " + file, e);
        }
        try {
            if (!Files.exists(marker)) Files.createFile(marker);
            return new Store(this, map, file.toPath(), marker);
        } catch (IOException | RuntimeException e) {
            map.close();
            throw new KvException(id(), "cannot create marker " + marker, e);
        }
    }

    private static final class Store extends KvStore {
        private final ChronicleMap<byte[], byte[]> map;
        private final Path file;
        private final Path marker;

        Store(KvEngine engine, ChronicleMap<byte[], byte[]> map, Path file, Path marker) {
            super(engine);
            this.map = map;
            this.file = file;
            this.marker = marker;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            map.put(key, value);
        }

        @Override
        protected byte[] doGet(byte[] key) {
            return map.get(key);
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            // The query context is cached per thread by Chronicle; the value is copied from the mapped segment into
            // the caller's array under the segment's read lock, with no intermediate array.
            try (ExternalMapQueryContext<byte[], byte[], ?> context = map.queryContext(key)) {
                context.readLock().lock();
                MapEntry<byte[], byte[]> entry = context.entry();
                if (entry == null) return -1;
                Data<byte[]> value = entry.value();
                long size = value.size();
                int n = (int) Math.min(size, valueOut.length);
                if (n > 0) value.bytes().read(value.offset(), valueOut, 0, n);
                return (int) size;
            }
        }

        @Override
        protected void doDelete(byte[] key) {
            map.remove(key);
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) {
            // Data.get() of the iteration context may hand back the same key array for every entry of one size, so
            // keys and values are copied out of the mapped segment into fresh arrays.
            map.forEachEntryWhile(entry -> visitor.visit(copy(entry.key()), copy(entry.value())));
        }

        private static byte[] copy(Data<byte[]> data) {
            byte[] bytes = new byte[(int) data.size()];
            if (bytes.length > 0) data.bytes().read(data.offset(), bytes, 0, bytes.length);
            return bytes;
        }

        @Override
        protected void doFlush() throws IOException {
            // Chronicle Map has no sync call; fsync of the mapped file writes its dirty pages back (Linux tracks
            // pages dirtied through a shared mapping, and msync(MS_SYNC) is the same operation on the same file).
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
        }

        @Override
        protected void doClose() throws IOException {
            map.close();
            Files.deleteIfExists(marker); // clean close: the next open needs no recovery
        }
    }
}
