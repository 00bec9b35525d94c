package io.kvbench.calibration;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kvbench.baseline.Baseline;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.Confirmation;
import io.kvbench.judge.Pooling;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Replays the gate on calibration runs. Every ordered pair of unchanged runs (i as baseline, j as the new run) is an
 * unchanged comparison; every (unchanged run as baseline, injected run) pair is an injected comparison. A baseline may
 * pool k consecutive unchanged runs instead of one (as {@code baseline update} with several runs records it). A
 * comparison
 * that flags a REGRESSION is confirmed as the gate does it ({@link Confirmation}), with the other runs of the same
 * variant as its reruns, taken in a fixed rotation. n runs give n(n-1) unchanged comparisons that share runs: they
 * are not independent, and the figures say how many runs they came from.
 */
public final class CalibrationAnalysis {

    /**
     * Figures of one injected level of one benchmark.
     *
     * @param tokens     Blackhole tokens per operation, in runs recorded when slowdowns were tokens; else null
     * @param delayNanos the engine-call delay, in nanoseconds; null in runs recorded before it
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Level(double slowdown, Long tokens, Long delayNanos, int runs, double achieved,
                        DetectionCounts detections) {
    }

    /** Figures of one (engine, workload). */
    public record Benchmark(String engine, String workload, String metric, int unchangedRuns,
                            DetectionCounts falseAlarms, List<Level> levels) {
    }

    private static final Instant RECORDED = Instant.EPOCH;

    private CalibrationAnalysis() {
    }

    public static List<Benchmark> analyse(List<CalibrationRun> runs, ComparisonPolicy policy, int confirmations) {
        return analyse(runs, policy, confirmations, 1);
    }

    /**
     * @param baselineRuns how many unchanged runs a baseline pools (k consecutive runs, cyclically), as
     *                     {@code kvbench baseline update} does with several --results; 1 is a single-run baseline
     */
    public static List<Benchmark> analyse(List<CalibrationRun> runs, ComparisonPolicy policy, int confirmations,
                                          int baselineRuns) {
        if (baselineRuns < 1) throw new BadInputException("a baseline pools at least 1 run, not "
                + baselineRuns);
        List<Benchmark> out = new ArrayList<>();
        for (List<CalibrationRun> group : CalibrationRun.byBenchmark(runs, CalibrationRun::ok).values()) {
            out.add(benchmark(group, policy, confirmations, baselineRuns));
        }
        return out;
    }

    private static Benchmark benchmark(List<CalibrationRun> runs, ComparisonPolicy policy, int confirmations, int k) {
        CalibrationRun first = runs.get(0);
        List<BenchmarkResult> unchanged = runs.stream().filter(CalibrationRun::unchanged).map(CalibrationRun::toResult)
                .toList();
        int n = unchanged.size();
        // Baseline i pools unchanged runs i .. i+k-1 (cyclically); with k = 1 it is run i alone.
        List<Set<Integer>> windows = new ArrayList<>();
        if (n >= k) {
            for (int i = 0; i < (n == k ? 1 : n); i++) {
                Set<Integer> window = new TreeSet<>();
                for (int d = 0; d < k; d++) window.add((i + d) % n);
                windows.add(window);
            }
        }
        DetectionCounts falseAlarms = DetectionCounts.NONE;
        for (Set<Integer> window : windows) {
            BenchmarkResult baseline = pool(unchanged, window);
            for (int j = 0; j < n; j++) {
                if (window.contains(j)) continue;
                List<BenchmarkResult> reruns = rotation(unchanged, j, window);
                if (reruns.size() < confirmations) continue; // too few runs to replay this comparison's confirmation
                falseAlarms = falseAlarms.plus(compare(policy, baseline, unchanged.get(j), reruns, confirmations));
            }
        }
        List<Level> levels = new ArrayList<>();
        for (double slowdown : new TreeSet<>(runs.stream().filter(r -> !r.unchanged()).map(CalibrationRun::slowdown)
                .toList())) {
            List<CalibrationRun> injectedRuns = runs.stream().filter(r -> r.slowdown() == slowdown).toList();
            List<BenchmarkResult> injected = injectedRuns.stream().map(CalibrationRun::toResult).toList();
            DetectionCounts detections = DetectionCounts.NONE;
            for (Set<Integer> window : windows) {
                BenchmarkResult baseline = pool(unchanged, window);
                for (int j = 0; j < injected.size(); j++) {
                    List<BenchmarkResult> reruns = rotation(injected, j, Set.of());
                    if (reruns.size() < confirmations) continue;
                    detections = detections.plus(compare(policy, baseline, injected.get(j), reruns, confirmations));
                }
            }
            CalibrationRun one = injectedRuns.get(0);
            levels.add(new Level(slowdown, one.tokens(), one.delayNanos(), injected.size(),
                    achieved(unchanged, injected, first.metric()), detections));
        }
        return new Benchmark(first.engine(), first.workload(), first.metric(), unchanged.size(), falseAlarms, levels);
    }

    /** The runs after {@code start} (cyclically), leaving out {@code start} and those in {@code exclude}. */
    private static List<BenchmarkResult> rotation(List<BenchmarkResult> runs, int start, Set<Integer> exclude) {
        List<BenchmarkResult> out = new ArrayList<>();
        for (int d = 1; d < runs.size(); d++) {
            int index = (start + d) % runs.size();
            if (!exclude.contains(index)) out.add(runs.get(index));
        }
        return out;
    }

    private static BenchmarkResult pool(List<BenchmarkResult> runs, Set<Integer> indexes) {
        return Pooling.pool(indexes.stream().map(runs::get).toList());
    }

    private static DetectionCounts compare(ComparisonPolicy policy, BenchmarkResult before, BenchmarkResult after,
                                           List<BenchmarkResult> reruns, int confirmations) {
        Baseline baseline = Baseline.of(before, "calibration", "calibration", RECORDED, "calibration");
        Confirmation.Decision outcome;
        try {
            outcome = Confirmation.decide(policy, baseline, after, confirmations, attempt -> reruns.get(attempt - 1));
        } catch (Exception e) {
            throw new IllegalStateException("replaying a confirmation failed", e);
        }
        return new DetectionCounts(1, outcome.firstRun().verdict() == Verdict.REGRESSION ? 1 : 0, outcome.confirmed()
                ? 1 : 0);
    }

    /** The slowdown the injected runs show against the unchanged ones, as the policy counts "worse" (0.1 = 10 %). */
    static double achieved(List<BenchmarkResult> unchanged, List<BenchmarkResult> injected, String metric) {
        double before = unchanged.stream().mapToDouble(BenchmarkResult::score).average().orElse(Double.NaN);
        double after = injected.stream().mapToDouble(BenchmarkResult::score).average().orElse(Double.NaN);
        double change = (after - before) / before;
        return BenchmarkResult.THROUGHPUT.equals(metric) ? -change : change;
    }
}
