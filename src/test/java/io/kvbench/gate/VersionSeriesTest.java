package io.kvbench.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.fixtures.SampleResults;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Thresholds;
import io.kvbench.judge.WelchPolicy;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The judgement of a version series from scripted round scores: points with their interval over the rounds, steps
 * judged by the A/B's paired rule, and a version that does not link skipped by the step around it.
 */
class VersionSeriesTest {

    static final BenchmarkKey KEY = new BenchmarkKey("lmdb", "ycsb-c");
    static final VersionsReport.Subject SUBJECT = new VersionsReport.Subject("lmdb", "org.lmdbjava:lmdbjava",
            List.of("0.9.0", "0.9.1", "0.9.2"));
    static final ThresholdPolicy POLICY = new WelchPolicy(Thresholds.DEFAULTS.withAlpha(0.01).withMinEffect(0.05));

    /** Throughput results of one version, one per round. */
    static List<BenchmarkResult> rounds(double... scores) {
        List<BenchmarkResult> out = new ArrayList<>();
        for (double s : scores) out.add(SampleResults.throughput("lmdb", "ycsb-c", s, s / 100));
        return out;
    }

    static List<BenchmarkResult> linkage() {
        return List.of(BenchmarkResult.failed("lmdb", "ycsb-c", FailureKind.LINKAGE,
                "the adapter does not link: NoSuchMethodError org.lmdbjava.Env.open", null));
    }

    @Test
    void aPointIsTheMeanWithItsStudentTIntervalOverTheRounds() {
        double[] interval = VersionSeries.meanInterval(new double[] {100, 110, 90});
        // sd 10 over 3 rounds: t(0.975, 2) = 4.3027, standard error 10 / sqrt(3)
        assertThat(interval[0]).isCloseTo(100, within(1e-9));
        assertThat(interval[2] - interval[0]).isCloseTo(4.302653 * 10 / Math.sqrt(3), within(1e-4));
        assertThat(interval[0] - interval[1]).isCloseTo(interval[2] - interval[0], within(1e-9));
        assertThat(VersionSeries.meanInterval(new double[] {5})[1]).isNaN();
    }

    @Test
    void aSlowerStepIsARegressionWithItsSizeAndAQuietStepPasses() {
        Map<String, List<BenchmarkResult>> byVersion = new LinkedHashMap<>();
        byVersion.put("0.9.0", rounds(1000, 1010, 990, 1005, 995, 1000));
        byVersion.put("0.9.1", rounds(1001, 1009, 991, 1004, 996, 1001));
        byVersion.put("0.9.2", rounds(801, 809, 791, 805, 795, 800));
        VersionsReport.Series s = VersionSeries.judge(KEY, List.of("0.9.0", "0.9.1", "0.9.2"), byVersion, POLICY);
        assertThat(s.unit()).isEqualTo("ops/s");
        assertThat(s.points()).extracting(VersionsReport.Point::state).containsOnly(VersionsReport.State.MEASURED);
        assertThat(s.points().get(0).relative()).isEqualTo(1.0);
        assertThat(s.points().get(2).relative()).isCloseTo(0.8, within(0.002));
        assertThat(s.steps()).extracting(VersionsReport.Step::from, VersionsReport.Step::to)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("0.9.0", "0.9.1"),
                        org.assertj.core.groups.Tuple.tuple("0.9.1", "0.9.2"));
        assertThat(s.steps().get(0).result().row().verdict()).isEqualTo(Verdict.PASS);
        VersionsReport.Step slower = s.steps().get(1);
        assertThat(slower.result().row().verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(slower.result().row().note()).contains("slower: -20");
        assertThat(slower.result().roundRatios()).hasSize(6).allSatisfy(r -> assertThat(r).isCloseTo(0.8,
                within(0.003)));
        assertThat(slower.result().resolution()).as("the rounds' resolution").isNotNull();
        assertThat(s.steps().get(0).result().resolution().slowdown()).isGreaterThanOrEqualTo(0.05);
    }

    @Test
    void aVersionThatDoesNotLinkIsLinkageAndTheStepComparesItsNeighbours() {
        Map<String, List<BenchmarkResult>> byVersion = new LinkedHashMap<>();
        byVersion.put("0.9.0", rounds(1000, 1010, 990, 1000));
        byVersion.put("0.9.1", linkage());
        byVersion.put("0.9.2", rounds(1300, 1310, 1290, 1300));
        VersionsReport.Series s = VersionSeries.judge(KEY, List.of("0.9.0", "0.9.1", "0.9.2"), byVersion, POLICY);
        VersionsReport.Point skipped = s.points().get(1);
        assertThat(skipped.state()).isEqualTo(VersionsReport.State.LINKAGE);
        assertThat(skipped.note()).contains("NoSuchMethodError");
        assertThat(skipped.mean()).isNaN();
        assertThat(s.steps()).singleElement().satisfies(step -> {
            assertThat(step.from()).isEqualTo("0.9.0");
            assertThat(step.to()).isEqualTo("0.9.2");
            assertThat(step.skipped()).containsExactly("0.9.1");
            assertThat(step.result().row().verdict()).isEqualTo(Verdict.IMPROVEMENT);
        });
    }

