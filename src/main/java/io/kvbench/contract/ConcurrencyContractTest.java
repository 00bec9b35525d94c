package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Durability.Guarantee;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For engines that declare concurrency: writers on disjoint key ranges plus readers, all on one store object. Values
 * name the key and the writer's version, so a reader can tell a torn or misplaced value from a legitimate old one; the
 * final state must equal the union of the writers' models.
 */
class ConcurrencyContractTest extends ContractTestBase {

    private static final String ENGINES = "io.kvbench.contract.EngineSource#engines";
    private static final int WRITERS = 4;
    private static final int READERS = 3;
    private static final int KEYS_PER_WRITER = 500;
    private static final int OPS_PER_WRITER = 4_000;
    /**
     * For an engine that syncs every write (a power cut keeps each one): every operation then waits for a device flush,
     * so fewer of them keep the test's time the engine's and not the disk's; the readers still race every commit.
     */
    private static final int OPS_PER_SYNCING_WRITER = 500;

    @ParameterizedTest(name = "[{0}] 4 writers on disjoint ranges and 3 readers agree with the model")
    @MethodSource(ENGINES)
    void concurrentWritersAndReaders(KvEngine engine) throws Exception {
        assumeCapability(engine.capabilities().concurrentWriters(), engine,
                "engine does not declare concurrent writers on one store");
        KvStore store = open(engine);
        int ops = engine.capabilities().durability().powerLoss() == Guarantee.EVERY_WRITE
                ? OPS_PER_SYNCING_WRITER : OPS_PER_WRITER;
        List<Map<Integer, Integer>> models;
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong writes = new AtomicLong();
        AtomicLong reads = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Map<Integer, Integer>>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> write(store, writer, ops, start, writes)));
            }
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < READERS; r++) {
                int reader = r;
                readers.add(pool.submit(() -> read(store, reader, start, writing, reads)));
            }
            start.countDown();
            models = ProgressWait.results(writers, writes, engine.id() + "'s writers");
            writing.set(false);
            for (int made : ProgressWait.results(readers, reads, engine.id() + "'s readers")) {
                assertThat(made).isPositive();
            }
        } finally {
            writing.set(false);
            pool.shutdownNow();
        }

        TreeMap<byte[], byte[]> expected = Bytes.unsignedTreeMap();
        for (Map<Integer, Integer> model : models) model.forEach((k, version) -> expected.put(key(k),
                value(k, version)));
        List<byte[]> everyKey = new ArrayList<>();
        for (int k = 0; k < WRITERS * KEYS_PER_WRITER; k++) everyKey.add(key(k));
        assertThat(differenceFromModel(store, engine.capabilities(), expected, everyKey))
                .as("final state vs the writers' models").isNull();
    }

    @ParameterizedTest(name = "[{0}] concurrent readers of a loaded store")
    @MethodSource(ENGINES)
    void concurrentReaders(KvEngine engine) throws Exception {
        assumeCapability(engine.capabilities().concurrentReaders(), engine,
                "engine does not declare concurrent readers on one store");
        KvStore store = open(engine);
        int keys = WRITERS * KEYS_PER_WRITER;
        for (int k = 0; k < keys; k++) store.put(key(k), value(k, 0));
        ExecutorService pool = Executors.newFixedThreadPool(READERS + 1);
        AtomicLong progress = new AtomicLong();
        try {
            List<Future<Object>> readers = new ArrayList<>();
            for (int r = 0; r <= READERS; r++) {
                int seed = r;
                readers.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    byte[] buffer = new byte[16];
                    for (int i = 0; i < 20_000; i++) {
                        int k = random.nextInt(keys);
                        byte[] got = store.get(key(k));
                        assertThat(got).as("key %d", k).isEqualTo(value(k, 0));
                        assertThat(store.get(key(k), buffer)).isEqualTo(8);
                        progress.incrementAndGet();
                    }
                    return null;
                }));
            }
            ProgressWait.results(readers, progress, engine.id() + "'s readers");
        } finally {
            pool.shutdownNow();
        }
    }

    private static Map<Integer, Integer> write(KvStore store, int writer, int ops, CountDownLatch start,
            AtomicLong progress) throws InterruptedException {
        Random random = new Random(1000 + writer);
        Map<Integer, Integer> model = new TreeMap<>();
        start.await();
        for (int i = 0; i < ops; i++) {
            int k = writer * KEYS_PER_WRITER + random.nextInt(KEYS_PER_WRITER);
            if (random.nextInt(10) == 0) {
                store.delete(key(k));
                model.remove(k);
            } else {
                store.put(key(k), value(k, i));
                model.put(k, i);
            }
            progress.incrementAndGet();
        }
        return model;
    }

    /** Reads random keys while writers run; every value seen must belong to its key. Returns how many reads it made. */
    private static int read(KvStore store, int reader, CountDownLatch start, AtomicBoolean writing,
            AtomicLong progress) throws InterruptedException {
        Random random = new Random(2000 + reader);
        start.await();
        int reads = 0;
        do {
            int k = random.nextInt(WRITERS * KEYS_PER_WRITER);
            byte[] got = store.get(key(k));
            reads++;
            progress.incrementAndGet();
            if (got != null) {
                assertThat(got).as("value read for key %d", k).hasSize(8);
                assertThat(ByteBuffer.wrap(got).getInt()).as("value read for key %d names its key", k).isEqualTo(k);
            }
        } while (writing.get() || reads < 100);
        return reads;
    }

    static byte[] key(int k) {
        return ByteBuffer.allocate(5).put((byte) 'c').putInt(k).array();
    }

    static byte[] value(int k, int version) {
        return ByteBuffer.allocate(8).putInt(k).putInt(version).array();
    }
}
