package io.kvbench.perf;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Engines;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * A shipped engine with one change that costs more per operation but leaves its results the same, for showing that
 * the cost check catches what throughput on a fast machine may not ({@link InjectedCostTest}). Never registered in
 * kvbench's jar or the test class path: the test copies this class into a directory of its own with a service file and
 * mounts it into the benchmark container, whose JVMs get {@code -D}{@value #PROPERTY}{@code =ENGINE:CHANGE}; its id is
 * {@value #ID}, and {@link CostlyRunner} hands it each task and gives its results back the engine's id.
 */
public final class CostlyEngine implements KvEngine {

    public static final String ID = "costly";
    public static final String PROPERTY = "kvbench.test.costly";

    /** What the engine does besides its own work. */
    public enum Change {
        /** A defensive copy of each get's key, kept in a field: one small array allocated per get. */
        COPY_KEY_PER_GET,
        /** Each put of a write pass made as its own put, followed by a sync of the store (what flush() does). */
        SYNC_PER_PUT,
        /** Each put of a write pass made twice: the device bytes of a store that logs every record twice. */
        PUT_TWICE,
        /** {@value #HELD_BYTES} bytes held outside the heap from the first store opened on: a new native cache. */
        HOLD_NATIVE_MEMORY
    }

    /** How much {@link Change#HOLD_NATIVE_MEMORY} holds. */
    static final int HELD_BYTES = 192 * 1024 * 1024;

    /** The memory held, every page written so that it is resident; kept for the JVM's life. */
    private static ByteBuffer held;

    private final String engineId;
    private final Change change;
    private KvEngine engine;

    public CostlyEngine() {
        String setting = System.getProperty(PROPERTY);
        if (setting == null) {
            throw new IllegalStateException("the costly engine needs -D" + PROPERTY + "=ENGINE:CHANGE");
        }
        int colon = setting.lastIndexOf(':');
        this.engineId = setting.substring(0, colon);
        this.change = Change.valueOf(setting.substring(colon + 1));
    }

    /** The benchmark JVM flag that makes {@value #ID} engine {@code engineId} with {@code change}. */
    static String flag(String engineId, Change change) {
        return "-D" + PROPERTY + "=" + engineId + ":" + change;
    }

    private synchronized KvEngine engine() {
        if (engine == null) engine = Engines.byId(engineId);
        return engine;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String version() {
        return engine().version();
    }

    @Override
    public String nativeVersion() {
        return engine().nativeVersion();
    }

    @Override
    public List<String> artifacts() {
        return engine().artifacts();
    }

    @Override
    public Capabilities capabilities() {
        return engine().capabilities();
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        if (change == Change.HOLD_NATIVE_MEMORY) hold();
        return new Store(this, engine().openStore(dir, options), change);
    }

    private static synchronized void hold() {
        if (held != null) return;
        held = ByteBuffer.allocateDirect(HELD_BYTES);
        for (int page = 0; page < HELD_BYTES; page += 4096) held.put(page, (byte) 1);
    }

    /** The engine's store with the change. */
    private static final class Store extends KvStore {
        private final KvStore store;
        private final Change change;
        /** Where the copied keys go: a field, so the JIT cannot prove the copy unused and drop it. */
        private byte[] lastKey;

        Store(KvEngine engine, KvStore store, Change change) {
            super(engine);
            this.store = store;
            this.change = change;
        }

        byte[] key(byte[] key) {
            if (change != Change.COPY_KEY_PER_GET) return key;
            lastKey = key.clone();
            return lastKey;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            store.put(key, value);
        }

        @Override
        protected byte[] doGet(byte[] key) {
            return store.get(key(key));
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            return store.get(key(key), valueOut);
        }

        @Override
        protected void doDelete(byte[] key) {
            store.delete(key);
        }

        @Override
        protected void doScan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) {
            store.scan(fromInclusive, toExclusive, visitor);
        }

        @Override
        protected void doFlush() {
            store.flush();
        }

        @Override
        protected ReadPass doOpenReadPass() {
            return new Reads(this, store.openReadPass());
        }

        @Override
        protected WritePass doOpenWritePass() {
            return change == Change.SYNC_PER_PUT ? new SyncedPuts(this) : new Writes(this, store.openWritePass());
        }

        @Override
        protected void doQuiesce() {
            store.quiesce();
        }

        @Override
        protected void doClose() {
            store.close();
        }
    }

    /** The engine's read pass, each key through the store's change. */
    private static final class Reads extends ReadPass {
        private final Store store;
        private final ReadPass pass;

        Reads(Store store, ReadPass pass) {
            super(store);
            this.store = store;
            this.pass = pass;
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            return pass.get(store.key(key), valueOut);
        }

        @Override
        protected void doClose() {
            pass.close();
        }
    }

    /** The engine's write pass; with {@link Change#PUT_TWICE}, every put made twice. */
    private static final class Writes extends WritePass {
        private final WritePass pass;
        private final boolean twice;

        Writes(Store store, WritePass pass) {
            super(store);
            this.pass = pass;
            this.twice = store.change == Change.PUT_TWICE;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            pass.put(key, value);
            if (twice) pass.put(key, value);
        }

        @Override
        protected void doCommit() {
            pass.commit();
        }

        @Override
        protected void doAbort() {
            pass.close();
        }
    }

    /** A write pass that is no pass: each put on its own, then a sync. */
    private static final class SyncedPuts extends WritePass {
        private final KvStore store;

        SyncedPuts(Store store) {
            super(store);
            this.store = store.store;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            store.put(key, value);
            store.flush();
        }

        @Override
        protected void doCommit() {
        }

        @Override
        protected void doAbort() {
        }
    }
}
