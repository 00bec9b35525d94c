package io.kvbench.gate;

import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.Engines;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.judge.SequentialTest;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Verdict;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An A/B session judged on a cost ({@code --metric}): the same rounds, the same paired and sequential tests, on the
 * cost's value per round. Here B takes as long as A but allocates per operation what A does not, as lmdbjava 0.9.1's
 * put does against 0.9.0's.
 */
class CostJudgedSessionTest {

    @TempDir
    Path tmp;

    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    private final SequentialTest test = new SequentialTest(0.01, 0.05, 0.05, 4, 12, SequentialTest.DEFAULT_MIN_SPREAD);

    /** The same time per operation on both sides (noise only); allocation per operation as given, or none recorded. */
    private static BenchmarkRunner runner(Double allocPerOp) {
        return runnerOf(allocPerOp == null ? null : () -> allocPerOp);
    }

    private static BenchmarkRunner runnerOf(DoubleSupplier allocPerOp) {
        long[] seed = {allocPerOp == null ? 1 : 7};
        return new BenchmarkRunner() {
            @Override
            public String name() {
                return "scripted";
            }

            @Override
            public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
                return new Setup(Fixtures.machine(Fixtures.MACHINE_CLASS), "scripted", Map.of(), List.of(),
                        (task, context, files) -> {
                            BenchmarkResult r = ok("lmdb", task.workload().name(),
                                    normal(seed[0]++, 10, 1000, 30));
                            if (allocPerOp == null) return r;
                            double alloc = allocPerOp.getAsDouble();
                            Map<String, Metric> secondary = new HashMap<>(r.secondary());
                            secondary.put(MetricNames.ALLOC_BYTES_PER_OP, new Metric(alloc, 0, "B/op"));
                            return r.withMeasurement(new Measurement(r.metric(), r.score(), r.error(), r.unit(),
                                    r.samples(), secondary));
                        });
            }
        };
    }

    private Interleaving.Result judged(BenchmarkRunner a, BenchmarkRunner b, JudgedMetric metric) throws IOException {
        InterleaveSession session = InterleaveSession.builder().engines(List.of(Engines.byId("lmdb")))
                .workloads(List.of(Catalog.workload("ycsb-c"))).profile(Catalog.profile("smoke"))
                .outDir(tmp.resolve(metric.label()))
                .sides(new Interleaving.Side("A", a, "A"), new Interleaving.Side("B", b, "B"))
                .schedule(RoundSchedule.ALTERNATE).seed(7).policy(new BootstrapPolicy()).metric(metric).console(quiet)
                .build();
        return SequentialInterleaving.run(session, test, null).get(0);
    }

    @Test
    void aCostThatTimeDoesNotShowIsARegressionInTheMinimumRounds() throws IOException {
        JudgedMetric alloc = JudgedMetric.of(MetricNames.ALLOC_BYTES_PER_OP);
        Interleaving.Result onAlloc = judged(runner(0.18), runner(432.0), alloc);
        assertThat(onAlloc.row().verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(onAlloc.roundRatios()).as("a near-deterministic cost decides at the minimum").hasSize(4);
        assertThat(onAlloc.row().unit()).isEqualTo("B/op");
        assertThat(onAlloc.row().measuredScore()).as("B's cost plus the floor").isEqualTo(432.0 + 256);

        // Judged on time, the same rounds still fail: B's allocation against A's rounds, as the gate judges costs.
        Interleaving.Result onTime = judged(runner(0.18), runner(432.0), JudgedMetric.TIME);
        assertThat(onTime.row().verdict()).as(onTime.row().note()).isEqualTo(Verdict.REGRESSION);
        assertThat(onTime.row().unit()).as("the time's row").isNotEqualTo("B/op");
        assertThat(onTime.row().note()).contains("cost REGRESSION: " + MetricNames.ALLOC_BYTES_PER_OP + " grew");
    }

    @Test
    void anUnchangedCostIsAcceptedAsNotWorse() throws IOException {
        Interleaving.Result same = judged(runner(0.18), runner(0.18), JudgedMetric.of(MetricNames.ALLOC_BYTES_PER_OP));
        assertThat(same.row().verdict()).isIn(Verdict.PASS, Verdict.IMPROVEMENT);
        assertThat(same.resolution().atMinimumEffect(0.05)).isTrue();
    }

    @Test
    void aFewBytesOfNoiseOnANearZeroCostAreNotAChange() throws IOException {
        // As lmdbjava's puts measured on AMD EPYC f26-m2: 0.18 B/op, and a few bytes more in about 1 round of 10.
        double[] noisy = {0.18, 0.18, 0.18, 8.2, 0.18, 0.18, 0.18, 0.18, 0.18, 0.18};
        int[] round = {0};
        BenchmarkRunner b = runnerOf(() -> noisy[round[0]++ % noisy.length]);
        Interleaving.Result same = judged(runner(0.18), b, JudgedMetric.of(MetricNames.ALLOC_BYTES_PER_OP));
        assertThat(same.row().verdict()).as(same.row().note()).isIn(Verdict.PASS, Verdict.IMPROVEMENT);
        assertThat(same.resolution().atMinimumEffect(0.05)).as(same.row().note()).isTrue();
        assertThat(JudgedMetric.of(MetricNames.ALLOC_BYTES_PER_OP).judged()).isEqualTo("alloc.bytes.op + 256");
    }

    @Test
    void aCostNotRecordedIsKvbenchsFailureNotTheEngines() throws IOException {
        Interleaving.Result missing = judged(runner(null), runner(432.0),
                JudgedMetric.of(MetricNames.ALLOC_BYTES_PER_OP));
        assertThat(missing.row().verdict()).isEqualTo(Verdict.ERROR);
        assertThat(missing.failure().kind()).isEqualTo(FailureKind.UNRECORDED);
        assertThat(missing.row().note()).contains("no alloc.bytes.op recorded");
    }

    @Test
    void onlyTimeAndTheListedCostsCanBeJudged() {
        assertThat(JudgedMetric.of("time")).isEqualTo(JudgedMetric.TIME);
        assertThat(JudgedMetric.of(null)).isEqualTo(JudgedMetric.TIME);
        assertThat(JudgedMetric.of(MetricNames.DISK_BYTES).label()).isEqualTo(MetricNames.DISK_BYTES);
        assertThatThrownBy(() -> JudgedMetric.of(MetricNames.GC_COUNT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no cost named 'gc.count' can be judged");
    }
}
