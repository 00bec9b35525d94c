package io.kvbench.judge;

import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Profile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** B's costs against A's rounds in an A/B session: the gate's allowance, B's median, a REGRESSION whatever the time. */
class PairedCostCheckTest {

    private static final BenchmarkKey WRITE = new BenchmarkKey("rocksdb", "tc-seq-write");
    private static final BenchmarkKey TIMED = new BenchmarkKey("rocksdb", "ycsb-a");
    private static final Thresholds THRESHOLDS = new Thresholds(0.01, 0.1, 0.05, 4096, Map.of(), Map.of(),
            Map.of(MetricNames.ALLOC_BYTES_PER_OP, new Profile.CostTolerance(0.10, 16, "test"),
                    MetricNames.SYNCS_PER_OP, new Profile.CostTolerance(0.10, 0.002, "test")));

    private static BenchmarkResult round(BenchmarkKey key, Map<String, Double> costs) {
        BenchmarkResult r = ok(key.engine(), key.workload(), 10, 11);
        Map<String, Metric> secondary = new HashMap<>();
        costs.forEach((name, value) -> secondary.put(name, new Metric(value, Double.NaN, "per op")));
        return r.withMeasurement(new Measurement(r.metric(), r.score(), r.error(), r.unit(), r.samples(), secondary));
    }

    private static List<BenchmarkResult> rounds(BenchmarkKey key, String cost, double... values) {
        List<BenchmarkResult> rounds = new ArrayList<>();
        for (double v : values) rounds.add(round(key, Map.of(cost, v)));
        return rounds;
    }

    private static ComparisonRow pass(BenchmarkKey key) {
        return ComparisonRow.unjudged(key, Verdict.PASS, "s/op", 0.05, "B vs A paired by round over 3 rounds");
    }

    @Test
    void aSyncPerPutInBIsARegressionThoughItsTimePassed() {
        ComparisonRow row = PairedCostCheck.apply(pass(WRITE), rounds(WRITE, MetricNames.SYNCS_PER_OP, 0.0021, 0.0021,
                0.0021), rounds(WRITE, MetricNames.SYNCS_PER_OP, 1.0021, 1.0021, 1.0021), THRESHOLDS);
        assertThat(row.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(row.note()).contains("cost REGRESSION: syncs.op grew from A's 0.0021 to B's 1.002")
                .contains("A's worst of 3 rounds");
    }

    @Test
    void oneRoundOfBWithAFewBytesMoreIsNotAChangeButItsMedianIs() {
        List<BenchmarkResult> a = rounds(TIMED, MetricNames.ALLOC_BYTES_PER_OP, 40, 41, 42);
        ComparisonRow noisy = PairedCostCheck.apply(pass(TIMED), a,
                rounds(TIMED, MetricNames.ALLOC_BYTES_PER_OP, 41, 200, 40), THRESHOLDS);
        assertThat(noisy.verdict()).as(noisy.note()).isEqualTo(Verdict.PASS);
        assertThat(noisy.note()).contains("costs within tolerance of A: alloc.bytes.op 41 (A 42, allowance");
        ComparisonRow grown = PairedCostCheck.apply(pass(TIMED), a,
                rounds(TIMED, MetricNames.ALLOC_BYTES_PER_OP, 66, 66, 200), THRESHOLDS);
        assertThat(grown.verdict()).as(grown.note()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void aTimedWriteWorkloadsSyncsAndACostOneSideLacksAreNotJudged() {
        ComparisonRow timed = PairedCostCheck.apply(pass(TIMED), rounds(TIMED, MetricNames.SYNCS_PER_OP, 0.001, 0.001),
                rounds(TIMED, MetricNames.SYNCS_PER_OP, 1, 1), THRESHOLDS);
        assertThat(timed).as("as many writes as the machine managed: not portable").isEqualTo(pass(TIMED));
        List<BenchmarkResult> b = rounds(WRITE, MetricNames.SYNCS_PER_OP, 1, 1);
        b.set(1, round(WRITE, Map.of()));
        ComparisonRow partial = PairedCostCheck.apply(pass(WRITE), rounds(WRITE, MetricNames.SYNCS_PER_OP, 0.002,
                0.002), b, THRESHOLDS);
        assertThat(partial).isEqualTo(pass(WRITE));
    }

    @Test
    void aRowThatWasNotMeasuredIsLeftAsItIs() {
        ComparisonRow error = ComparisonRow.unmeasured(WRITE, Verdict.ERROR, "s/op", Double.NaN, "failed: boom");
        List<BenchmarkResult> a = rounds(WRITE, MetricNames.SYNCS_PER_OP, 0.002);
        List<BenchmarkResult> b = List.of(BenchmarkResult.failed(WRITE.engine(), WRITE.workload(),
                FailureKind.ENGINE_FAILURE, "boom", null));
        assertThat(PairedCostCheck.apply(error, a, b, THRESHOLDS)).isSameAs(error);
    }
}
