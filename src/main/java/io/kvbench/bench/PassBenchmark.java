package io.kvbench.bench;

import io.kvbench.engine.KvStore;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.WritePass;
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
 * pass). A write pass starts from an empty store every iteration and ends with flush() (or close(), for
 * load-and-persist)
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
        DuetBarrier.await(); // in a duet, both sides' passes start together
        IterationMetrics.timedRegionStarts(); // last: opening the store is not the pass's CPU or device writes
    }

    @Benchmark
    public long pass() {
        return spec.phase() == Workload.Phase.WRITE_PASS ? writePass() : readPass();
    }

    /**
     * Access PASS writes the pass in one write transaction, opened and committed inside the timed pass (as the
     * published
     * benchmarks do); OPERATION with the store's own puts. Either way the pass ends with flush() (or close()).
     */
    private long writePass() {
        KvStore store = fixture.store();
        if (spec.access() == Workload.Access.PASS) {
            try (WritePass writes = store.openWritePass()) {
                writeAll(writes);
                writes.commit();
            }
        } else {
            writeAll(store.perOperationWrites());
        }
        if (spec.closeInPass()) fixture.close(); else store.flush();
        return order.length;
    }

    private void writeAll(WritePass writes) {
        Dataset data = fixture.dataset();
        LatencySampler latencies = sampler;
        for (int i : order) {
            if (latencies.shouldSample()) {
                long start = System.nanoTime();
                writes.put(data.key(i), data.value(i));
                latencies.record(System.nanoTime() - start);
            } else {
                writes.put(data.key(i), data.value(i));
            }
        }
    }

    /**
     * Access PASS reads through one read view opened inside the timed pass (the published benchmarks open their read
     * transaction inside the timed method); OPERATION reads with the store's own gets.
     */
    private long readPass() {
        KvStore store = fixture.store();
        if (spec.access() == Workload.Access.SCAN) return scanAll(store);
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
            if (length < 0) misses++; else bytes += length;
        }
        if (misses > 0) {
            throw new IllegalStateException("[" + engine + "] " + misses + " of " + order.length
                    + " loaded records were not found: the engine lost data");
        }
        return bytes;
    }

    /** Access SCAN: one walk over every entry with the engine's cursor (its scan), as the published successive reads.
     * */
    private long scanAll(KvStore store) {
        walker.start(sampler);
        store.scan(null, null, walker);
        if (walker.entries != order.length) {
            throw new IllegalStateException("[" + engine + "] a scan of " + order.length + " loaded records visited "
                    + walker.entries + ": the engine lost or duplicated data");
        }
        return walker.bytes;
    }

    private final Walker walker = new Walker();

    /**
     * Counts what a scan visits; a field, so a pass allocates nothing of its own. A sampled entry's latency is the time
     * from its visit to the next one: the cursor's step to the next entry plus the copy the scan hands over.
     */
    private static final class Walker implements EntryVisitor {
        LatencySampler latencies;
        long entries;
        long bytes;
        long sampledAt;

        void start(LatencySampler sampler) {
            latencies = sampler;
            entries = 0;
            bytes = 0;
            sampledAt = 0;
        }

        @Override
        public boolean visit(byte[] key, byte[] value) {
            if (sampledAt != 0) {
                latencies.record(System.nanoTime() - sampledAt);
                sampledAt = 0;
            }
            entries++;
            bytes += value.length;
            if (latencies.shouldSample()) sampledAt = System.nanoTime();
            return true;
        }
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
