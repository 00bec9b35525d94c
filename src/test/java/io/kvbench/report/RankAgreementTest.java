package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.correlation.KendallsCorrelation;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.api.Test;

/** Kendall's tau with its bootstrap interval and over resolved pairs, on synthetic rows whose order is known. */
class RankAgreementTest {

    private static final double[] PUBLISHED = {1, 2, 3, 4};

    @Test
    void clearlySeparatedRowsInThePublishedOrderAreTauOneWithANarrowInterval() {
        RankAgreement a = RankAgreement.of(entries(PUBLISHED, rows(new double[] {1, 2, 3, 4}, 0.01, 2, 5, 1)));
        assertThat(a.tau()).isEqualTo(1.0);
        assertThat(a.low()).isEqualTo(1.0);
        assertThat(a.high()).isEqualTo(1.0);
        assertThat(a.resolvedTau()).isEqualTo(1.0);
        assertThat(a.pairs()).isEqualTo(6);
        assertThat(a.unresolvedPairs()).isZero();
    }

    @Test
    void clearlySeparatedRowsInTheReverseOrderAreASwapNotATie() {
        RankAgreement a = RankAgreement.of(entries(PUBLISHED, rows(new double[] {4, 3, 2, 1}, 0.01, 2, 5, 2)));
        assertThat(a.tau()).isEqualTo(-1.0);
        assertThat(a.high()).isEqualTo(-1.0);
        assertThat(a.resolvedTau()).isEqualTo(-1.0);
        assertThat(a.unresolvedPairs()).isZero();
    }

    @Test
    void identicalRowsAreAllTiesWithNoOrderToAgreeOn() {
        List<BenchmarkResult> same = new ArrayList<>();
        for (int i = 0; i < 4; i++) same.add(result(new double[][] {{1.00, 1.05, 0.95}, {1.02, 0.98, 1.00}}));
        RankAgreement a = RankAgreement.of(entries(PUBLISHED, same));
        assertThat(a.unresolvedPairs()).isEqualTo(6);
        assertThat(a.resolvedPairs()).isZero();
        assertThat(a.tau()).as("every measured mean tied").isNaN();
        assertThat(a.resolvedTau()).isNaN();
    }

    @Test
    void overlappingRowsGiveAWideIntervalAndNoResolvedPair() {
        // Means 1.00, 1.01, 1.02, 1.03, each with a 10 % spread: the run cannot order them.
        List<BenchmarkResult> rows = rows(new double[] {1.00, 1.01, 1.02, 1.03}, 0.10, 2, 5, 3);
        RankAgreement a = RankAgreement.of(entries(PUBLISHED, rows));
        assertThat(a.high() - a.low()).as("interval %s..%s", a.low(), a.high()).isGreaterThan(1.0);
        assertThat(a.low()).isLessThan(0);
        assertThat(a.unresolvedPairs()).isEqualTo(6);
    }

    @Test
    void onlyThePairsWhoseIntervalsAreApartCountInTheResolvedTau() {
        // 1 and 2 overlap (a tie, not the swap their means show); 3 and 4 are far from everything.
        List<BenchmarkResult> rows = List.of(
                result(new double[][] {{1.10, 1.00, 1.20}, {1.05, 1.15, 1.10}}),
                result(new double[][] {{1.00, 1.10, 0.90}, {1.05, 0.95, 1.00}}),
                result(new double[][] {{3.00, 3.01, 2.99}, {3.00, 3.02, 2.98}}),
                result(new double[][] {{4.00, 4.01, 3.99}, {4.00, 4.02, 3.98}}));
        List<RankAgreement.Entry> entries = entries(PUBLISHED, rows);
        RankAgreement a = RankAgreement.of(entries);
        assertThat(a.unresolvedPairs()).isEqualTo(1);
        assertThat(a.resolvedTau()).as("5 resolved pairs, all in the published order").isEqualTo(1.0);
        assertThat(a.tau()).as("the means swap the first two").isCloseTo(4.0 / 6, within(1e-9));
        assertThat(entries.get(0).resolvedAgainst(entries.get(1))).isFalse();
        assertThat(entries.get(1).resolvedAgainst(entries.get(2))).isTrue();
    }

    @Test
    void theSameRowsGiveTheSameIntervalAndTheSeedIsWhatMakesItSo() {
        List<BenchmarkResult> rows = rows(new double[] {1.00, 1.05, 1.10, 1.30}, 0.06, 2, 5, 4);
        RankAgreement once = RankAgreement.of(entries(PUBLISHED, rows));
        RankAgreement again = RankAgreement.of(entries(PUBLISHED, rows));
        assertThat(again).isEqualTo(once);
        assertThat(once.low()).isLessThan(once.high());
        RankAgreement otherSeed = RankAgreement.of(entries(PUBLISHED, rows), RankAgreement.RESAMPLES,
                RankAgreement.SEED + 1);
        assertThat(otherSeed.tau()).isEqualTo(once.tau());
        assertThat(List.of(otherSeed.low(), otherSeed.high())).as("a fixed seed, not a lucky one: close either way")
                .allSatisfy(bound -> assertThat(bound).isBetween(once.low() - 0.34, once.high() + 0.34));
    }

