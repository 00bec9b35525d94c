package io.kvbench.bench;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Engines;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import io.kvbench.input.BadInputException;
import java.nio.file.Path;
import java.util.List;

/**
 * An engine made slower on purpose, the lab's slowdown for measuring the A/B and the gate: the same engine (version,
 * capabilities, files), whose every get and put, of a store, a read pass or a write pass, first runs an
 * {@link EngineDelay}'s busy work and then calls the engine's own store; deletes, scans, flushes and everything else
 * pass straight through. kvbench itself has no hook for it: the lab registers this class as an engine
 * ({@code META-INF/services/io.kvbench.engine.KvEngine} of the lab's jar), whose id is {@value #ID}, and a benchmark
 * JVM started with {@code -D}{@value #PROPERTY}{@code =ENGINE:NANOS} resolves it as engine ENGINE delayed by NANOS per
 * call. {@link DelayedRunner} gives a side's benchmarks that engine and that property, and their results back the
 * engine's id; everywhere else (no property) this adapter is unavailable and nothing of it is on a measured path.
 *
 * <p>Besides the delay, a delayed call costs one more call through {@link KvStore}'s argument checks (the wrapped
 * store checks again): a few nanoseconds, part of the slowdown an A/B measures as achieved.
 */
public final class DelayedEngine implements KvEngine {

    /** The id the registered instance answers to in a benchmark JVM started with {@value #PROPERTY}. */
    public static final String ID = "delayed";

    /** The benchmark JVM's system property (the lab's own): {@code ENGINE:NANOS}, the engine and its delay per call. */
    public static final String PROPERTY = "kvbench.lab.delayed";

    private final String id;
    private final String engineId;
    private final EngineDelay delay;
    /** The engine underneath, resolved on first use: the registry is still being built when this one is made. */
    private KvEngine engine;

    /**
     * The registered instance: configured by {@value #PROPERTY}; without it (any JVM but a delayed side's benchmark)
     * the adapter is unavailable, with this reason.
     */
    public DelayedEngine() {
        String setting = System.getProperty(PROPERTY);
        if (setting == null) {
            throw new IllegalStateException("the lab's delayed engine runs only in a benchmark JVM started with -D"
                    + PROPERTY + "=ENGINE:NANOS");
        }
        int colon = setting.lastIndexOf(':');
        if (colon <= 0) throw new BadInputException(PROPERTY + " is ENGINE:NANOS, not '" + setting + "'");
        this.id = ID;
        this.engineId = setting.substring(0, colon);
        this.delay = EngineDelay.of(Long.parseLong(setting.substring(colon + 1)));
    }

    private DelayedEngine(KvEngine engine, EngineDelay delay) {
        this.id = engine.id();
        this.engineId = engine.id();
        this.engine = engine;
        this.delay = delay;
    }

    /** {@code engine} with {@code nanos} of busy work per get and put; {@code engine} itself for 0. */
    public static KvEngine around(KvEngine engine, long nanos) {
        return nanos == 0 ? engine : new DelayedEngine(engine, EngineDelay.of(nanos));
    }

    /** The benchmark JVM flag that makes {@value #ID} engine {@code engineId} delayed by {@code nanos} (at least 1). */
    public static String flag(String engineId, long nanos) {
        EngineDelay.check(nanos);
        return "-D" + PROPERTY + "=" + engineId + ":" + nanos;
    }

    /** The engine's own store under {@code store} when it is a delayed one, else {@code store}. */
    public static KvStore undelayed(KvStore store) {
        return store instanceof Store delayed ? delayed.store : store;
    }

    private synchronized KvEngine engine() {
        if (engine == null) engine = Engines.byId(engineId);
        return engine;
    }

    /** The engine's own id for a wrapper made with {@link #around}; {@value #ID} for the registered instance. */
    @Override
    public String id() {
        return id;
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
        return new Store(this, engine().openStore(dir, options), delay);
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