    @Test
    void aFirstVersionThatDoesNotLinkLeavesTheNextAsTheReference() {
        Map<String, List<BenchmarkResult>> byVersion = new LinkedHashMap<>();
        byVersion.put("0.9.0", linkage());
        byVersion.put("0.9.1", rounds(1000, 1000, 1000));
        byVersion.put("0.9.2", rounds(500, 500, 500));
        VersionsReport.Series s = VersionSeries.judge(KEY, List.of("0.9.0", "0.9.1", "0.9.2"), byVersion, POLICY);
        assertThat(s.points().get(1).relative()).isEqualTo(1.0);
        assertThat(s.points().get(2).relative()).isEqualTo(0.5);
        assertThat(s.steps()).singleElement().satisfies(step -> assertThat(step.skipped()).isEmpty());
    }

    @Test
    void anErrorIsAnErrorPointAndTheReportSaysSo() {
        Map<String, List<BenchmarkResult>> byVersion = new LinkedHashMap<>();
        byVersion.put("1", rounds(1000, 1000, 1000));
        byVersion.put("2", List.of(BenchmarkResult.failed("lmdb", "ycsb-c", FailureKind.TIMEOUT, "timed out", null)));
        VersionsReport.Series s = VersionSeries.judge(KEY, List.of("1", "2"), byVersion, POLICY);
        assertThat(s.points().get(1).state()).isEqualTo(VersionsReport.State.ERROR);
        assertThat(s.steps()).isEmpty();
        assertThat(report(null, s).anyError()).isTrue();
    }

    static VersionsReport report(String shard, VersionsReport.Series... series) {
        return new VersionsReport(SUBJECT, new VersionsReport.Session("tiny", 6, shard, 1.5),
                new VersionsReport.Judging(POLICY.describe(), 0.01, 0.05, 7), List.of(series));
    }

    static VersionsReport.Series quiet(String workload) {
        Map<String, List<BenchmarkResult>> byVersion = new LinkedHashMap<>();
        byVersion.put("0.9.0", rounds(1000, 1010, 990));
        byVersion.put("0.9.1", linkage());
        byVersion.put("0.9.2", rounds(1001, 1011, 991));
        return VersionSeries.judge(new BenchmarkKey("lmdb", workload), List.of("0.9.0", "0.9.1", "0.9.2"), byVersion,
                POLICY);
    }

    @Test
    void shardsMergeInShardOrderAndMismatchesAreRefused() {
        VersionsReport one = report("1/2", quiet("ycsb-a"));
        VersionsReport two = report("2/2", quiet("ycsb-c"));
        VersionsReport merged = VersionsMerge.merge(List.of("b", "a"), List.of(two, one));
        assertThat(merged.series()).extracting(VersionsReport.Series::workload).containsExactly("ycsb-a", "ycsb-c");
        assertThat(merged.shard()).isNull();
        assertThat(merged.versions()).containsExactly("0.9.0", "0.9.1", "0.9.2");
        assertThatThrownBy(() -> VersionsMerge.merge(List.of("a", "b"), List.of(one, report("2/2", quiet("ycsb-a")))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("workload ycsb-a is in another");
        VersionsReport otherRounds = new VersionsReport(SUBJECT, new VersionsReport.Session("tiny", 4, "2/2", 1),
                one.judging(), List.of(quiet("ycsb-c")));
        assertThatThrownBy(() -> VersionsMerge.merge(List.of("a", "b"), List.of(one, otherRounds)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shards b and a differ in rounds");
        assertThatThrownBy(() -> VersionsMerge.merge(List.of("a", "b"), List.of(one, report("1/2", quiet("x")))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shard 1/2 is given twice");
    }

    @Test
    void aRoundRotatesTheVersions() {
        List<Interleaving.Side> sides = List.of(new Interleaving.Side("a", null, ""),
                new Interleaving.Side("b", null, ""), new Interleaving.Side("c", null, ""));
        assertThat(VersionRounds.order(sides, 0)).extracting(Interleaving.Side::name).containsExactly("a", "b", "c");
        assertThat(VersionRounds.order(sides, 1)).extracting(Interleaving.Side::name).containsExactly("b", "c", "a");
        assertThat(VersionRounds.order(sides, 5)).extracting(Interleaving.Side::name).containsExactly("c", "a", "b");
    }
}
