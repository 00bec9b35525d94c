package io.kvbench.engine.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.StoreOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The access pattern of the published "Tokyo Cabinet" reads, counted by the engines' own statistics: a read pass opens
 * one transaction for all its gets, as the source benchmarks do, and the per-operation method opens one per get
 * (Xodus) or none (Berkeley DB JE reads outside a transaction).
 */
class ReadPassTransactionsTest {

    private static final int GETS = 500;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "[{0}] one transaction per read pass")
    @ValueSource(strings = {"xodus-btree", "xodus-patricia", "berkeleydb-je"})
    void aReadPassIsOneTransaction(String engine) {
        ToLongFunction<KvStore> transactions = engine.startsWith("xodus")
                ? XodusEngine::readonlyTransactions : BerkeleyDbJeEngine::transactionsBegun;
        long perGet = engine.startsWith("xodus") ? GETS : 0;
        try (KvStore store = Engines.open(Engines.byId(engine), dir, StoreOptions.DEFAULT)) {
            for (int i = 0; i < GETS; i++) store.put(key(i), key(i));
            byte[] buffer = new byte[16];

            long before = transactions.applyAsLong(store);
            try (ReadPass pass = store.openReadPass()) {
                for (int i = 0; i < GETS; i++) assertThat(pass.get(key(i), buffer)).isEqualTo(8);
            }
            assertThat(transactions.applyAsLong(store) - before).as("transactions of a " + GETS + "-get read pass")
                    .isEqualTo(1);

            before = transactions.applyAsLong(store);
            try (ReadPass pass = store.perOperationReads()) {
                for (int i = 0; i < GETS; i++) assertThat(pass.get(key(i), buffer)).isEqualTo(8);
            }
            assertThat(transactions.applyAsLong(store) - before).as("transactions of " + GETS + " per-operation gets")
                    .isEqualTo(perGet);
        }
    }

    private static byte[] key(int i) {
        return String.format("%08d", i).getBytes(StandardCharsets.US_ASCII);
    }
}
