package io.kvbench.bench;

import io.kvbench.engine.KvStore;
import io.kvbench.engine.WritePass;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Dataset;
import io.kvbench.workload.Orders;
import io.kvbench.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * A task's fixed work done once in this JVM, without JMH, and the footprint it leaves: a write pass into a fresh store
 * as {@link PassBenchmark} writes it (without its latency sampling), or the load of a read workload as every read
 * benchmark loads it ({@link StoreFixture#loadAndReopen}). The same work leaves the same files on the same file system
 * on every machine, so its footprint can be judged where throughput has no baseline. The seconds it took are the
 * result's score, for people only: one untimed sample, never a benchmark.
 */
public final class FixedWork {

    private FixedWork() {
    }

    /**
     * @throws IllegalArgumentException for a workload whose work depends on the machine (timed writes)
     * @throws RuntimeException         what the engine threw
     */
    public static Measurement once(BenchmarkTask task) {
        Workload workload = task.workload();
        if (!workload.fixedWork()) {
            throw new BadInputException(workload.name() + " writes for a time, not a fixed amount: its "
                    + "footprint depends on the machine's speed");
        }
        long started = System.nanoTime();
        StoreFixture fixture = StoreFixture.create(task);
        try {
            if (workload.phase() == Workload.Phase.WRITE_PASS) writePass(fixture); else fixture.loadAndReopen();
            long disk = fixture.diskBytes();
            double seconds = (System.nanoTime() - started) / 1e9;
            return new Measurement(BenchmarkResult.TIME_PER_PASS, seconds, Double.NaN, "s/op", List.of(seconds),
                    Map.of(MetricNames.DISK_BYTES, new Metric(disk, Double.NaN, "B")));
        } finally {
            fixture.destroy();
        }
    }

    /** The records a write pass of {@code task} writes: the dataset, or the fraction of it its order takes. */
    public static int recordsWritten(BenchmarkTask task) {
        Workload spec = task.workload();
        return Orders.of(spec.order(), Math.toIntExact(task.records()), spec.fraction(), spec.seed()).length;
    }

    /** One write pass into a fresh store, in the order and transactions {@link PassBenchmark} uses. */
    private static void writePass(StoreFixture fixture) {
        fixture.openEmpty();
        Workload spec = fixture.workload();
        Dataset data = fixture.dataset();
        KvStore store = fixture.store();
        int[] order = Orders.of(spec.order(), data.records(), spec.fraction(), spec.seed());
        if (spec.access() == Workload.Access.PASS) {
            try (WritePass writes = store.openWritePass()) {
                putAll(writes, data, order);
                writes.commit();
            }
        } else {
            putAll(store.perOperationWrites(), data, order);
        }
        if (spec.closeInPass()) fixture.close(); else store.flush();
    }

    private static void putAll(WritePass writes, Dataset data, int[] order) {
        for (int i : order) writes.put(data.key(i), data.value(i));
    }
}
