package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A clean close keeps everything: after reopening, the store holds exactly what was written. */
class ReopenContractTest extends ContractTestBase {

    private static final String ENGINES = "io.kvbench.contract.EngineSource#engines";

    @ParameterizedTest(name = "[{0}] close and reopen keeps every entry")
    @MethodSource(ENGINES)
    void reopenKeepsEverything(KvEngine engine) {
        Random random = new Random(7);
        KvStore store = open(engine);
        TreeMap<byte[], byte[]> model = putRandomEntries(store, engine, random, 5_000);
        int deleted = 0;
        List<byte[]> deletedKeys = new ArrayList<>();
        for (byte[] key : model.keySet().toArray(new byte[0][])) {
            if (deleted++ % 7 == 0) {
                store.delete(key);
                model.remove(key);
                deletedKeys.add(key);
            }
        }
        store = reopen(engine, store);
        assertThat(differenceFromModel(store, engine.capabilities(), model, deletedKeys)).as("contents after reopen")
                .isNull();
        for (var e : model.entrySet()) assertThat(store.get(e.getKey())).isEqualTo(e.getValue());

        if (engine.capabilities().writeOnce()) return;
        // A reopened store takes writes, and a second reopen keeps them too.
        byte[] extra = Bytes.utf8("written-after-reopen");
        store.put(extra, Bytes.utf8("yes"));
        byte[] first = model.firstKey();
        store.delete(first);
        model.remove(first);
        deletedKeys.add(first);
        model.put(extra, Bytes.utf8("yes"));
        store = reopen(engine, store);
        assertThat(differenceFromModel(store, engine.capabilities(), model, deletedKeys))
                .as("contents after second reopen").isNull();
    }

    @ParameterizedTest(name = "[{0}] reopening an empty store")
    @MethodSource(ENGINES)
    void reopenEmpty(KvEngine engine) {
        KvStore store = open(engine);
        store = reopen(engine, store);
        if (engine.capabilities().scans()) assertThat(contents(store)).isEmpty();
        assertThat(store.get(Bytes.utf8("x"))).isNull();
    }
}
