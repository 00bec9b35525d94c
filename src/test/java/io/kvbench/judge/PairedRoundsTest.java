package io.kvbench.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import org.junit.jupiter.api.Test;

/** ThresholdPolicy.assessPaired: B against A by per-round ratios, the decision behind `kvbench interleave`. */
class PairedRoundsTest {

    private static final BootstrapPolicy POLICY = new BootstrapPolicy(Thresholds.DEFAULTS.withMinEffect(0.05));

    // Pooled scores hardly matter to the paired decision; the rounds do. Both sides spread over a +-15 % drift.
    private static final BenchmarkResult A = Fixtures.ok("lmdb", "ycsb-c", 850, 1150, 850, 1150, 850, 1150);
    private static final BenchmarkResult B = Fixtures.ok("lmdb", "ycsb-c", 765, 1035, 765, 1035, 765, 1035);

    @Test
    void aSteadyTenPercentAcrossDriftingRoundsIsARegression() {
        double[] ratios = {0.90, 0.91, 0.89, 0.90, 0.905, 0.895};
        Assessment paired = POLICY.assessPaired(Fixtures.baseline(A), B, ratios);
        assertThat(paired.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(paired.confidence()).contains("paired t, 6 rounds");
        assertThat(paired.note()).contains("slower: -10");
        // The same runs pooled: the drift between rounds swamps the 10 %.
        assertThat(POLICY.assess(Fixtures.baseline(A), B).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void ratiosScatteringAroundOneAreNoChange() {
        double[] ratios = {1.04, 0.97, 1.02, 0.96, 1.01, 0.99};
        assertThat(POLICY.assessPaired(Fixtures.baseline(A), A, ratios).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void identicalRatiosNeedNoVarianceAndTwoRoundsFallBackToPooling() {
        assertThat(POLICY.assessPaired(Fixtures.baseline(A), B, new double[] {0.8, 0.8, 0.8}).verdict())
                .isEqualTo(Verdict.REGRESSION);
        assertThat(POLICY.assessPaired(Fixtures.baseline(A), A, new double[] {1, 1, 1}).verdict())
                .isEqualTo(Verdict.PASS);
        Assessment two = POLICY.assessPaired(Fixtures.baseline(A), B, new double[] {0.9, 0.9});
        assertThat(two.confidence()).doesNotContain("paired");
        assertThat(two).isEqualTo(POLICY.assess(Fixtures.baseline(A), B));
    }
}
