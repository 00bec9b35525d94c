package io.kvbench.judge;

import io.kvbench.baseline.Formats;

/**
 * Significance by a hierarchical bootstrap confidence interval of the ratio of means ({@link RatioBootstrap}): the
 * change is significant when the (1 - alpha) interval of mean(after) / mean(before) excludes 1. Unlike a t-test on
 * iterations it makes no normality assumption and treats forks as the unit of run-to-run noise. A bootstrap of a
 * handful of values says little about their spread, so with fewer than {@value #MIN_SAMPLES} samples on a side it
 * falls back to Welch's t-test, whose t distribution is honest about tiny samples.
 */
public final class BootstrapPolicy extends ThresholdPolicy {

    public static final String NAME = "bootstrap";
    static final int MIN_SAMPLES = 5;

    public BootstrapPolicy() {
        this(Thresholds.DEFAULTS);
    }

    public BootstrapPolicy(Thresholds thresholds) {
        super(thresholds);
    }

    @Override
    String describeTest() {
        return "bootstrap " + level() + "% CI of the ratio of means, forks resampled first (Welch t-test below "
                + MIN_SAMPLES + " samples, CI overlap below 2)";
    }

    private String level() {
        return Formats.number((1 - thresholds().alpha()) * 100);
    }

    @Override
    Significance test(ForkSamples before, ForkSamples after) {
        double alpha = thresholds().alpha();
        if (before.count() < MIN_SAMPLES || after.count() < MIN_SAMPLES) {
            double p = WelchPolicy.welchPValue(before.all(), after.all());
            return new Significance(p < alpha, p, Formats.pValue(p) + " (Welch, few samples)",
                    Formats.pValue(p) + " >= alpha " + alpha + " with " + before.count() + " and " + after.count()
                            + " samples", Significance.RatioInterval.welch(before.all(), after.all(), alpha));
        }
        RatioBootstrap bootstrap = RatioBootstrap.of(before, after);
        double low = bootstrap.quantile(alpha / 2);
        double high = bootstrap.quantile(1 - alpha / 2);
        boolean significant = low > 1 || high < 1;
        String interval = level() + "% CI " + Formats.percent((low - 1) * 100) + ".."
                + Formats.percent((high - 1) * 100);
        return new Significance(significant, bootstrap.pValue(), interval, "the " + interval + " includes no change",
                new Significance.RatioInterval(low, high));
    }
}
