package io.kvbench.bench;

import io.kvbench.workload.Dataset;
import java.util.SplittableRandom;
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
 * What the harness costs: uniform random point reads of one loaded store, once through kvbench's full operation path
 * (OpsBenchmark's worker: op choice, key choice, latency sampling, KvStore's checks, the adapter) and once calling the
 * engine's own API directly on the same engine object. The difference in ops/s is the harness overhead, which must stay
 * within 3 %. Run it with {@code kvbench overhead}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class HarnessOverheadBenchmark {

    public static final String WORKLOAD = "uniform-read-1t";

    @Param({"rocksdb", "lmdb"})
    public String engine;

    @Param("smoke")
    public String profile;

    private final OpsBenchmark.Shared shared = new OpsBenchmark.Shared();
    private final OpsBenchmark.Worker worker = new OpsBenchmark.Worker();
    private RawEngines.RawReader raw;
    private byte[][] keys;
    private byte[] buffer;
    private final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void setUp() {
        shared.engine = engine;
        shared.workload = WORKLOAD;
        shared.profile = profile;
        shared.setUp();
        worker.init(shared, 0);
        Dataset data = shared.data;
        keys = new byte[data.records()][];
        for (int i = 0; i < keys.length; i++) keys[i] = data.key(i);
        buffer = new byte[data.maxValueBytes()];
        raw = RawEngines.of(shared.store);
    }

    /** Through kvbench: the path every benchmark result is measured on. */
    @Benchmark
    public long harness() {
        return worker.next(shared);
    }

    /** The engine's own API on the same engine object, same random source cost. */
    @Benchmark
    public int raw() {
        return raw.get(keys[(int) random.nextLong(keys.length)], buffer);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        raw.close();
        shared.tearDown();
    }
}
