package io.kvbench.engine.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The access pattern of the published "Tokyo Cabinet" writes: a write pass is one transaction for all its puts, as the
 * source benchmarks' passes are. Counted by the engines' own statistics where they keep one (Xodus, Berkeley DB JE);
 * for those and the write batches of RocksDB and LevelDB (the SHA-1 study's LevelDB load is one batch), seen as a
 * transaction's isolation and atomicity: another thread reads none of a pass's puts before its
 * commit, all of them after, and none of an abandoned pass's.
 */
class WritePassTransactionsTest {

    private static final int PUTS = 500;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "[{0}] one transaction per write pass, counted")
    @ValueSource(strings = {"xodus-btree", "xodus-patricia", "berkeleydb-je"})
    void aWritePassIsOneTransaction(String engine) {
        ToLongFunction<KvStore> transactions = engine.startsWith("xodus")
                ? XodusEngine::transactions : BerkeleyDbJeEngine::transactionsBegun;
        try (KvStore store = Engines.open(Engines.byId(engine), dir, StoreOptions.DEFAULT)) {
            long before = transactions.applyAsLong(store);
            try (WritePass pass = store.openWritePass()) {
                for (int i = 0; i < PUTS; i++) pass.put(key(i), key(i));
                pass.commit();
            }
            assertThat(transactions.applyAsLong(store) - before).as("transactions of a " + PUTS + "-put write pass")
                    .isEqualTo(1);

            before = transactions.applyAsLong(store);
            try (WritePass pass = store.perOperationWrites()) {
                for (int i = PUTS; i < 2 * PUTS; i++) pass.put(key(i), key(i));
                pass.commit();
            }
            assertThat(transactions.applyAsLong(store) - before).as("transactions of " + PUTS + " per-operation puts")
                    .isEqualTo(PUTS);
        }
    }

    @ParameterizedTest(name = "[{0}] a write pass is isolated until its commit and atomic")
    @ValueSource(strings = {"xodus-btree", "lmdb", "rocksdb", "leveldb-java", "leveldb-jni"})
    void aWritePassIsIsolatedAndAtomic(String engine) throws Exception {
        // Not Berkeley DB JE: its reader blocks on the pass's write locks (JE locks records, it has no snapshot reads
        // by default), which is isolation too, but here the pass waits for that reader: the reader's lock wait would
        // end it (BerkeleyDbJeLockWaitTest covers JE's wait).
        try (KvStore store = Engines.open(Engines.byId(engine), dir, StoreOptions.DEFAULT)) {
            try (WritePass pass = store.openWritePass()) {
                for (int i = 0; i < PUTS; i++) pass.put(key(i), key(i));
                assertThat(readElsewhere(store, 0)).as("a put of the open pass, read by another thread").isNull();
                pass.commit();
            }
            assertThat(readElsewhere(store, PUTS - 1)).as("after commit").isEqualTo(key(PUTS - 1));
            try (WritePass abandoned = store.openWritePass()) {
                for (int i = PUTS; i < 2 * PUTS; i++) abandoned.put(key(i), key(i));
            }
            assertThat(readElsewhere(store, PUTS)).as("a put of an abandoned pass").isNull();
            assertThat(store.get(key(2 * PUTS - 1))).isNull();
        }
    }

    /** A get on another thread: the pass's own thread might see its transaction's writes in some engines. */
    private static byte[] readElsewhere(KvStore store, int i) throws Exception {
        return CompletableFuture.supplyAsync(() -> store.get(key(i))).get();
    }

    private static byte[] key(int i) {
        return String.format("%08d", i).getBytes(StandardCharsets.US_ASCII);
    }
}
