package io.kvbench.judge;

import io.kvbench.result.Verdict;
/**
 * What a {@link ComparisonPolicy} concluded about one measured result against its baseline.
 *
 * @param verdict    PASS, REGRESSION, IMPROVEMENT, or NEW when the two are not comparable (e.g. the metric changed)
 * @param pValue     the p-value of the significance test, or NaN when the test gives none (interval overlap)
 * @param confidence how sure the policy is, for people: "p=0.0031", "CI disjoint", "CI overlap", "no error estimate"
 * @param note       why, in a few words (empty when there is nothing to add)
 */
public record Assessment(Verdict verdict, double pValue, String confidence, String note) {

    public Assessment {
        note = note == null ? "" : note;
        confidence = confidence == null ? "" : confidence;
    }
}
