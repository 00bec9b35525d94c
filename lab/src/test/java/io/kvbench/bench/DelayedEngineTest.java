package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A delayed engine is the same engine with busy work before every get and put: on the store, in a read pass and a write
 * pass of the engine's own (LMDB has both), and in the per-operation passes; what it stores is the engine's.
 */
class DelayedEngineTest {

    private static final long NANOS = 200_000;

    @TempDir
    Path dir;

    @Test
    void noDelayIsTheEngineItself() {
        KvEngine lmdb = Engines.byId("lmdb");
        assertThat(DelayedEngine.around(lmdb, 0)).isSameAs(lmdb);
    }

    @Test
    void itIsTheSameEngineToEveryReader() {
        KvEngine lmdb = Engines.byId("lmdb");
        KvEngine delayed = DelayedEngine.around(lmdb, NANOS);
        assertThat(delayed).isNotSameAs(lmdb);
        assertThat(delayed.id()).isEqualTo(lmdb.id());
        assertThat(delayed.version()).isEqualTo(lmdb.version());
        assertThat(delayed.nativeVersion()).isEqualTo(lmdb.nativeVersion());
        assertThat(delayed.artifacts()).isEqualTo(lmdb.artifacts());
        assertThat(delayed.capabilities()).isEqualTo(lmdb.capabilities());
    }

    /** As a delayed side's benchmark JVM resolves it: the registered instance, configured by the lab's property. */
    @Test
    void theRegisteredInstanceIsTheEngineOfItsProperty() {
        KvEngine lmdb = Engines.byId("lmdb");
        System.setProperty(DelayedEngine.PROPERTY, "lmdb:" + NANOS);
        KvEngine registered;
        try {
            registered = new DelayedEngine();
        } finally {
            System.clearProperty(DelayedEngine.PROPERTY);
        }
        assertThat(registered.id()).isEqualTo(DelayedEngine.ID);
        assertThat(registered.version()).isEqualTo(lmdb.version());
        assertThat(registered.capabilities()).isEqualTo(lmdb.capabilities());
        assertThat(DelayedEngine.flag("lmdb", NANOS)).isEqualTo("-D" + DelayedEngine.PROPERTY + "=lmdb:" + NANOS);
        assertThatThrownBy(() -> DelayedEngine.flag("lmdb", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyGetAndPutIsDelayedAndStoresWhatTheEngineStores() {
        KvEngine lmdb = Engines.byId("lmdb");
        try (KvStore store = Engines.open(DelayedEngine.around(lmdb, NANOS), dir, StoreOptions.DEFAULT)) {
            assertThat(DelayedEngine.undelayed(store)).as("the engine's own store underneath").isNotSameAs(store);
            assertThat(DelayedEngine.undelayed(store).getClass().getPackageName())
                    .isEqualTo("io.kvbench.engine.adapter");
            byte[] buffer = new byte[16];
            assertDelayed("put", i -> store.put(key(i), key(i)));
            assertDelayed("get", i -> assertThat(store.get(key(i))).isEqualTo(key(i)));
            assertDelayed("get into a buffer", i -> assertThat(store.get(key(i), buffer)).isEqualTo(key(i).length));
            try (WritePass writes = store.openWritePass()) {
                assertDelayed("put in a write pass", i -> writes.put(key(100 + i), key(i)));
                writes.commit();
            }
            try (ReadPass reads = store.openReadPass()) {
                assertDelayed("get in a read pass", i -> assertThat(reads.get(key(100 + i), buffer)).isPositive());
            }
            try (ReadPass reads = store.perOperationReads()) {
                assertDelayed("get in a per-operation pass", i -> assertThat(reads.get(key(i), buffer)).isPositive());
            }
            try (WritePass writes = store.perOperationWrites()) {
                assertDelayed("put in a per-operation pass", i -> writes.put(key(200 + i), key(i)));
            }
            store.delete(key(0));
            List<String> keys = new ArrayList<>();
            store.scan(null, null, (k, v) -> {
                keys.add(new String(k, StandardCharsets.UTF_8));
                return true;
            });
            assertThat(keys).hasSize(14).doesNotContain("key-0").contains("key-100", "key-204");
            assertThatThrownBy(() -> store.get(new byte[0])).isInstanceOf(KvException.class)
                    .hasMessageContaining("lmdb");
        }
    }

    /** Five calls of {@code call}, each lasting at least 80 % of the delay (the rate is the fastest one measured). */
    private static void assertDelayed(String what, Call call) {
        long shortest = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long start = System.nanoTime();
            call.run(i);
            shortest = Math.min(shortest, System.nanoTime() - start);
        }
        assertThat(shortest).as(what + ": the shortest call, ns").isGreaterThanOrEqualTo(NANOS * 8 / 10);
    }

    private static byte[] key(int i) {
        return ("key-" + i).getBytes(StandardCharsets.UTF_8);
    }

    @FunctionalInterface
    private interface Call {
        void run(int i);
    }
}
