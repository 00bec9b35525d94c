package io.kvbench.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;

/**
 * The simulation of what a runner resolves ({@link SequentialTest#regressionShare}) judges a session still undecided
 * at its last round from its sums, by the paired rule ({@link PairedRounds}); interleave judges it by
 * {@link ThresholdPolicy#assessPaired} from the ratios, which also computes the p-value people read. Both must call
 * the same rounds a regression, or the stated reach would be of a test that interleave does not run.
 */
class PairedRuleAgreementTest {

    private static final BenchmarkResult A = Fixtures.ok("lmdb", "ycsb-c", 1000, 1010, 990, 1005, 995, 1000);

    @Test
    void theSimulationsPairedRuleIsInterleavesOnTheSameRounds() {
        for (double minEffect : new double[] {0.05, 0.10}) {
            for (int rounds : new int[] {4, 12, 30}) {
                agreeOnRandomRounds(minEffect, rounds);
            }
        }
    }

    private static void agreeOnRandomRounds(double minEffect, int rounds) {
        SequentialTest test = SequentialTest.withDefaults(0.01, minEffect);
        ThresholdPolicy policy = new BootstrapPolicy(Thresholds.DEFAULTS.withMinEffect(minEffect));
        SplittableRandom random = new SplittableRandom(rounds * 31L + (long) (minEffect * 100));
        int regressions = 0;
        int others = 0;
        for (int session = 0; session < 400; session++) {
            // Slowdowns from none to twice the minimum effect, spreads from 1 % to 12 %: both sides of both thresholds.
            double slowdown = random.nextDouble() * 2 * minEffect;
            double spread = 0.01 + random.nextDouble() * 0.11;
            double[] ratios = new double[rounds];
            double[] logs = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                logs[r] = Math.log(1 - slowdown) + spread * random.nextGaussian();
                ratios[r] = Math.exp(logs[r]);
            }
            boolean simulated = test.pairedRegression(StatUtils.mean(logs), Math.sqrt(StatUtils.variance(logs)),
                    rounds);
            Verdict interleave = policy.assessPaired(Fixtures.baseline(A), A, ratios).verdict();
            assertThat(simulated).as("%d rounds, minimum effect %s, slowdown %.4f, spread %.4f: interleave said %s",
                    rounds, minEffect, slowdown, spread, interleave).isEqualTo(interleave == Verdict.REGRESSION);
            if (simulated) regressions++;
            else others++;
        }
        assertThat(regressions).as("sessions judged regressed").isGreaterThan(20);
        assertThat(others).as("sessions judged not regressed").isGreaterThan(20);
    }
}
