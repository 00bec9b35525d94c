package io.kvbench.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.baseline.Baseline;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a comparison resolves: the formulas, their words, and a check by simulation that a slowdown of the stated size
 * is caught by the paired test with probability 1 - beta, as the words promise.
 */
class ResolutionTest {

    private static final Thresholds FIVE = new Thresholds(0.01, 0.05, 0, 0);

    @Test
    void aSequentialPassResolvesTheMinimumEffect() {
        SequentialTest test = SequentialTest.withDefaults(0.01, 0.05);
        SequentialTest.Step step = test.decide(new double[] {1.0, 1.01, 0.99, 1.0}, true);
        Resolution r = Resolution.sequential(test, step);
        assertThat(r.slowdown()).isEqualTo(0.05);
        assertThat(r.basis()).isEqualTo(Resolution.Basis.SEQUENTIAL);
        assertThat(r.describe(0.05)).isEqualTo("no slowdown of 5 % or more");
    }

    @Test
    void aNoisyRunnerResolvesLessAndSaysWhy() {
        double[] noisy = {0.89, 1.12, 0.95, 1.08, 0.90, 1.10, 0.97, 1.04, 0.88, 1.11};
        Resolution r = Resolution.paired(noisy, FIVE, 0.05, true);
        assertThat(r.spread()).as("the rounds' standard deviation of log ratios").isCloseTo(0.0971, within(0.001));
        assertThat(r.slowdown()).isGreaterThan(0.12);
        assertThat(r.describe(0.05)).matches("no slowdown of \\d+ % or more \\(this runner's spread 9.7 %\\)");
        double log = Resolution.pairedLogEffect(r.spread(), 10, FIVE, 0.05, true);
        assertThat(Resolution.slowdownOf(log, true)).isEqualTo(r.slowdown());
        assertThat(Resolution.paired(new double[] {1, 1}, FIVE, 0.05, true)).as("no paired test below 3").isNull();
        assertThat(Resolution.paired(new double[] {1, Double.NaN, 1}, FIVE, 0.05, true)).isNull();
    }

    @Test
    void theMinimumEffectIsAFloorInBothDirections() {
        assertThat(Resolution.slowdownOf(Resolution.minEffectLog(0.05, true), true)).isCloseTo(0.05, within(1e-12));
        assertThat(Resolution.slowdownOf(Resolution.minEffectLog(0.05, false), false)).isCloseTo(0.05, within(1e-12));
        double[] steady = {1.0, 1.001, 0.999, 1.0, 1.0, 1.001};
        Resolution quiet = Resolution.paired(steady, FIVE, 0.05, false);
        assertThat(quiet.slowdown()).isBetween(0.05, 0.052);
        assertThat(quiet.describe(0.05)).startsWith("no slowdown of 5");
    }

    @Test
    void percentagesAreShortAndExact() {
        assertThat(Resolution.percent(0.05)).isEqualTo("5 %");
        assertThat(Resolution.percent(0.0531)).isEqualTo("5.3 %");
        assertThat(Resolution.percent(0.1249)).isEqualTo("12 %");
        assertThat(Resolution.percent(0.0996)).isEqualTo("10 %");
        assertThat(Resolution.percentUp(0.0531)).isEqualTo("5.4 %");
        assertThat(Resolution.percentUp(0.05)).isEqualTo("5 %");
        assertThat(Resolution.percentUp(0.1201)).isEqualTo("13 %");
    }

    /**
     * The paired formula, checked the way its words are meant: sessions of n rounds at spread s whose true slowdown is
     * the formula's resolution for (s, n) are flagged by the paired test (significant at alpha and at least the
     * minimum effect, as {@link ThresholdPolicy#assessPaired} decides) in about 1 - beta of them, and a slowdown of
     * half of it far less often. 4,000 sessions per case, seeded.
     */
    @Test
    void aSlowdownOfTheStatedSizeIsCaughtWithProbabilityOneMinusBeta() {
        double[][] cases = {{0.02, 6}, {0.05, 10}, {0.11, 30}, {0.05, 4}};
        for (double[] c : cases) {
            double spread = c[0];
            int n = (int) c[1];
            double d = Resolution.pairedLogEffect(spread, n, FIVE, 0.05, true);
            double caught = caughtShare(d, spread, n, 4_000, 7L * n);
            assertThat(caught).as("spread %s, %d rounds: the stated %s", spread, n, Resolution.percent(
                    Resolution.slowdownOf(d, true))).isBetween(0.93, 0.995);
            assertThat(caughtShare(d / 2, spread, n, 4_000, 11L * n)).as("half of it").isLessThan(0.9);
        }
    }

    /** The share of simulated sessions whose paired test flags a regression (verdict REGRESSION). */
    private static double caughtShare(double logSlowdown, double spread, int n, int sessions, long seed) {
        ThresholdPolicy policy = new WelchPolicy(FIVE);
        SplittableRandom random = new SplittableRandom(seed);
        BenchmarkResult one = Fixtures.ok("rocksdb", "ycsb-c", 1000, 1000, 1000);
        Baseline a = Baseline.of(one, "p", "m", Instant.EPOCH, "");
        int caught = 0;
        for (int s = 0; s < sessions; s++) {
            double[] ratios = new double[n];
            for (int i = 0; i < n; i++) ratios[i] = Math.exp(-logSlowdown + spread * random.nextGaussian());
            if (policy.assessPaired(a, one, ratios).verdict() == Verdict.REGRESSION) caught++;
        }
        return (double) caught / sessions;
    }

    @Test
    void aStoredBaselinePassSaysWhatItsIntervalResolves() {
        Thresholds twenty = new Thresholds(0.01, 0.20, 0.05, 0);
        Resolution wide = Resolution.interval(0.85, 1.15, twenty, true);
        assertThat(wide.basis()).isEqualTo(Resolution.Basis.INTERVAL);
        assertThat(wide.slowdown()).isGreaterThan(0.20);
        assertThat(wide.describe(0.20)).startsWith("no slowdown of ")
                .contains("(its interval ±15 %, minimum effect 20 %)");
        assertThat(wide.spread()).as("the half-width as a log ratio")
                .isCloseTo(Math.log(1.15 / 0.85) / 2, within(1e-12));
        assertThat(Resolution.interval(0, 1.1, twenty, true)).isNull();
        BenchmarkResult before = Fixtures.ok("rocksdb", "ycsb-c", 1000, 1010, 990, 1005, 995, 1000);
        BenchmarkResult after = Fixtures.ok("rocksdb", "ycsb-c", 1002, 1008, 992, 1003, 997, 1001);
        Baseline baseline = Baseline.of(before, "p", "m", Instant.EPOCH, "");
        Assessment pass = new BootstrapPolicy(twenty).assess(baseline, after);
        assertThat(pass.verdict()).isEqualTo(Verdict.PASS);
        assertThat(pass.note()).as("the minimum effect dominates; a bound is rounded up")
                .isEqualTo("no slowdown of 21 % or more (its interval ±0.9 %, minimum effect 20 %)");
    }
}
