package io.kvbench.bench;

import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.workload.Dataset;
import io.kvbench.workload.KeyChooser;
import io.kvbench.workload.Workload;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Timed operations (ops/s): YCSB's mixes, HestiaStore's sequential lookups, HaloDB's multi-threaded random reads,
 * DataStore4J's concurrent readers and writers. One invocation is one operation; JMH runs the workload's thread count
 * against one shared store. The per-operation path indexes pre-generated arrays and allocates nothing, except where the
 * operation itself creates data (an insert's new key, a scan's entries, as the engine returns them).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class OpsBenchmark {

    /** The store and dataset all threads share. */
    @State(Scope.Benchmark)
    public static class Shared {
        @Param("rocksdb")
        public String engine;

        @Param("ycsb-c")
        public String workload;

        /** A label for JMH's output; the values come from the task file. */
        @Param("smoke")
        public String profile;

        StoreFixture fixture;
        Workload spec;
        KvStore store;
        Dataset data;
        /** Records that exist: loaded plus inserted so far. */
        final AtomicLong records = new AtomicLong();
        /** Workers' read views (access PASS) not closed yet: the store must outlive them. */
        final AtomicInteger openViews = new AtomicInteger();
        int loaded;

        @Setup(Level.Trial)
        public void setUp() {
            setUp(StoreFixture.create(engine, workload));
        }

        /** Loads (or opens empty) {@code fixture}'s store for the threads to share; outside JMH, for tests. */
        void setUp(StoreFixture fixture) {
            this.fixture = fixture;
            spec = fixture.workload();
            data = fixture.dataset();
            if (spec.preload() == Workload.Preload.NONE) fixture.openEmpty(); else fixture.loadAndReopen();
            store = fixture.store();
            loaded = data.records();
            records.set(loaded);
        }

        @Setup(Level.Iteration)
        public void setUpIteration() {
            BenchSettings.untimedChore();
            DuetBarrier.await(); // in a duet, both sides' iterations start together
        }

        @TearDown(Level.Iteration)
        public void measureDisk() {
            IterationMetrics.timedRegionEnds(); // first: the flush and du below are not the workload's CPU or writes
            IterationMetrics.setDiskBytes(fixture.diskBytes());
            BenchSettings.untimedChore();
        }

        /**
         * JMH runs this in the first thread to finish the last iteration, possibly before the other threads' iteration
         * teardowns have closed their read views; closing the store under an open view fails (LMDB: environment
         * already closed), so it waits for them.
         */
        @TearDown(Level.Trial)
        public void tearDown() {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (openViews.get() > 0 && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            fixture.destroy();
        }

        byte[] key(long index) {
            return index < loaded ? data.key((int) index) : data.newKey(index);
        }
    }

    /** What each benchmark thread keeps to itself: random source, key chooser, buffers, counters. */
    @State(Scope.Thread)
    public static class Worker {
        private SplittableRandom random;
        private KeyChooser chooser;
        private byte[] valueBuffer;
        private final LatencySampler sampler = new LatencySampler();
        private final ScanCounter scanCounter = new ScanCounter();
        private double readBelow;
        private double updateBelow;
        private double insertBelow;
        private double scanBelow;
        private long operations;
        private long logicalBytesWritten;
        private long misses;
        /** Access PASS: this thread's read view for the iteration (null: the store's own gets). */
        private ReadPass view;
        private boolean missesAreLoss;
        private boolean inserts;

        @Setup(Level.Trial)
        public void setUp(Shared shared, ThreadParams thread) {
            init(shared, thread.getThreadIndex());
        }

        /**
         * Runs after the shared state's setups (JMH sets up a state before the states that depend on it), so the
         * last worker to get here starts the timed region after all setup work, the trial's loading included.
         */
        @Setup(Level.Iteration)
        public void startTimedRegion(Shared shared) {
            // Opened by the thread that reads through it (LMDB's read transactions belong to their thread), untimed.
            if (shared.spec.access() == Workload.Access.PASS) {
                view = shared.store.openReadPass();
                shared.openViews.incrementAndGet();
            }
            IterationMetrics.timedRegionStarts();
        }

        /** Prepares this worker for thread {@code threadIndex} (also used outside JMH by the overhead benchmark). */
        void init(Shared shared, int threadIndex) {
            Workload.Mix mix = shared.spec.mix();
            random = new SplittableRandom(shared.spec.seed() * 1_000_003L + threadIndex);
            chooser = KeyChooser.of(shared.spec.distribution(), shared.loaded);
            valueBuffer = new byte[Math.max(1, shared.data.maxValueBytes())];
            readBelow = mix.read();
            updateBelow = readBelow + mix.update();
            insertBelow = updateBelow + mix.insert();
            scanBelow = insertBelow + mix.scan();
            // A read of a loaded record must hit; with inserts, or with no preload, a miss is legitimate.
            missesAreLoss = mix.insert() == 0 && shared.spec.preload() != Workload.Preload.NONE;
            inserts = mix.insert() > 0;
        }

        long next(Shared shared) {
            if (!sampler.shouldSample()) return operation(shared);
            long start = System.nanoTime();
            long result = operation(shared);
            sampler.record(System.nanoTime() - start);
            return result;
        }

        private long operation(Shared shared) {
            operations++;
            double roll = random.nextDouble();
            if (roll < readBelow) return read(shared, chooser.next(random, records(shared)));
            if (roll < updateBelow) return write(shared, chooser.next(random, records(shared)));
            if (roll < insertBelow) return write(shared, shared.records.getAndIncrement());
            if (roll < scanBelow) return scan(shared, chooser.next(random, records(shared)));
            long index = chooser.next(random, records(shared));
            return read(shared, index) + write(shared, index);
        }

        /** Records that exist now; a plain field read unless the workload inserts (then a volatile read). */
        private long records(Shared shared) {
            return inserts ? shared.records.get() : shared.loaded;
        }

        private long read(Shared shared, long index) {
            ReadPass reads = view;
            int length = reads != null ? reads.get(shared.key(index), valueBuffer)
                    : shared.store.get(shared.key(index), valueBuffer);
            if (length < 0) misses++;
            return length;
        }

        private long write(Shared shared, long index) {
            byte[] key = shared.key(index);
            byte[] value = shared.data.value((int) (index + operations));
            shared.store.put(key, value);
            logicalBytesWritten += key.length + value.length;
            return value.length;
        }

        private long scan(Shared shared, long index) {
            scanCounter.limit = 1 + random.nextInt(shared.spec.maxScanLength());
            scanCounter.seen = 0;
            shared.store.scan(shared.key(index), null, scanCounter);
            return scanCounter.seen;
        }

        @TearDown(Level.Iteration)
        public void publish(Shared shared) {
            IterationMetrics.timedRegionEnds(); // (the shared teardown usually ended it already)
            if (view != null) {
                try {
                    view.close();
                } finally {
                    view = null;
                    shared.openViews.decrementAndGet();
                }
            }
            sampler.publish();
            IterationMetrics.addLogicalBytesWritten(logicalBytesWritten);
            IterationMetrics.addOperations(operations);
            operations = 0;
            logicalBytesWritten = 0;
            if (misses > 0 && missesAreLoss) {
                throw new IllegalStateException("[" + shared.engine + "] " + misses
                        + " reads of loaded records found nothing: the engine lost data");
            }
            misses = 0;
        }
    }

    /** Counts scanned entries and stops at the limit; one per thread, reused. */
    static final class ScanCounter implements EntryVisitor {
        int limit;
        int seen;

        @Override
        public boolean visit(byte[] key, byte[] value) {
            return ++seen < limit;
        }
    }

    @Benchmark
    public long operation(Shared shared, Worker worker) {
        return worker.next(shared);
    }
}
