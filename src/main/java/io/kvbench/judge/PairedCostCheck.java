package io.kvbench.judge;

import io.kvbench.baseline.CostBaseline;
import io.kvbench.baseline.Formats;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * Judges what B costs per operation against what A cost in the same session, as {@link CostCheck} judges a run
 * against a cost baseline: A's rounds are the recorded runs (B's cost may be as high as A's worst round plus A's range,
 * the tolerance and the slack of the profile's gate), and B's cost is the median of its rounds, so that one round of B
 * with a compilation in its timed region does not decide. A cost above its allowance makes the row a REGRESSION,
 * whatever its time did: the A/B judges the same costs as the gate and the nightly. A cost only one side recorded in
 * every round is not judged.
 */
public final class PairedCostCheck {

    private PairedCostCheck() {
    }

    /** The row with B's costs against A's folded in; left as it is unless PASS, IMPROVEMENT or REGRESSION. */
    public static ComparisonRow apply(ComparisonRow row, List<BenchmarkResult> as, List<BenchmarkResult> bs,
                                      Thresholds thresholds) {
        boolean measured = row.verdict() == Verdict.PASS || row.verdict() == Verdict.IMPROVEMENT
                || row.verdict() == Verdict.REGRESSION;
        if (!measured || as.isEmpty() || bs.isEmpty()) return row;
        List<String> grew = new ArrayList<>();
        List<String> within = new ArrayList<>();
        for (String cost : Profile.JUDGED_COSTS) {
            double[] a = values(as, cost);
            double[] b = values(bs, cost);
            if (a == null || b == null) continue;
            double worst = StatUtils.max(a);
            double range = worst - StatUtils.min(a);
            double allowance = thresholds.costAllowance(cost, worst, range);
            double median = new Median().evaluate(b);
            if (median > allowance) {
                grew.add(cost + " grew from A's " + Formats.number(worst) + " to B's " + Formats.number(median)
                        + ", above its allowance of " + Formats.number(allowance) + " (A's worst of " + a.length
                        + " rounds, plus their range and the tolerance; B: median of " + b.length + ")");
            } else {
                within.add(cost + " " + Formats.number(median) + " (A " + Formats.number(worst) + ", allowance "
                        + Formats.number(allowance) + ")");
            }
        }
        if (!grew.isEmpty()) {
            return row.withVerdict(Verdict.REGRESSION).withMoreNote("cost REGRESSION: " + String.join("; ", grew));
        }
        return within.isEmpty() ? row : row.withMoreNote("costs within tolerance of A: " + String.join(", ", within));
    }

    /** Every round's value of a judged cost, or null when some round did not record it. */
    private static double[] values(List<BenchmarkResult> rounds, String cost) {
        double[] values = new double[rounds.size()];
        for (int i = 0; i < rounds.size(); i++) {
            BenchmarkResult r = rounds.get(i);
            Map<String, Double> costs = r.status() == Status.OK ? CostBaseline.costs(r) : Map.of();
            Double value = costs.get(cost);
            if (value == null) return null;
            values[i] = value;
        }
        return values;
    }
}
