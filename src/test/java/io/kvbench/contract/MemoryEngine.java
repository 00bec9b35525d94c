package io.kvbench.contract;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A test engine for {@link LinearizabilityHarnessTest}: an in-memory store whose sorted map is never changed, only
 * replaced whole by every put and delete. With {@code racy} the copy-change-publish runs without a lock, so two
 * concurrent writes to different keys can lose one of them; without it, the store is linearizable.
 */
record MemoryEngine(boolean racy, boolean scans) implements KvEngine {

    @Override
    public String id() {
        return racy ? "memory-racy" : "memory";
    }

    @Override
    public String version() {
        return "test";
    }

    @Override
    public Capabilities capabilities() {
        Capabilities.Builder builder = Capabilities.builder().threadSafe()
                .durability(Durability.Guarantee.NONE, Durability.Guarantee.NONE, false, "test", "test")
                .checksums(Durability.Coverage.NONE, "test").settings("test", "test", "test");
        return (scans ? builder.orderedWithRangeScans() : builder.noScans()).build();
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        return new MemoryStore(this);
    }

    static final class MemoryStore extends KvStore {
        private final boolean racy;
        private volatile TreeMap<byte[], byte[]> map = Bytes.unsignedTreeMap();

        MemoryStore(MemoryEngine engine) {
            super(engine);
            this.racy = engine.racy();
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            update(key, value.clone());
        }

        @Override
        protected byte[] doGet(byte[] key) {
            byte[] value = map.get(key);
            return value == null ? null : value.clone();
        }

        @Override
        protected void doDelete(byte[] key) {
            update(key, null);
        }

        @Override
        protected void doScan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) {
            for (Map.Entry<byte[], byte[]> e : map.entrySet()) {
                if (inRange(e.getKey(), fromInclusive, toExclusive) && !visitor.visit(e.getKey(), e.getValue())) {
                    return;
                }
            }
        }

        /** Copy, change, publish: atomic only under the lock, which the racy store leaves out. */
        private void update(byte[] key, byte[] value) {
            if (!racy) {
                synchronized (this) {
                    publish(key, value);
                }
            } else {
                publish(key, value);
            }
        }

        private void publish(byte[] key, byte[] value) {
            TreeMap<byte[], byte[]> copy = Bytes.unsignedTreeMap();
            copy.putAll(map);
            if (value == null) copy.remove(key);
            else copy.put(Arrays.copyOf(key, key.length), value);
            // Widens the window between the read and the write, so that the racy store loses a write in every run
            // rather than in some; the locked store holds its lock across it.
            Thread.yield();
            map = copy;
        }

        @Override
        protected void doFlush() {
        }

        @Override
        protected void doClose() {
        }
    }
}
