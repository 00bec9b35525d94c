package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.Formats;
import io.kvbench.baseline.KnownIssues;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
            rows.add(ComparisonRow.unmeasured(key, Verdict.MISSING, baseline.unit(), baseline.score(), note));
        }
        rows.sort(Comparator.comparing(ComparisonRow::key));
        return rows;
    }

    private static ComparisonRow row(BenchmarkResult result, BaselineSet baselines, ComparisonPolicy policy) {
        BenchmarkKey key = BenchmarkKey.of(result);
        Baseline classBaseline = baselines.get(key);
        double before = classBaseline == null ? Double.NaN : classBaseline.score();
        if (result.status() == Status.ERROR) {
            String unit = classBaseline == null ? null : classBaseline.unit();
            Optional<KnownIssues.KnownIssue> known = KnownIssues.of(result);
            if (known.isPresent()) {
                return ComparisonRow.unmeasured(key, Verdict.KNOWN_ISSUE, unit, before, known.get().describe());
            }
            return ComparisonRow.unmeasured(key, Verdict.ERROR, unit, before, "failed: " + result.reason());
        }
        Baseline baseline = baselines.effective(result);
        String diskNotUsed = baselines.diskNotUsed(result);
        if (classBaseline == null) {
            // No throughput baseline: the score is not compared (NEW in a class that has others, NOT_COMPARED in a
            // class
            // that has none), while disk, which holds on every machine, is judged where a disk baseline applies.
            // A source may say why it holds no baseline for this benchmark (a history with too few nights).
            String held = baselines.unjudged().get(key);
            Verdict unjudged = held == null && baselines.exists() ? Verdict.NEW : Verdict.NOT_COMPARED;
            String why = held != null ? "throughput not compared: " + held
                    : baselines.exists()
                    ? baselines.coverage().whyNew(key, baselines.profile(), baselines.machineClass())
                    : "throughput not compared: no baselines for machine class " + baselines.machineClass()
                    + " (profile "
                            + baselines.profile() + ")";
            if (baseline == null) {
                String disk = diskNotUsed != null ? "; " + diskNotUsed : unjudged == Verdict.NEW ? ""
                        : "; no disk baseline";
                return ComparisonRow.unjudged(key, unjudged, result.unit(), result.score(), why + disk);
            }
            return measured(result, baseline, policy.assess(baseline, result), why);
        }
        String acrossRuntimes = contextFlag(classBaseline, result);
        ComparisonRow row = measured(result, baseline, policy.assess(baseline, result),
                join(acrossRuntimes, diskNotUsed));
        return acrossRuntimes == null ? row : row.asFlagged();
    }

    /**
     * Numbers are only comparable on the same JDK and base image: a comparison across them is made but flagged, so that
     * a person sees it instead of trusting a verdict that mixes two runtimes.
     */
    static String contextFlag(Baseline baseline, BenchmarkResult result) {
        if (baseline.context() == null || result.context() == null) return null;
        List<String> differences = new ArrayList<>();
        String jdkBefore = baseline.context().jdk();
        String jdkNow = result.context().jdk();
        if (jdkBefore != null && jdkNow != null && !jdkBefore.equals(jdkNow)) {
            differences.add("JDK " + jdkNow + " (baseline: " + jdkBefore + ")");
        }
        String imageBefore = resource(baseline.context().resources(), "baseImageId");
        String imageNow = resource(result.context().resources(), "baseImageId");
        if (imageBefore != null && imageNow != null && !imageBefore.equals(imageNow)) {
            differences.add("base image " + shortId(imageNow) + " (baseline: " + shortId(imageBefore) + ")");
        }
        return differences.isEmpty() ? null : FLAGGED + String.join(" and ", differences);
    }

    /** The prefix of a note on a comparison made across JDKs or base images. */
    public static final String FLAGGED = "FLAGGED, compared across ";

    private static String resource(Map<String, String> resources, String key) {
        return resources == null ? null : resources.get(key);
    }

    private static String shortId(String id) {
        String hex = id.startsWith("sha256:") ? id.substring(7) : id;
        return hex.length() > 12 ? hex.substring(0, 12) : hex;
    }

    private static String join(String a, String b) {
        if (a == null) return b == null ? "" : b;
        return b == null ? a : a + "; " + b;
    }

    /**
     * The row of a measured result judged against its baseline; {@code extraNote} (e.g. what confirmation reruns
     * found) is appended to the policy's note.
     */
    public static ComparisonRow measured(BenchmarkResult result, Baseline baseline, Assessment a, String extraNote) {
        extraNote = extraNote == null ? "" : extraNote;
        String note = a.note().isEmpty() ? extraNote : extraNote.isEmpty() ? a.note() : a.note() + "; " + extraNote;
        if (baseline.judgesDiskOnly()) {
            // Only the footprint had a baseline: no score to show beside the measured one.
            Verdict verdict = a.verdict() == Verdict.REGRESSION ? Verdict.REGRESSION : Verdict.NOT_COMPARED;
            String disk = a.note().isEmpty() ? "disk within tolerance of " + Formats.bytes(baseline.diskBytes())
                    : a.note();
            return ComparisonRow.unjudged(BenchmarkKey.of(result), verdict, result.unit(), result.score(),
                    extraNote.isEmpty() ? disk : extraNote + "; " + disk);
        }
        return ComparisonRow.judged(BenchmarkKey.of(result), a.verdict(), result.unit(),
                ComparisonRow.Scores.of(baseline.score(), result.score()),
                new ComparisonRow.Significance(a.pValue(), a.confidence()), note);
    }
}
