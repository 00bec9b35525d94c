package io.kvbench.judge;

import io.kvbench.baseline.BenchmarkKey;

/**
 * One line of the verdict table.
 *
 * @param unit          unit of both scores
 * @param baselineScore NaN when there is no baseline
 * @param measuredScore NaN when nothing was measured (MISSING, ERROR)
 * @param deltaPercent  (measured - baseline) / baseline in percent; NaN unless both scores are known
 * @param pValue        from the policy's significance test; NaN when it used none
 * @param confidence    the policy's confidence, for people ("p=0.0031", "CI overlap")
 * @param note          why the verdict is what it is
 */
public record ComparisonRow(String engine, String workload, Verdict verdict, String unit, double baselineScore,
                            double measuredScore, double deltaPercent, double pValue, String confidence, String note) {

    public BenchmarkKey key() {
        return new BenchmarkKey(engine, workload);
    }
}
