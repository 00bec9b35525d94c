package io.kvbench.bench;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import java.nio.file.Path;
import java.util.List;

/**
 * An engine made slower on purpose: the same engine (id, version, capabilities, files), whose every get and put, of a
 * store, a read pass or a write pass, first runs an {@link EngineDelay}'s busy work and then calls the engine's own
 * store; deletes, scans, flushes and everything else pass straight through. {@link StoreFixture} measures through it
 * only in a benchmark JVM started with {@value EngineDelay#PROPERTY} (the side of an A/B that measures a slowdown);
 * everywhere else the registered engine is measured as it is, and nothing of this class is on its path.
 *
 * <p>Besides the delay, a delayed call costs one more call through {@link KvStore}'s argument checks (the wrapped
 * store checks again): a few nanoseconds, part of the slowdown an A/B measures as achieved.
 */
final class DelayedEngine implements KvEngine {

    private final KvEngine engine;
    private final EngineDelay delay;

    private DelayedEngine(KvEngine engine, EngineDelay delay) {
        this.engine = engine;
        this.delay = delay;
    }

    /** {@code engine} with {@code nanos} of busy work per get and put; {@code engine} itself for 0. */
    static KvEngine around(KvEngine engine, long nanos) {
        return nanos == 0 ? engine : new DelayedEngine(engine, EngineDelay.of(nanos));
    }

    /** The engine's own store under {@code store} when it is a delayed one, else {@code store}. */
    static KvStore undelayed(KvStore store) {
        return store instanceof Store delayed ? delayed.store : store;
    }

    @Override
    public String id() {
        return engine.id();
    }

    @Override
    public String version() {
        return engine.version();
    }

    @Override
    public String nativeVersion() {
        return engine.nativeVersion();
    }

    @Override
    public List<String> artifacts() {
        return engine.artifacts();
    }

    @Override
    public Capabilities capabilities() {
        return engine.capabilities();
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        return new Store(this, engine.openStore(dir, options), delay);
    }

    /** The engine's store, each get and put delayed. */
    private static final class Store extends KvStore {
        private final KvStore store;
        private final EngineDelay delay;

        Store(KvEngine engine, KvStore store, EngineDelay delay) {
            super(engine);
            this.store = store;
            this.delay = delay;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            delay.apply();
            store.put(key, value);
        }

        @Override
        protected byte[] doGet(byte[] key) {
            delay.apply();
            return store.get(key);
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            delay.apply();
            return store.get(key, valueOut);
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
            return new Reads(this, store.openReadPass(), delay);
        }

        @Override
        protected WritePass doOpenWritePass() {
            return new Writes(this, store.openWritePass(), delay);
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

    /** The engine's read pass, each get delayed. */
    private static final class Reads extends ReadPass {
        private final ReadPass pass;
        private final EngineDelay delay;

        Reads(KvStore store, ReadPass pass, EngineDelay delay) {
            super(store);
            this.pass = pass;
            this.delay = delay;
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            delay.apply();
            return pass.get(key, valueOut);
        }

        @Override
        protected void doClose() {
            pass.close();
        }
    }

    /** The engine's write pass, each put delayed. */
    private static final class Writes extends WritePass {
        private final WritePass pass;
        private final EngineDelay delay;

        Writes(KvStore store, WritePass pass, EngineDelay delay) {
            super(store);
            this.pass = pass;
            this.delay = delay;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            delay.apply();
            pass.put(key, value);
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
}
