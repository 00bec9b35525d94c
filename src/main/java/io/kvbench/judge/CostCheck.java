package io.kvbench.judge;

import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.CostBaseline;
import io.kvbench.baseline.Formats;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Judges what each benchmark costs per operation against its cost baseline, on any machine class: a cost above
 * {@link Thresholds#costAllowance} (the worst recorded run, plus the runs' range and the profile's tolerance and
 * slack) makes the row a
 * REGRESSION whatever its throughput did, since an engine that starts to allocate per get or to rewrite its files does
 * so on every CPU. Costs are near-deterministic where throughput is not, so one run decides: no rerun. A cost
 * baseline of another engine version, JDK or file system is not used, and the note says why; a cost the baseline has
 * but the run did not record is an ERROR (kvbench failed to measure, never a pass).
 */
public final class CostCheck {

    /**
     * @param rows   the rows with the costs' verdicts and notes folded in
     * @param judged what was judged of each benchmark that has a comparable cost baseline
     */
    public record Checked(List<ComparisonRow> rows, Map<BenchmarkKey, Costs> judged) {
    }

    /**
     * The costs judged of one benchmark, by name.
     *
     * @param within those within their allowance: something was judged even where throughput was not (a class without
     *               throughput baselines)
     * @param grew   those above it: each makes the row a REGRESSION
     */
    public record Costs(List<String> within, List<String> grew) {
        public Costs {
            within = List.copyOf(within);
            grew = List.copyOf(grew);
        }
    }

    private CostCheck() {
    }

    public static Checked apply(List<ComparisonRow> rows, List<BenchmarkResult> results, BaselineSet baselines,
                                Thresholds thresholds) {
        Map<BenchmarkKey, BenchmarkResult> byKey = new TreeMap<>();
        for (BenchmarkResult r : results) if (r.status() == Status.OK) byKey.putIfAbsent(BenchmarkKey.of(r), r);
        List<ComparisonRow> out = new ArrayList<>();
        Map<BenchmarkKey, Costs> judged = new TreeMap<>();
        for (ComparisonRow row : rows) {
            BenchmarkResult result = byKey.get(row.key());
            CostBaseline baseline = baselines.costs().get(row.key());
            if (result == null || baseline == null) {
                out.add(row);
                continue;
            }
            String why = baseline.whyNotComparable(result);
            if (why != null) {
                out.add(row.withMoreNote("costs not compared: " + why));
                continue;
            }
            List<String> within = new ArrayList<>();
            List<String> grew = new ArrayList<>();
            out.add(judge(row, result, baseline, thresholds, within, grew));
            judged.put(row.key(), new Costs(within, grew));
        }
        return new Checked(out, judged);
    }

    /** The row with the verdict of its costs; the names of those within and above their allowance added. */
    private static ComparisonRow judge(ComparisonRow row, BenchmarkResult result, CostBaseline baseline,
                                       Thresholds thresholds, List<String> within, List<String> grewNames) {
        List<String> grew = new ArrayList<>();
        List<String> unrecorded = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, List<Double>> cost : baseline.costs().entrySet()) {
            String name = cost.getKey();
            double worst = baseline.worst(name);
            double allowance = thresholds.costAllowance(name, worst, baseline.range(name));
            Double measured = CostBaseline.value(result, name);
            if (measured == null) {
                unrecorded.add(name);
            } else if (measured > allowance) {
                grewNames.add(name);
                grew.add(name + " grew from " + Formats.number(worst) + " to " + Formats.number(measured)
                        + ", above its allowance of " + Formats.number(allowance) + " (the worst of "
                        + cost.getValue().size() + " recorded runs, plus their range and the tolerance)");
            } else {
                within.add(name);
                notes.add(name + " " + Formats.number(measured) + " (allowance " + Formats.number(allowance) + ")");
            }
        }
        if (!unrecorded.isEmpty()) {
            return row.withVerdict(Verdict.ERROR).withMoreNote("this run recorded no " + String.join(", ", unrecorded)
                    + " though a cost baseline has it: kvbench's measurement failed, the cost cannot be judged");
        }
        if (!grew.isEmpty()) {
            return row.withVerdict(Verdict.REGRESSION).withMoreNote("cost REGRESSION: " + String.join("; ", grew));
        }
        return row.withMoreNote("costs within tolerance: " + String.join(", ", notes));
    }
}
