package io.kvbench.judge;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Whether a score change is distinguishable from noise, as a {@link ThresholdPolicy}'s test decided.
 *
 * @param significant true when the test rejects "no change" at the policy's alpha
 * @param pValue      the test's p-value, or NaN when it gives none (interval overlap)
 * @param confidence  for people: "p=0.0031", "99% CI -14.2%..-6.1%", "CI overlap"
 * @param why         why it is not significant, for the note of a large but insignificant change
 * @param interval    the test's (1 - alpha) interval of the ratio after / before, or null when it gives none: what a
 *                    pass resolves ({@link Resolution#interval})
 */
record Significance(boolean significant, double pValue, String confidence, String why, RatioInterval interval) {

    /**
     * @param low  lower end of the ratio after / before
     * @param high upper end
     */
    record RatioInterval(double low, double high) {

        /**
         * Student's (1 - alpha) interval of mean(after) - mean(before) for logarithms of scores, with the variance
         * pooled from both sides: the ratio of their geometric means; null if unusable.
         */
        static RatioInterval pooledOfLogs(double[] before, double[] after, double alpha) {
            int df = before.length + after.length - 2;
            double pooled = ((before.length - 1) * StatUtils.variance(before)
                    + (after.length - 1) * StatUtils.variance(after)) / df;
            double se = Math.sqrt(pooled * (1.0 / before.length + 1.0 / after.length));
            if (!(se > 0)) return null;
            double t = new TDistribution(df).inverseCumulativeProbability(1 - alpha / 2);
            double diff = StatUtils.mean(after) - StatUtils.mean(before);
            return new RatioInterval(Math.exp(diff - t * se), Math.exp(diff + t * se));
        }

        /** Welch's (1 - alpha) interval of mean(after) - mean(before), as a ratio to mean(before); null if unusable. */
        static RatioInterval welch(double[] before, double[] after, double alpha) {
            double mb = StatUtils.mean(before);
            double vb = StatUtils.variance(before) / before.length;
            double va = StatUtils.variance(after) / after.length;
            double se = Math.sqrt(va + vb);
            if (!(mb > 0) || !(se > 0)) return null;
            double df = (va + vb) * (va + vb)
                    / (va * va / (after.length - 1) + vb * vb / (before.length - 1));
            double t = new TDistribution(df).inverseCumulativeProbability(1 - alpha / 2);
            double diff = StatUtils.mean(after) - mb;
            double low = (mb + diff - t * se) / mb;
            return low > 0 ? new RatioInterval(low, (mb + diff + t * se) / mb) : null;
        }
    }

    Significance(boolean significant, double pValue, String confidence, String why) {
        this(significant, pValue, confidence, why, null);
    }

    static Significance none(String confidence, String why) {
        return new Significance(false, Double.NaN, confidence, why);
    }
}
