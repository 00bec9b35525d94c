package io.kvbench.judge;

import io.kvbench.baseline.Formats;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Significance by Welch's two-sided t-test on the iteration samples of both sides (p &lt; alpha). It treats every
 * iteration as independent, which overstates the evidence when JVM forks settle at different speeds; the smoke gate
 * (one fork per run) was calibrated with it. {@link BootstrapPolicy} is the default elsewhere.
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
        return "Welch t-test (alpha " + thresholds().alpha() + ") or 99.9% CI overlap with fewer than 2 samples";
    }

    @Override
    Significance test(ForkSamples before, ForkSamples after) {
        double p = welchPValue(before.all(), after.all());
        return new Significance(p < thresholds().alpha(), p, Formats.pValue(p),
                Formats.pValue(p) + " >= alpha " + thresholds().alpha(),
                Significance.RatioInterval.welch(before.all(), after.all(), thresholds().alpha()));
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
