package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.Formats;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Significance by a two-sided t-test (p &lt; alpha): Welch's on the iterations while a side holds a single JVM fork,
 * Student's on the logarithms of the fork means once both hold two or more (a baseline pooled from several runs
 * against a confirmation's pooled runs). Forks settle at different speeds, so a fork, not an iteration, is one draw of
 * run-to-run noise, and a test on iterations calls a slow fork a change (docs/results/2026-11-27-gate-fork-means.md).
 * Both sides' forks are of one benchmark on one machine class, so their noise is one quantity, estimated from all of
 * them (pooled variance): a baseline of three forks alone leaves Welch's test about two degrees of freedom, too few
 * to confirm anything at a gate's alpha. The noise scales with the score, hence logarithms; the interval is then the
 * ratio of geometric means. A first run whose change reaches the minimum effect is measured again with its baseline's
 * forks before anything is decided ({@link #suspect}, {@link #confirmationForks}). {@link BootstrapPolicy} is the
 * default elsewhere.
 */
public final class WelchPolicy extends ThresholdPolicy {

    public static final String NAME = "welch";

    public WelchPolicy() {
        this(Thresholds.DEFAULTS);
    }

    public WelchPolicy(Thresholds thresholds) {
        super(thresholds);
    }

    @Override
    String describeTest() {
        return "Welch t-test (alpha " + thresholds().alpha()
                + "; Student's on log fork means where both sides have 2 or more forks) or 99.9% CI overlap with fewer"
                + " than 2 samples";
    }

    @Override
    Significance test(ForkSamples before, ForkSamples after) {
        double alpha = thresholds().alpha();
        if (before.forkCount() >= 2 && after.forkCount() >= 2) {
            double[] b = logs(before.means());
            double[] a = logs(after.means());
            if (b != null && a != null) {
                double p = pooledPValue(b, a);
                String on = " (t-test on " + b.length + " and " + a.length + " fork means)";
                return new Significance(p < alpha, p, Formats.pValue(p) + on,
                        Formats.pValue(p) + " >= alpha " + alpha + on,
                        Significance.RatioInterval.pooledOfLogs(b, a, alpha));
            }
        }
        double p = welchPValue(before.all(), after.all());
        return new Significance(p < alpha, p, Formats.pValue(p), Formats.pValue(p) + " >= alpha " + alpha,
                Significance.RatioInterval.welch(before.all(), after.all(), alpha));
    }

    /** Natural logarithms, or null when a value is not positive (no score of a real run is). */
    private static double[] logs(double[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0)) return null;
            out[i] = Math.log(values[i]);
        }
        return out;
    }

    /**
     * A REGRESSION, and also a score worse by the minimum effect or more from fewer forks than its baseline holds
     * (judged a pass, or an improvement for its disk alone): the change was material but one fork's iterations could
     * not establish it, and a rerun with the baseline's forks can, on fork means.
     */
    @Override
    public boolean suspect(Baseline baseline, BenchmarkResult measured, Assessment assessment) {
        if (assessment.verdict() == Verdict.REGRESSION) return true;
        double change = (measured.score() - baseline.score()) / baseline.score();
        double minEffect = thresholds().forBenchmark(baseline.engine(), baseline.workload()).minEffect();
        return (assessment.verdict() == Verdict.PASS || assessment.verdict() == Verdict.IMPROVEMENT)
                && worse(measured, change) >= minEffect
                && ForkSamples.of(measured).forkCount() < ForkSamples.of(baseline).forkCount();
    }

    /** As many forks as the baseline holds (at least the profile's): the confirmation is judged on fork means. */
    @Override
    public int confirmationForks(Baseline baseline, int profileForks) {
        return Math.max(profileForks, ForkSamples.of(baseline).forkCount());
    }

    /** Student's two-sided p-value with the variance pooled from both sides; constant sides as in welchPValue. */
    static double pooledPValue(double[] a, double[] b) {
        if (StatUtils.variance(a) == 0 && StatUtils.variance(b) == 0) {
            return StatUtils.mean(a) == StatUtils.mean(b) ? 1.0 : 0.0;
        }
        return new TTest().homoscedasticTTest(a, b);
    }

    /**
     * Welch's two-sided p-value. commons-math divides by the pooled standard error, which is zero when both sides are
     * constant (a deterministic workload, or a test's constructed data): then any difference is certain and none is
     * not.
     */
    static double welchPValue(double[] a, double[] b) {
        if (StatUtils.variance(a) == 0 && StatUtils.variance(b) == 0) {
            return StatUtils.mean(a) == StatUtils.mean(b) ? 1.0 : 0.0;
        }
        return new TTest().tTest(a, b);
    }
}
