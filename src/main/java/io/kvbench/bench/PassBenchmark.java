package io.kvbench.bench;

import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.workload.Dataset;
import io.kvbench.workload.Orders;
import io.kvbench.workload.Workload;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Whole-dataset passes timed as one shot each (the Tokyo Cabinet, DataStore4J and SHA-1 comparisons report seconds per
 * pass). A write pass starts from an empty store every iteration and ends with flush() (or close(), for load-and-persist)
 * so that an engine cannot win by keeping writes in memory; a read pass visits a loaded store, reopened after loading.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
public class PassBenchmark {

    @Param("rocksdb")
    public String engine;

    @Param("tc-seq-write")
    public String workload;

    /** A label for JMH's output; the values come from the task file. */
    @Param("smoke")
    public String profile;

    private StoreFixture fixture;
    private Workload spec;
    private int[] order;
    private byte[] valueBuffer;
    private long logicalBytesPerPass;
    private final LatencySampler sampler = new LatencySampler();

    @Setup(Level.Trial)
    public void setUpTrial() {
        fixture = StoreFixture.create(engine, workload);
        spec = fixture.workload();
        Dataset data = fixture.dataset();
        order = Orders.of(spec.order(), data.records(), spec.fraction(), spec.seed());
        valueBuffer = new byte[Math.max(1, data.maxValueBytes())];
        for (int i : order) logicalBytesPerPass += data.key(i).length + data.value(i).length;
        if (spec.phase() == Workload.Phase.READ_PASS) fixture.loadAndReopen();
    }

    @Setup(Level.Iteration)
    public void setUpIteration() {
        BenchSettings.untimedChore();
        if (spec.phase() == Workload.Phase.WRITE_PASS) {
            fixture.openEmpty();
        } else if (spec.reopenEachIteration()) {
            fixture.reopen();
        }
        IterationMetrics.timedRegionStarts(); // last: opening the store is not the pass's CPU or device writes
    }

    @Benchmark
    public long pass() {
        return spec.phase() == Workload.Phase.WRITE_PASS ? writePass() : readPass();
    }

    private long writePass() {
        KvStore store = fixture.store();
        Dataset data = fixture.dataset();
        LatencySampler latencies = sampler;
        for (int i : order) {
            if (latencies.shouldSample()) {
                long start = System.nanoTime();
                store.put(data.key(i), data.value(i));
                latencies.record(System.nanoTime() - start);
            } else {
                store.put(data.key(i), data.value(i));
            }
            BenchSettings.slowdown();
        }
        if (spec.closeInPass()) fixture.close(); else store.flush();
        return order.length;
    }

    /**
     * Access PASS reads through one read view opened inside the timed pass (the published benchmarks open their read
     * transaction inside the timed method); OPERATION reads with the store's own gets.
     */
    private long readPass() {
        KvStore store = fixture.store();
        if (spec.access() == Workload.Access.PASS) {
            try (ReadPass view = store.openReadPass()) {
                return readAll(view);
            }
        }
        return readAll(store.perOperationReads());
    }

    private long readAll(ReadPass reads) {
        Dataset data = fixture.dataset();
        LatencySampler latencies = sampler;
        byte[] buffer = valueBuffer;
        long bytes = 0;
        int misses = 0;
        for (int i : order) {
            int length;
            if (latencies.shouldSample()) {
                long start = System.nanoTime();
                length = reads.get(data.key(i), buffer);
                latencies.record(System.nanoTime() - start);
            } else {
                length = reads.get(data.key(i), buffer);
            }
            BenchSettings.slowdown();
            if (length < 0) misses++; else bytes += length;
        }
        if (misses > 0) {
            throw new IllegalStateException("[" + engine + "] " + misses + " of " + order.length
                    + " loaded records were not found: the engine lost data");
        }
        return bytes;
    }

    @TearDown(Level.Iteration)
    public void tearDownIteration() {
        IterationMetrics.timedRegionEnds(); // first: the flush and du of the disk measurement are not the pass's
        sampler.publish();
        IterationMetrics.addOperations(order.length);
        if (spec.phase() == Workload.Phase.WRITE_PASS) IterationMetrics.addLogicalBytesWritten(logicalBytesPerPass);
        IterationMetrics.setDiskBytes(fixture.diskBytes());
        BenchSettings.untimedChore();
    }

    @TearDown(Level.Trial)
    public void tearDownTrial() {
        fixture.destroy();
    }
}
