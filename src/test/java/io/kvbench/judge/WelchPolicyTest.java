package io.kvbench.judge;

import static io.kvbench.fixtures.Fixtures.baseline;
import static io.kvbench.fixtures.Fixtures.forks;
import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.normalForks;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.withDisk;
import static io.kvbench.fixtures.Fixtures.withError;
import static io.kvbench.fixtures.Fixtures.withForks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Catalog;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WelchPolicyTest {

    private final WelchPolicy policy = new WelchPolicy();

    private Assessment assess(BenchmarkResult before, BenchmarkResult after) {
        return policy.assess(baseline(before), after);
    }

    @Test
    void clearThroughputDropIsARegression() {
        Assessment a = assess(ok("e", "w", normal(1, 10, 1000, 10)), ok("e", "w", normal(2, 10, 800, 10)));
        assertThat(a.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(a.pValue()).isLessThan(0.01);
        assertThat(a.confidence()).startsWith("p");
        assertThat(a.note()).contains("slower");
    }

    @Test
    void pureNoiseAlwaysPasses() {
        // 2 % noise on both sides can be "significant" by chance, but never reaches the 10 % minimum effect.
        for (int seed = 0; seed < 50; seed++) {
            Assessment a = assess(ok("e", "w", normal(seed, 10, 1000, 20)),
                    ok("e", "w", normal(seed + 1000, 10, 1000, 20)));
            assertThat(a.verdict()).as("seed %d: %s", seed, a).isEqualTo(Verdict.PASS);
        }
    }

    @Test
    void clearThroughputGainIsAnImprovement() {
        Assessment a = assess(ok("e", "w", normal(3, 10, 1000, 10)), ok("e", "w", normal(4, 10, 1300, 10)));
        assertThat(a.verdict()).isEqualTo(Verdict.IMPROVEMENT);
        assertThat(a.pValue()).isLessThan(0.01);
    }

    @Test
    void significantChangeUnderTheMinimumEffectPasses() {
        BenchmarkResult before = ok("e", "w", normal(5, 10, 1000, 5));
        BenchmarkResult after = ok("e", "w", normal(6, 10, 950, 5));
        Assessment a = assess(before, after);
        assertThat(a.pValue()).isLessThan(0.001);
        assertThat(a.verdict()).isEqualTo(Verdict.PASS);
        assertThat(a.note()).contains("minimum effect");
        // The same data fails once the minimum effect is tuned below the 5 % change.
        WelchPolicy strict = new WelchPolicy(new Thresholds(0.01, 0.03, 0.05, 65536));
        assertThat(strict.assess(baseline(before), after).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void largeButInsignificantChangePasses() {
        Assessment a = assess(ok("e", "w", 500, 1500, 800, 1200), ok("e", "w", 350, 1350, 650, 1050));
        assertThat(a.verdict()).isEqualTo(Verdict.PASS);
        assertThat(a.pValue()).isGreaterThan(0.01);
        assertThat(a.note()).contains("not significant");
    }

    @Test
    void longerTimePerPassIsARegressionAndShorterAnImprovement() {
        BenchmarkResult before = ok("e", "w", BenchmarkResult.TIME_PER_PASS, normal(7, 5, 2.0, 0.02));
        Assessment slower = assess(before, ok("e", "w", BenchmarkResult.TIME_PER_PASS, normal(8, 5, 2.6, 0.02)));
        assertThat(slower.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(slower.note()).contains("longer");
        Assessment faster = assess(before, ok("e", "w", BenchmarkResult.TIME_PER_PASS, normal(9, 5, 1.5, 0.02)));
        assertThat(faster.verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }

    @Test
    void diskGrowthBeyondToleranceIsARegressionEvenWithSteadyThroughput() {
        double[] samples = normal(10, 10, 1000, 10);
        BenchmarkResult before = withDisk(ok("e", "w", samples), 100L << 20);
        Assessment grown = assess(before, withDisk(ok("e", "w", samples), 110L << 20));
        assertThat(grown.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(grown.note()).contains("disk").contains("+10.0%");

        assertThat(assess(before, withDisk(ok("e", "w", samples), 104L << 20)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(assess(before, withDisk(ok("e", "w", samples), 80L << 20)).verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }

    @Test
    void aRowWithADiskToleranceOfItsOwnIsJudgedWithItAndOnlyIt() {
        WelchPolicy rows = new WelchPolicy(new Thresholds(0.01, 0.10, 0.05, 0, Map.of("e/w", 0.5), Map.of()));
        double[] samples = normal(10, 10, 1000, 10);
        BenchmarkResult before = withDisk(ok("e", "w", samples), 100L << 20);
        assertThat(rows.assess(baseline(before), withDisk(ok("e", "w", samples), 140L << 20)).verdict())
                .isEqualTo(Verdict.PASS);
        Assessment beyond = rows.assess(baseline(before), withDisk(ok("e", "w", samples), 151L << 20));
        assertThat(beyond.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(beyond.note()).contains("disk grew +51.0%", "tolerance 50.0 MiB");
        // Another workload of the same engine keeps the profile's 5 %.
        BenchmarkResult other = withDisk(ok("e", "x", samples), 100L << 20);
        assertThat(rows.assess(baseline(other), withDisk(ok("e", "x", samples), 110L << 20)).verdict())
                .isEqualTo(Verdict.REGRESSION);
        assertThat(rows.describe()).contains("disk tolerance 5% + 0 B (e/w 50%); costs alloc.bytes.op 10% + 16");
    }

    @Test
    void aRowWithAMinimumEffectOfItsOwnIsJudgedWithItAndOnlyIt() {
        // Forks of an unchanged engine settling 5x apart: the baseline's from the fast mode, this run's from the slow.
        WelchPolicy rows = new WelchPolicy(new Thresholds(0.001, 0.75, 0.05, 0, Map.of(), Map.of("e/w", 0.9)));
        BenchmarkResult fast = inForks("w", 20, 3, 1_700_000);
        BenchmarkResult slow = inForks("w", 21, 4, 300_000);
        Assessment modes = rows.assess(baseline(fast), slow);
        assertThat(modes.verdict()).isEqualTo(Verdict.PASS);
        assertThat(modes.note()).contains("significant but under the 90% minimum effect");
        assertThat(rows.suspect(baseline(fast), slow, modes)).isFalse();
        // A twentyfold drop is beyond the row's modes: still a regression.
        assertThat(rows.assess(baseline(fast), inForks("w", 22, 4, 85_000)).verdict()).isEqualTo(Verdict.REGRESSION);
        // Another workload of the same engine keeps the gate's 75 %.
        assertThat(rows.assess(baseline(inForks("x", 20, 3, 1_700_000)), inForks("x", 21, 4, 300_000)).verdict())
                .isEqualTo(Verdict.REGRESSION);
        assertThat(rows.describe()).contains("minimum effect 75% (e/w 90%); disk tolerance 5% + 0 B");
        // A row only raises the minimum effect: asking for a larger one everywhere still holds on the row.
        Thresholds wider = rows.thresholds().withMinEffect(0.95);
        assertThat(wider.forBenchmark("e", "w").minEffect()).isEqualTo(0.95);
        assertThat(rows.thresholds().forBenchmark("e", "w").minEffect()).isEqualTo(0.9);
        assertThat(rows.thresholds().forBenchmark("e", "x").minEffect()).isEqualTo(0.75);
    }

    /** Throughput of engine e on {@code workload}: {@code forks} forks of 4 samples around {@code mean}. */
    private static BenchmarkResult inForks(String workload, long seed, int forks, double mean) {
        double[] samples = java.util.Arrays.stream(normalForks(seed, forks, 4, mean))
                .flatMapToDouble(java.util.Arrays::stream).toArray();
        return withForks(ok("e", workload, samples), forks);
    }

    @Test
    void aRunWithoutADiskSizeAgainstABaselineWithOneIsAnErrorNotAPass() {
        double[] samples = normal(10, 10, 1000, 10);
        BenchmarkResult before = withDisk(ok("e", "w", samples), 100L << 20);
        Assessment unrecorded = assess(before, ok("e", "w", samples));
        assertThat(unrecorded.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(unrecorded.note()).contains("no disk size in this run (the baseline has 100.0 MiB)");
        // Even a clear score regression: the row says the measurement is incomplete first.
        assertThat(assess(before, ok("e", "w", normal(12, 10, 500, 10))).verdict()).isEqualTo(Verdict.ERROR);
        // Without a disk baseline there is nothing to check.
        assertThat(assess(ok("e", "w", samples), ok("e", "w", samples)).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void smallStoresGetTheAbsoluteDiskSlack() {
        double[] samples = normal(11, 10, 1000, 10);
        BenchmarkResult before = withDisk(ok("e", "w", samples), 10 * 1024);
        assertThat(assess(before, withDisk(ok("e", "w", samples), 60 * 1024)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(assess(before, withDisk(ok("e", "w", samples), 80 * 1024)).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void singleSamplesFallBackToConfidenceIntervalOverlap() {
        BenchmarkResult before = withError(ok("e", "w", 1000), 20);
        Assessment disjoint = assess(before, withError(ok("e", "w", 800), 20));
        assertThat(disjoint.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(disjoint.pValue()).isNaN();
        assertThat(disjoint.confidence()).isEqualTo("CI disjoint");

        Assessment overlapping = assess(before, withError(ok("e", "w", 850), 150));
        assertThat(overlapping.verdict()).isEqualTo(Verdict.PASS);
        assertThat(overlapping.confidence()).isEqualTo("CI overlap");

        // One side with many samples is not enough for the t-test either.
        Assessment mixed = assess(ok("e", "w", normal(12, 10, 1000, 5)), withError(ok("e", "w", 700), 10));
        assertThat(mixed.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(mixed.confidence()).isEqualTo("CI disjoint");
    }

    @Test
    void withoutAnErrorEstimateNothingIsSignificant() {
        Assessment a = assess(ok("e", "w", 1000), ok("e", "w", 500));
        assertThat(a.verdict()).isEqualTo(Verdict.PASS);
        assertThat(a.confidence()).isEqualTo("no error estimate");
        assertThat(a.note()).contains("-50.0%").contains("not significant");
    }

    @Test
    void constantSamplesAreCertain() {
        assertThat(WelchPolicy.welchPValue(new double[] {5, 5, 5}, new double[] {5, 5})).isEqualTo(1.0);
        assertThat(WelchPolicy.welchPValue(new double[] {5, 5, 5}, new double[] {4, 4})).isEqualTo(0.0);
        assertThat(assess(ok("e", "w", 100, 100, 100), ok("e", "w", 50, 50, 50)).verdict())
                .isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void aChangedMetricIsNotComparable() {
        Assessment a = assess(ok("e", "w", 1, 2, 3), ok("e", "w", BenchmarkResult.TIME_PER_PASS, 1, 2, 3));
        assertThat(a.verdict()).isEqualTo(Verdict.NEW);
        assertThat(a.note()).contains("not comparable");
    }

    @Test
    void thresholdsAreValidatedAndDescribed() {
        assertThatThrownBy(() -> new Thresholds(0, 0.1, 0.05, 0)).hasMessageContaining("alpha");
        assertThatThrownBy(() -> new Thresholds(0.01, -1, 0.05, 0)).hasMessageContaining("minEffect");
        assertThat(policy.describe()).contains("alpha 0.01").contains("minimum effect 10%").contains("5% + 64.0 KiB");
    }

    @Test
    void aSlowForkInTheBaselineIsNoiseOnceBothSidesHaveForks() {
        // A pooled baseline whose third run settled at half the speed, against a confirmation that landed on the slow
        // side every time: iteration by iteration that is a clear change, fork by fork it is what forks do.
        BenchmarkResult before = forks(normalForks(20, 3, 5, 1000, 1070, 540));
        BenchmarkResult after = forks(normalForks(21, 4, 5, 560, 550, 570, 555));
        double[] flat = after.samples().stream().mapToDouble(Double::doubleValue).toArray();
        assertThat(assess(before, ok("e", "w", flat)).verdict()).as("on iterations").isEqualTo(Verdict.REGRESSION);
        Assessment byFork = assess(before, after);
        assertThat(byFork.verdict()).isEqualTo(Verdict.PASS);
        assertThat(byFork.confidence()).contains("t-test on 3 and 4 fork means");
        assertThat(byFork.note()).contains("not significant");
    }

    @Test
    void aChangeEveryForkShowsIsARegressionOnForkMeans() {
        Assessment a = assess(forks(normalForks(22, 3, 5, 1000, 1050, 950)),
                forks(normalForks(23, 4, 5, 500, 520, 480, 510)));
        assertThat(a.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(a.confidence()).contains("fork means");
        // One fork on a side: the iterations are all there is to test.
        Assessment oneFork = assess(forks(normalForks(22, 3, 5, 1000, 1050, 950)),
                ok("e", "w", normal(24, 5, 500, 10)));
        assertThat(oneFork.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(oneFork.confidence()).doesNotContain("fork means");
    }

    @Test
    void theSmokeGatesFalseAlarmOnChronicleMapIsNoiseOnForkMeans() {
        // The committed smoke baseline of chronicle-map tc-random-read on AMD EPYC family 25 model 1 (seconds per pass,
        // three runs of one fork; the third settled at about twice the time of the other two), against a CI run that
        // measured about 0.10 s per pass in its first run and in its confirmation.
        BenchmarkResult before = withForks(ok("chronicle-map", "tc-random-read", BenchmarkResult.TIME_PER_PASS,
                0.0483, 0.0445, 0.0540, 0.0340, 0.0430, 0.0675, 0.0317, 0.0288, 0.0471, 0.0344, 0.1426, 0.1020,
                0.0629, 0.0549, 0.0538), 3);
        ThresholdPolicy smoke = SignificanceTests.forGate(Catalog.profile("smoke").gate());
        BenchmarkResult first = ok("chronicle-map", "tc-random-read", BenchmarkResult.TIME_PER_PASS,
                0.104, 0.097, 0.101, 0.099, 0.103);
        Assessment firstRun = smoke.assess(baseline(before), first);
        assertThat(firstRun.verdict()).as("one fork, judged on iterations").isEqualTo(Verdict.REGRESSION);
        assertThat(smoke.suspect(baseline(before), first, firstRun)).isTrue();
        assertThat(smoke.confirmationForks(baseline(before), 1)).isEqualTo(3);
        BenchmarkResult confirmed = withForks(ok("chronicle-map", "tc-random-read", BenchmarkResult.TIME_PER_PASS,
                0.104, 0.097, 0.101, 0.099, 0.103, 0.098, 0.102, 0.100, 0.105, 0.099, 0.101, 0.096, 0.103, 0.100,
                0.102, 0.099, 0.104, 0.098, 0.101, 0.100), 4);
        Assessment pooled = smoke.assess(baseline(before), confirmed);
        assertThat(pooled.verdict()).isEqualTo(Verdict.PASS);
        assertThat(pooled.confidence()).contains("t-test on 3 and 4 fork means");
        assertThat(pooled.pValue()).isBetween(0.001, 0.05);
    }
}
