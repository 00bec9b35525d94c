package io.kvbench.judge;

/**
 * Whether a score change is distinguishable from noise, as a {@link ThresholdPolicy}'s test decided.
 *
 * @param significant true when the test rejects "no change" at the policy's alpha
 * @param pValue      the test's p-value, or NaN when it gives none (interval overlap)
 * @param confidence  for people: "p=0.0031", "99% CI -14.2%..-6.1%", "CI overlap"
 * @param why         why it is not significant, for the note of a large but insignificant change
 */
record Significance(boolean significant, double pValue, String confidence, String why) {

    static Significance none(String confidence, String why) {
        return new Significance(false, Double.NaN, confidence, why);
    }
}