    @Test
    void forksThatDisagreeWidenTheIntervalMoreThanTheSameSamplesInOneFork() {
        // Two engines whose forks settle 30 % apart: resampling forks spans both modes.
        double[][] forks = {{1.00, 1.01, 0.99, 1.00, 1.01}, {1.30, 1.31, 1.29, 1.30, 1.31}};
        double[][] shifted = {{1.20, 1.21, 1.19, 1.20, 1.21}, {1.50, 1.51, 1.49, 1.50, 1.51}};
        double[] published = {1, 2};
        RankAgreement byFork = RankAgreement.of(entries(published, List.of(result(forks), result(shifted))));
        RankAgreement pooled = RankAgreement.of(entries(published,
                List.of(result(new double[][] {concat(forks)}), result(new double[][] {concat(shifted)}))));
        assertThat(pooled.low()).isEqualTo(1.0);
        assertThat(byFork.low()).as("some resamples draw one engine's slow fork and the other's fast one")
                .isEqualTo(-1.0);
    }

    @Test
    void aMeasuredTimeBesideAPublishedThroughputIsOrderedByItsInverse() {
        // Published ops/s: the first engine is the fastest; measured s/op: the first takes the least time.
        BenchmarkResult fast = result(new double[][] {{0.10, 0.101, 0.099}});
        BenchmarkResult slow = result(new double[][] {{0.20, 0.201, 0.199}});
        List<RankAgreement.Entry> entries = List.of(RankAgreement.Entry.of(10, fast, true),
                RankAgreement.Entry.of(5, slow, true));
        assertThat(RankAgreement.of(entries).tau()).isEqualTo(1.0);
        assertThat(entries.get(0).value()).isCloseTo(10, within(0.01));
        assertThat(entries.get(0).low()).isLessThan(10).isGreaterThan(9);
    }

    @Test
    void tauBOverEveryPairIsCommonsMathsKendallsTauB() {
        Random random = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            int n = 2 + random.nextInt(8);
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = random.nextInt(4); // ties on both sides
                y[i] = random.nextInt(5);
            }
            double expected = new KendallsCorrelation().correlation(x, y);
            double actual = RankAgreement.tauB(x, y, null);
            if (Double.isNaN(expected)) {
                assertThat(actual).isNaN();
            } else {
                assertThat(actual).isCloseTo(expected, within(1e-12));
            }
        }
    }

    /** Rows with these means, each forks x iterations of Gaussian noise of {@code spread} (relative). */
    static List<BenchmarkResult> rows(double[] means, double spread, int forks, int iterations, long seed) {
        Random random = new Random(seed);
        List<BenchmarkResult> rows = new ArrayList<>();
        for (double mean : means) {
            double[][] samples = new double[forks][iterations];
            for (double[] fork : samples) {
                for (int i = 0; i < iterations; i++) fork[i] = mean * (1 + spread * random.nextGaussian());
            }
            rows.add(result(samples));
        }
        return rows;
    }

    /** A time-per-pass result as results.json holds it: samples in fork order, JMH's 99.9 % error, the fork count. */
    static BenchmarkResult result(double[][] forks) {
        double[] all = concat(forks);
        SummaryStatistics stats = new SummaryStatistics();
        Arrays.stream(all).forEach(stats::addValue);
        double error = all.length < 2 ? Double.NaN
                : new TDistribution(all.length - 1).inverseCumulativeProbability(0.9995) * stats.getStandardDeviation()
                / Math.sqrt(all.length);
        Measurement measurement = new Measurement(BenchmarkResult.TIME_PER_PASS, stats.getMean(), error, "s/op",
                Arrays.stream(all).boxed().toList(), Map.of());
        return BenchmarkResult.measured("e", "tc-random-read", measurement,
                SampleResults.context("1", Map.of("forks", String.valueOf(forks.length), "records", "1000")));
    }

    private static List<RankAgreement.Entry> entries(double[] published, List<BenchmarkResult> rows) {
        List<RankAgreement.Entry> entries = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) entries.add(RankAgreement.Entry.of(published[i], rows.get(i), false));
        return entries;
    }

    private static double[] concat(double[][] forks) {
        return Arrays.stream(forks).flatMapToDouble(Arrays::stream).toArray();
    }
}
