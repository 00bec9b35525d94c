package io.kvbench.judge;

import static io.kvbench.fixtures.Fixtures.baseline;
import static io.kvbench.fixtures.Fixtures.forks;
import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.normalForks;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.withError;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The default policy on constructed samples: two forks of five iterations per side, as the ci profile measures. */
class BootstrapPolicyTest {

    private final BootstrapPolicy policy = new BootstrapPolicy();

    private Assessment assess(BenchmarkResult before, BenchmarkResult after) {
        return policy.assess(baseline(before), after);
    }

    @Test
    void clearRegressionIsFound() {
        Assessment a = assess(forks(normalForks(1, 2, 5, 1000)), forks(normalForks(2, 2, 5, 800)));
        assertThat(a.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(a.pValue()).isLessThan(0.01);
        assertThat(a.confidence()).startsWith("99% CI -2").endsWith("%");
        assertThat(a.note()).contains("slower");
    }

    @Test
    void noiseOnlyPassesAndIsRarelyEvenSignificant() {
        // 2 % noise per iteration: never a regression at the 10 % minimum effect, and "significant" at alpha 0.01 only
        // about as often as alpha says (the percentile bootstrap is slightly liberal with ten samples).
        BootstrapPolicy anyEffect = new BootstrapPolicy(Thresholds.DEFAULTS.withMinEffect(0));
        int significant = 0;
        for (int seed = 0; seed < 200; seed++) {
            BenchmarkResult before = forks(normalForks(seed, 2, 5, 1000));
            BenchmarkResult after = forks(normalForks(seed + 1000, 2, 5, 1000));
            assertThat(assess(before, after).verdict()).as("seed %d", seed).isEqualTo(Verdict.PASS);
            if (anyEffect.assess(baseline(before), after).verdict() != Verdict.PASS) significant++;
        }
        assertThat(significant).isLessThanOrEqualTo(8);
    }

    @Test
    void forkToForkNoiseIsNotARegression() {
        // The baseline's forks settled at 1000 and 780 ops/s (bimodal), the new run's both at 780: the mean fell 12 %,
        // but a run of the baseline could as well have landed both forks at 780. Welch on iterations (the new run's
        // forks unrecorded) calls it a regression; resampling forks does not.
        BenchmarkResult before = forks(normalForks(3, 2, 10, 1000, 780));
        BenchmarkResult after = forks(normalForks(4, 2, 10, 780));
        BenchmarkResult forksUnrecorded = ok("e", "w", after.samples().stream().mapToDouble(Double::doubleValue)
                .toArray());
        assertThat(new WelchPolicy().assess(baseline(before), forksUnrecorded).verdict())
                .isEqualTo(Verdict.REGRESSION);
        Assessment a = assess(before, after);
        assertThat(a.verdict()).isEqualTo(Verdict.PASS);
        assertThat(a.note()).contains("not significant").contains("includes no change");
    }

    @Test
    void regressionBeyondForkToForkNoiseIsStillFound() {
        BenchmarkResult before = forks(normalForks(5, 2, 5, 1000, 800));
        BenchmarkResult after = forks(normalForks(6, 2, 5, 500, 400));
        assertThat(assess(before, after).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void pooledRunsDecideWhatOneRunCouldNot() {
        // One run whose forks disagree (960, 800) cannot tell a slowdown from fork-to-fork noise; a confirmation run
        // (800, 790) pooled with it can: that is what the gate's confirmation reruns rely on.
        BenchmarkResult before = forks(normalForks(7, 2, 5, 980, 1020));
        double[][] first = normalForks(8, 2, 5, 960, 800);
        double[][] rerun = normalForks(9, 2, 5, 800, 790);
        assertThat(assess(before, forks(first)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(assess(before, forks(first[0], first[1], rerun[0], rerun[1])).verdict())
                .isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void oneSampleFallsBackToConfidenceIntervals() {
        Assessment disjoint = assess(withError(ok("e", "w", 1000), 20), withError(ok("e", "w", 800), 20));
        assertThat(disjoint.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(disjoint.confidence()).isEqualTo("CI disjoint");
        Assessment none = assess(ok("e", "w", 1000), ok("e", "w", 500));
        assertThat(none.verdict()).isEqualTo(Verdict.PASS);
        assertThat(none.confidence()).isEqualTo("no error estimate");
    }

    @Test
    void twoSamplesUseWelchWhichNeedsAClearCut() {
        Assessment clear = assess(ok("e", "w", 1000, 1002), ok("e", "w", 500, 501));
        assertThat(clear.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(clear.confidence()).contains("Welch, few samples");
        Assessment noisy = assess(ok("e", "w", 1000, 700), ok("e", "w", 800, 600));
        assertThat(noisy.verdict()).isEqualTo(Verdict.PASS);
        assertThat(noisy.note()).contains("with 2 and 2 samples");
    }

    @Test
    void zeroVarianceIsCertainEitherWay() {
        Assessment halved = assess(ok("e", "w", 100, 100, 100, 100, 100, 100), ok("e", "w", 50, 50, 50, 50, 50, 50));
        assertThat(halved.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(halved.pValue()).isLessThan(0.001);
        Assessment same = assess(ok("e", "w", 100, 100, 100, 100, 100), ok("e", "w", 100, 100, 100, 100, 100));
        assertThat(same.verdict()).isEqualTo(Verdict.PASS);
        assertThat(same.pValue()).isEqualTo(1.0);
    }

    @Test
    void sameDataSameAnswer() {
        BenchmarkResult before = forks(normalForks(8, 2, 5, 1000));
        BenchmarkResult after = forks(normalForks(9, 2, 5, 930));
        assertThat(assess(before, after)).isEqualTo(assess(before, after));
    }

    @Test
    void longerPassTimeIsARegression() {
        BenchmarkResult before = ok("e", "w", BenchmarkResult.TIME_PER_PASS, normal(10, 10, 2.0, 0.02));
        Assessment slower = assess(before, ok("e", "w", BenchmarkResult.TIME_PER_PASS, normal(11, 10, 2.5, 0.02)));
        assertThat(slower.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(slower.note()).contains("takes longer");
    }

    @Test
    void describesItself() {
        assertThat(policy.describe()).contains("bootstrap 99% CI").contains("forks resampled first")
                .contains("minimum effect 10%").contains("5% + 64.0 KiB");
    }

    @Test
    void samplesSplitIntoTheirForks() {
        ForkSamples two = ForkSamples.of(forks(new double[] {1, 2, 3}, new double[] {4, 5, 6}));
        assertThat(two.forkCount()).isEqualTo(2);
        assertThat(two.forks().get(1)).containsExactly(4, 5, 6);
        assertThat(ForkSamples.split(List.of(1.0, 2.0, 3.0), 2).forkCount()).as("uneven: one group").isEqualTo(1);
        assertThat(ForkSamples.of(ok("e", "w", 1, 2, 3, 4)).forkCount()).as("fork count not recorded").isEqualTo(1);
        assertThat(ForkSamples.split(List.of(), 2).count()).isZero();
    }
}
