package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Pairs a run's results with the baselines of its profile and machine class and turns each pair into a row. The rows
 * that need no numbers (NEW, MISSING, ERROR, KNOWN_ISSUE for an ERROR that matches a recorded engine bug) are decided
 * here; the numbers are judged by the {@link ComparisonPolicy}.
 * Not-applicable results are skipped: they were never measured and never become baselines.
 */
public final class BaselineComparison {

    private BaselineComparison() {
    }

    /**
     * @param include which (engine, workload) pairs to compare, on both sides (an engine filter); others are left out
     * @return one row per (engine, workload), sorted
     */
    public static List<ComparisonRow> compare(List<BenchmarkResult> results, BaselineSet baselines,
                                              ComparisonPolicy policy, Predicate<BenchmarkKey> include) {
        List<ComparisonRow> rows = new ArrayList<>();
        Set<BenchmarkKey> measured = new HashSet<>();
        Map<BenchmarkKey, String> notApplicable = new HashMap<>();
        for (BenchmarkResult result : results) {
            BenchmarkKey key = BenchmarkKey.of(result);
            if (!include.test(key)) continue;
            if (result.status() == Status.NOT_APPLICABLE) {
                notApplicable.put(key, result.reason());
                continue;
            }
            measured.add(key);
            rows.add(row(result, baselines, policy));
        }
        for (Baseline baseline : baselines.baselines().values()) {
            BenchmarkKey key = baseline.key();
            if (!include.test(key) || measured.contains(key)) continue;
            String note = notApplicable.containsKey(key)
                    ? "now not applicable: " + notApplicable.get(key)
                    : "baseline exists but this run did not measure it";
            rows.add(new ComparisonRow(key.engine(), key.workload(), Verdict.MISSING, baseline.unit(), baseline.score(),
                    Double.NaN, Double.NaN, Double.NaN, "-", note));
        }
        rows.sort(Comparator.comparing(ComparisonRow::key));
        return rows;
    }

    private static ComparisonRow row(BenchmarkResult result, BaselineSet baselines, ComparisonPolicy policy) {
        Baseline baseline = baselines.get(BenchmarkKey.of(result));
        double before = baseline == null ? Double.NaN : baseline.score();
        if (result.status() == Status.ERROR) {
            var known = KnownIssues.of(result);
            if (known.isPresent()) {
                return new ComparisonRow(result.engine(), result.workload(), Verdict.KNOWN_ISSUE,
                        baseline == null ? null : baseline.unit(), before, Double.NaN, Double.NaN, Double.NaN, "-",
                        "known engine issue " + known.get().reference() + ": " + known.get().summary());
            }
            return new ComparisonRow(result.engine(), result.workload(), Verdict.ERROR,
                    baseline == null ? null : baseline.unit(), before, Double.NaN, Double.NaN, Double.NaN, "-",
                    "failed: " + result.reason());
        }
        if (baseline == null) {
            String note = baselines.unjudged().containsKey(BenchmarkKey.of(result)) ? baselines.unjudged().get(BenchmarkKey.of(result))
                    : baselines.exists() ? "no baseline yet"
                    : "no baseline for machine class " + baselines.machineClass() + " (profile " + baselines.profile() + ")";
            return new ComparisonRow(result.engine(), result.workload(), Verdict.NEW, result.unit(), Double.NaN,
                    result.score(), Double.NaN, Double.NaN, "-", note);
        }
        return measured(result, baseline, policy.assess(baseline, result), "");
    }

    /**
     * The row of a measured result judged against its baseline; {@code extraNote} (e.g. what confirmation reruns
     * found) is appended to the policy's note.
     */
    public static ComparisonRow measured(BenchmarkResult result, Baseline baseline, Assessment a, String extraNote) {
        double delta = (result.score() - baseline.score()) / baseline.score() * 100;
        String note = a.note().isEmpty() ? extraNote : extraNote.isEmpty() ? a.note() : a.note() + "; " + extraNote;
        return new ComparisonRow(result.engine(), result.workload(), a.verdict(), result.unit(), baseline.score(),
                result.score(), delta, a.pValue(), a.confidence(), note);
    }
}
