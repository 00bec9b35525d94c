package io.kvbench.judge;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.CostBaseline;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Profile;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The cost check: a cost above its allowance is a REGRESSION on any class, one within is judged, the rest said. */
class CostCheckTest {

    private static final BenchmarkKey KEY = new BenchmarkKey("lmdb", "tc-random-read");
    private static final Thresholds THRESHOLDS = new Thresholds(0.01, 0.1, 0.05, 4096, Map.of(), Map.of(),
            Map.of(MetricNames.ALLOC_BYTES_PER_OP, new Profile.CostTolerance(0.10, 16, "test")));

    /** A result of KEY on ext4 allocating {@code alloc} B/op, of engine version {@code version}. */
    private static BenchmarkResult result(Double alloc, String version) {
        BenchmarkResult r = ok(KEY.engine(), KEY.workload(), 10, 11);
        Map<String, Metric> secondary = new HashMap<>();
        if (alloc != null) secondary.put(MetricNames.ALLOC_BYTES_PER_OP, new Metric(alloc, Double.NaN, "B/op"));
        ResultContext c = r.context();
        Map<String, String> resources = new HashMap<>(c.resources());
        resources.put(ResultContext.DATA_FILE_SYSTEM, "ext4");
        return new BenchmarkResult(r.engine(), r.workload(), r.status(), r.kind(), r.reason(),
                new Measurement(r.metric(), r.score(), r.error(), r.unit(), r.samples(), secondary),
                new ResultContext(new io.kvbench.result.Software(version, c.jdk(), "abc"), c.profile(), c.runner(),
                        c.time(), c.machine(), resources, c.parameters()));
    }

    private static BaselineSet costs(double... runs) {
        TreeMap<String, List<Double>> costs = new TreeMap<>();
        costs.put(MetricNames.ALLOC_BYTES_PER_OP, java.util.Arrays.stream(runs).boxed().toList());
        CostBaseline baseline = new CostBaseline(CostBaseline.SCHEMA_VERSION, KEY, PROFILE,
                new CostBaseline.MeasuredOn("1.2.3", "17", "ext4"), costs,
                new CostBaseline.Recorded(List.of("another-class"), "2025-01-02T03:04:05Z", "test"));
        return BaselineSet.absent(PROFILE, MACHINE_CLASS, Path.of("b")).withCosts(Map.of(KEY, baseline));
    }

    private static CostCheck.Checked check(BenchmarkResult result, BaselineSet baselines) {
        ComparisonRow row = ComparisonRow.unjudged(KEY, Verdict.NOT_COMPARED, "ops/s", 10.5, "throughput not compared");
        return CostCheck.apply(List.of(row), List.of(result), baselines, THRESHOLDS);
    }

    @Test
    void oneSmallArrayMorePerGetOnAnEngineThatAllocatesNothingIsARegression() {
        // 3.76 B/op recorded; an 8-byte key copied per get is 24 B more: above 3.78 x 1.1 + 0.02 (the runs' range)
        // + 16 = 20.18.
        CostCheck.Checked checked = check(result(27.8, "1.2.3"), costs(3.76, 3.78));
        ComparisonRow row = checked.rows().get(0);
        assertThat(row.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(row.note()).contains("alloc.bytes.op grew from 3.78 to 27.8", "allowance of 20.18");
        assertThat(checked.judged().get(KEY).grew()).containsExactly(MetricNames.ALLOC_BYTES_PER_OP);
    }

    @Test
    void aCostWithinItsAllowanceIsJudgedAndSaid() {
        CostCheck.Checked checked = check(result(4.1, "1.2.3"), costs(3.76, 3.78));
        ComparisonRow row = checked.rows().get(0);
        assertThat(row.verdict()).as("throughput is still not compared").isEqualTo(Verdict.NOT_COMPARED);
        assertThat(row.note()).contains("costs within tolerance: alloc.bytes.op 4.1 (allowance 20.18)");
        assertThat(checked.judged().get(KEY).within()).containsExactly(MetricNames.ALLOC_BYTES_PER_OP);
        assertThat(checked.judged().get(KEY).grew()).isEmpty();
    }

    /** A cost that varied between the recorded runs gets that much room again: 68 x 1.1 + 26 + 16 = 116.8. */
    @Test
    void theRecordedRunsRangeWidensTheAllowance() {
        assertThat(check(result(110.0, "1.2.3"), costs(42, 68)).rows().get(0).verdict())
                .isEqualTo(Verdict.NOT_COMPARED);
        assertThat(check(result(120.0, "1.2.3"), costs(42, 68)).rows().get(0).note())
                .contains("grew from 68 to 120", "allowance of 116.8");
    }

    @Test
    void anotherEngineVersionIsNotComparedAndTheNoteSaysWhy() {
        CostCheck.Checked checked = check(result(500.0, "2.0.0"), costs(3.76));
        assertThat(checked.rows().get(0).verdict()).isEqualTo(Verdict.NOT_COMPARED);
        assertThat(checked.rows().get(0).note()).contains("costs not compared: its baseline is for lmdb 1.2.3");
        assertThat(checked.judged()).isEmpty();
    }

    @Test
    void aCostTheRunDidNotRecordIsAnErrorNeverAPass() {
        CostCheck.Checked checked = check(result(null, "1.2.3"), costs(3.76));
        assertThat(checked.rows().get(0).verdict()).isEqualTo(Verdict.ERROR);
        assertThat(checked.rows().get(0).note()).contains("recorded no alloc.bytes.op", "kvbench's measurement");
    }

    @Test
    void withoutACostBaselineTheRowStands() {
        BaselineSet none = BaselineSet.absent(PROFILE, MACHINE_CLASS, Path.of("b"));
        CostCheck.Checked checked = check(result(500.0, "1.2.3"), none);
        assertThat(checked.rows().get(0).note()).isEqualTo("throughput not compared");
        assertThat(checked.judged()).isEmpty();
    }
}
