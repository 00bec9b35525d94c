package io.kvbench.bench;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Dataset;
import io.kvbench.workload.Orders;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The store a benchmark measures, and everything done to it outside the measured path: generating the dataset,
 * creating a fresh directory, loading, reopening, measuring disk use, deleting. Shared by every benchmark so that each
 * engine is prepared exactly the same way.
 */
final class StoreFixture {

    private final KvEngine engine;
    private final Workload workload;
    private final Dataset dataset;
    private final Path dir;
    private final StoreOptions options;
    private KvStore store;

    private StoreFixture(KvEngine engine, Workload workload, Dataset dataset, Path dir) {
        this.engine = engine;
        this.workload = workload;
        this.dataset = dataset;
        this.dir = dir;
        int avgKey = (int) Math.max(1, Math.round(averageLength(true)));
        int avgValue = (int) Math.round(averageLength(false));
        long expected = workload.mix().insert() > 0 ? 2L * dataset.records() : dataset.records();
        this.options = new StoreOptions(expected, avgKey, avgValue);
    }

    /**
     * The store of this fork's task ({@link BenchSettings#task()}): its values, not names to look up again. The JMH
     * parameters are labels; one that disagrees with the task means the fork was started wrongly.
     */
    static StoreFixture create(String engineLabel, String workloadLabel) {
        BenchmarkTask task = BenchSettings.task();
        if (!task.engine().equals(engineLabel) || !task.workload().name().equals(workloadLabel)) {
            throw new IllegalStateException("the JMH parameters say " + engineLabel + " x " + workloadLabel
                    + " but the task file says "
                    + task.engine() + " x " + task.workload().name());
        }
        return create(task);
    }

    /** The store of {@code task}; a combination that cannot run fails here with the reason. */
    static StoreFixture create(BenchmarkTask task) {
        KvEngine engine = Engines.byId(task.engine());
        Workload workload = task.workload();
        String unsupported = workload.unsupportedReason(engine.capabilities());
        if (unsupported != null) throw new IllegalStateException("n/a: " + unsupported);
        Dataset dataset = Dataset.generate(workload, (int) task.records()); // the task bounds records to an int
        Path dataDir = Path.of(task.dataDir());
        try {
            Files.createDirectories(dataDir);
            Path dir = Files.createTempDirectory(dataDir, task.key() + "-");
            return new StoreFixture(engine, workload, dataset, dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a store directory under " + dataDir, e);
        }
    }

    Workload workload() {
        return workload;
    }

    Dataset dataset() {
        return dataset;
    }

    KvStore store() {
        return store;
    }

    /** Opens an empty store in a fresh directory (deleting what an earlier iteration left). */
    void openEmpty() {
        close();
        deleteContents();
        store = Engines.open(engine, dir.resolve("store"), options);
    }

    /**
     * Loads every record in the workload's preload order, quiesces the engine (its compactions and cleaners finish now,
     * not during the measurement), then closes and reopens, so reads start from the same disk state in every fork; the
     * store's file count is recorded with the result (metric store.files). A workload that follows its source's
     * transactions (access PASS or SCAN) is loaded as that source loads, in one write transaction where the engine has
     * them (the Xodus "Tokyo Cabinet" reads load with writeSuccessiveKeys, one transaction): a store written by a
     * million single-put transactions is another physical store (for Xodus a log many times larger:
     * docs/results/2026-11-24-access-methods.md).
     */
    void loadAndReopen() {
        openEmpty();
        int[] order = Orders.of(workload.preload() == Workload.Preload.RANDOM ? Workload.Order.RANDOM
                : Workload.Order.SEQUENTIAL,
                dataset.records(), 1.0, workload.seed());
        try (WritePass load = workload.access() == Workload.Access.OPERATION ? store.perOperationWrites()
                : store.openWritePass()) {
            for (int i : order) load.put(dataset.key(i), dataset.value(i));
            load.commit();
        }
        if (BenchSettings.QUIESCE_AFTER_LOADING) store.quiesce();
        reopen();
        IterationMetrics.setStoreFiles(ProcessProbes.fileCount(dir.resolve("store")));
    }

    void reopen() {
        close();
        store = Engines.open(engine, dir.resolve("store"), options);
    }

    void close() {
        if (store != null) store.close();
        store = null;
    }

    /**
     * Allocated bytes of the store directory, after flushing what an open store holds (a write-once store too: its
     * flush writes the buffered log without sealing it, and without it buffered writes would not be counted).
     *
     * @throws IllegalStateException naming the cause when the size cannot be measured: a missing measurement must
     *                               fail the benchmark, never leave a disk check with nothing to check
     */
    long diskBytes() {
        if (store != null && !store.isClosed()) store.flush();
        return ProcessProbes.diskBytes(dir);
    }

    /** Closes the store and deletes its directory. */
    void destroy() {
        close();
        deleteContents();
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    private void deleteContents() {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete " + p, e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private double averageLength(boolean keys) {
        long total = 0;
        int n = Math.min(dataset.records(), 4096);
        for (int i = 0; i < n; i++) total += keys ? dataset.key(i).length : dataset.value(i).length;
        return (double) total / n;
    }
}
