package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A read pass (one read view for a pass of gets, where the engine has one) reads exactly what get() reads: every value,
 * -1 for an absent key, the full length with a prefix copied into a short buffer; it refuses bad keys and reads after
 * close like the store does, closes idempotently, and leaves the store usable.
 */
class ReadPassContractTest extends ContractTestBase {

    @ParameterizedTest(name = "[{0}] a read pass reads what get() reads")
    @MethodSource("io.kvbench.contract.EngineSource#engines")
    void readPassAgreesWithGet(KvEngine engine) {
        KvStore store = open(engine);
        TreeMap<byte[], byte[]> model = putRandomEntries(store, engine, new Random(21), 2_000);
        store = reopen(engine, store);
        byte[] buffer = new byte[256];
        byte[] shortBuffer = new byte[3];
        try (ReadPass pass = store.openReadPass()) {
            for (Map.Entry<byte[], byte[]> e : model.entrySet()) {
                byte[] expected = e.getValue();
                assertThat(pass.get(e.getKey(), buffer)).as("length of a stored value").isEqualTo(expected.length);
                assertThat(Arrays.copyOf(buffer, expected.length)).isEqualTo(expected);
                assertThat(pass.get(e.getKey(), shortBuffer)).as("full length despite a short buffer")
                        .isEqualTo(expected.length);
                int copied = Math.min(3, expected.length);
                assertThat(Arrays.copyOf(shortBuffer, copied)).isEqualTo(Arrays.copyOf(expected, copied));
            }
            assertThat(pass.get(Bytes.utf8("never-written-key-\u00ff"), buffer)).as("absent key").isEqualTo(-1);
            assertThatThrownBy(() -> pass.get(new byte[0], buffer)).isInstanceOf(KvException.class)
                    .hasMessageContaining("empty key");
            assertThatThrownBy(() -> pass.get(null, buffer)).isInstanceOf(KvException.class)
                    .hasMessageContaining("null key");
        }
        ReadPass closed = store.openReadPass();
        closed.close();
        closed.close();
        assertThatThrownBy(() -> closed.get(model.firstKey(), buffer)).isInstanceOf(KvException.class)
                .hasMessageContaining("read pass is closed").hasMessageContaining(engine.id());
        try (ReadPass perOperation = store.perOperationReads()) {
            assertThat(perOperation.get(model.lastKey(), buffer)).isEqualTo(model.lastEntry().getValue().length);
        }
        assertThat(store.get(model.firstKey())).as("the store after its read passes")
                .isEqualTo(model.firstEntry().getValue());
        store.close();
        KvStore done = store;
        assertThatThrownBy(done::openReadPass).isInstanceOf(KvException.class).hasMessageContaining("store is closed");
    }
}
