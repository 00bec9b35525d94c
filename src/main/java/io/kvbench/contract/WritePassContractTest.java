package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.WritePass;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A write pass (one write transaction for a pass of puts, where the engine has one) stores exactly what put() stores:
 * after its commit every entry reads back, also after a reopen; the caller's arrays are free as soon as put returns;
 * it refuses bad input and writes after its end like the store does, and leaves the store usable.
 */
class WritePassContractTest extends ContractTestBase {

    @ParameterizedTest(name = "[{0}] a committed write pass stores what put() stores")
    @MethodSource("io.kvbench.contract.EngineSource#engines")
    void committedPassStoresEveryEntry(KvEngine engine) {
        KvStore store = open(engine);
        TreeMap<byte[], byte[]> model;
        try (WritePass pass = store.openWritePass()) {
            // Each put gets fresh arrays that are scribbled over right after it: an engine that kept the caller's
            // arrays until commit would store the scribbles.
            model = putRandomEntries((k, v) -> {
                byte[] key = k.clone();
                byte[] value = v.clone();
                pass.put(key, value);
                Arrays.fill(key, (byte) 0x5a);
                Arrays.fill(value, (byte) 0x5a);
            }, engine, new Random(22), 2_000);
            pass.commit();
            assertThatThrownBy(() -> pass.put(model.firstKey(), model.firstEntry().getValue()))
                    .isInstanceOf(KvException.class).hasMessageContaining("write pass is finished")
                    .hasMessageContaining(engine.id());
        }
        assertAllStored(store, model, "after commit");
        store.flush();
        store = reopen(engine, store);
        assertAllStored(store, model, "after flush and reopen");
        store.close();
        KvStore done = store;
        assertThatThrownBy(done::openWritePass).isInstanceOf(KvException.class).hasMessageContaining("store is closed");
    }

    @ParameterizedTest(name = "[{0}] a write pass checks its input and ends once")
    @MethodSource("io.kvbench.contract.EngineSource#engines")
    void passChecksInputAndEndsOnce(KvEngine engine) {
        KvStore store = open(engine);
        WritePass pass = store.openWritePass();
        assertThatThrownBy(() -> pass.put(new byte[0], new byte[] {1})).isInstanceOf(KvException.class)
                .hasMessageContaining("empty key");
        assertThatThrownBy(() -> pass.put(new byte[] {1}, null)).isInstanceOf(KvException.class)
                .hasMessageContaining("null value");
        int maxKey = engine.capabilities().maxKeyBytes();
        if (maxKey <= 8 << 20) { // not for Sparkey's 2 GiB bound
            byte[] tooLong = new byte[maxKey + 1];
            assertThatThrownBy(() -> pass.put(tooLong, new byte[] {1})).isInstanceOf(KvException.class)
                    .hasMessageContaining("key too long");
        }
        pass.close();
        pass.close();
        assertThatThrownBy(pass::commit).isInstanceOf(KvException.class).hasMessageContaining("write pass is finished");
        store.put(new byte[] {7}, new byte[] {8});
        try (WritePass perOperation = store.perOperationWrites()) {
            perOperation.put(new byte[] {9}, new byte[] {10});
        }
        // Reads last: a write-once engine (Sparkey) seals the store on its first read.
        assertThat(store.get(new byte[] {7})).as("the store after an abandoned write pass").containsExactly(8);
        assertThat(store.get(new byte[] {9})).as("a per-operation put is committed as it is made").containsExactly(10);
    }

    private static void assertAllStored(KvStore store, Map<byte[], byte[]> model, String when) {
        for (Map.Entry<byte[], byte[]> e : model.entrySet()) {
            assertThat(store.get(e.getKey())).as(when + ": key " + Bytes.hex(e.getKey())).isEqualTo(e.getValue());
        }
    }
}
