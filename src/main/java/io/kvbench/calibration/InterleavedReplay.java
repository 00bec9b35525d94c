package io.kvbench.calibration;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.gate.Interleaving;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.Verdict;
import io.kvbench.result.BenchmarkResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Replays {@code kvbench interleave} on a calibration whose rounds ran each benchmark unchanged twice
 * ({@code --unchanged-per-round 2}). A window of {@code rounds} consecutive rounds is one interleaved session: the
 * first
 * unchanged run of each round is A, the second A', the run at a level B. A' judged against A (the same decision as
 * {@link Interleaving#judge}) counts a false alarm when it says REGRESSION; B against A counts a detection. Windows
 * overlap, so sessions share runs: the counts are not independent.
 */
public final class InterleavedReplay {

    /**
     * Figures of one (engine, workload) for one policy.
     *
     * @param sessions    windows of consecutive complete rounds replayed
     * @param falseAlarms A' against A
     * @param detections  per level name ("10%"), B against A
     */
    public record Figures(String engine, String workload, int rounds, int sessions, DetectionCounts falseAlarms,
                          Map<String, DetectionCounts> detections) {
    }

    private InterleavedReplay() {
    }

    /** Empty when no round ran a benchmark unchanged twice. */
    public static List<Figures> analyse(List<CalibrationRun> runs, ComparisonPolicy policy, int rounds) {
        List<Figures> out = new ArrayList<>();
        // Failed runs stay in: they leave their round out.
        CalibrationRun.byBenchmark(runs, run -> run.round() > 0).forEach((key, group) -> {
            List<Round> complete = completeRounds(group);
            if (complete.size() < rounds) return;
            DetectionCounts falseAlarms = DetectionCounts.NONE;
            Map<String, DetectionCounts> detections = new LinkedHashMap<>(); // in level order
            for (int start = 0; start + rounds <= complete.size(); start++) {
                List<Round> window = complete.subList(start, start + rounds);
                List<BenchmarkResult> a = window.stream().map(r -> r.a).toList();
                falseAlarms = falseAlarms.plus(flag(key, a, window.stream().map(r -> r.aPrime).toList(), policy));
                for (double level : window.get(0).levels.keySet()) {
                    List<BenchmarkResult> b = window.stream().map(r -> r.levels.get(level)).toList();
                    detections.merge(CalibrationReport.levelName(level), flag(key, a, b, policy),
                            DetectionCounts::plus);
                }
            }
            out.add(new Figures(key.engine(), key.workload(), rounds, complete.size() - rounds + 1, falseAlarms,
                    detections));
        });
        return out;
    }

    /**
     * {@code kvbench interleave --rounds R --confirmations C} (fixed rounds, the pull-request check until 2026-11-25),
     * replayed on disjoint sessions, so that no two counted sessions share a run: per comparison (A' against A for
     * false alarms,
     * each level against A for detections) a session takes the next R rounds; when it says REGRESSION, the next R
     * rounds
     * (up to C times) are added and all of them are judged paired, as the command's confirmation does. A session whose
     * confirmation would need rounds the calibration does not have is not counted.
     *
     * @return figures whose {@code single} counts flags of the first R rounds and {@code confirmed} the final verdicts
     */
    public static List<Figures> analyseAsShipped(List<CalibrationRun> runs, ComparisonPolicy policy, int rounds,
                                                 int confirmations) {
        List<Figures> out = new ArrayList<>();
        CalibrationRun.byBenchmark(runs, run -> run.round() > 0).forEach((key, group) -> {
            List<Round> complete = completeRounds(group);
            if (complete.size() < rounds) return;
            List<BenchmarkResult> a = complete.stream().map(r -> r.a).toList();
            DetectionCounts falseAlarms = shipped(key, a, complete.stream().map(r -> r.aPrime).toList(), policy, rounds,
                    confirmations);
            Map<String, DetectionCounts> detections = new LinkedHashMap<>();
            for (double level : complete.get(0).levels.keySet()) {
                List<BenchmarkResult> b = complete.stream().map(r -> r.levels.get(level)).toList();
                detections.put(CalibrationReport.levelName(level), shipped(key, a, b, policy, rounds, confirmations));
            }
            out.add(new Figures(key.engine(), key.workload(), rounds, falseAlarms.comparisons(), falseAlarms,
                    detections));
        });
        return out;
    }

    private static DetectionCounts shipped(BenchmarkKey key, List<BenchmarkResult> a, List<BenchmarkResult> b,
                                           ComparisonPolicy policy, int rounds, int confirmations) {
        DetectionCounts counts = DetectionCounts.NONE;
        int start = 0;
        while (start + rounds <= a.size()) {
            int end = start + rounds;
            boolean flagged = regressed(key, a.subList(start, end), b.subList(start, end), policy);
            boolean confirmed = flagged;
            for (int c = 0; c < confirmations && confirmed; c++) {
                if (end + rounds > a.size()) return counts; // its confirmation is not in the data: not counted
                end += rounds;
                confirmed = regressed(key, a.subList(start, end), b.subList(start, end), policy);
            }
            counts = counts.plus(new DetectionCounts(1, flagged ? 1 : 0, confirmed ? 1 : 0));
            start = end;
        }
        return counts;
    }

    private static boolean regressed(BenchmarkKey key, List<BenchmarkResult> a, List<BenchmarkResult> b,
            ComparisonPolicy policy) {
        return Interleaving.judge(key, a, b, policy).row().verdict() == Verdict.REGRESSION;
    }

    private static DetectionCounts flag(BenchmarkKey key, List<BenchmarkResult> a, List<BenchmarkResult> b,
            ComparisonPolicy policy) {
        int regressed = Interleaving.judge(key, a, b, policy).row().verdict() == Verdict.REGRESSION ? 1 : 0;
        return new DetectionCounts(1, regressed, regressed);
    }

    /** One round with two OK unchanged runs (A, A' in the order they ran) and an OK run at every level of the
     * benchmark. */
    record Round(BenchmarkResult a, BenchmarkResult aPrime, Map<Double, BenchmarkResult> levels) {
    }

    static List<Round> completeRounds(List<CalibrationRun> runs) {
        TreeSet<Double> levels = new TreeSet<>();
        Map<Integer, List<CalibrationRun>> byRound = new TreeMap<>();
        for (CalibrationRun run : runs) {
            if (!run.unchanged()) levels.add(run.slowdown());
            byRound.computeIfAbsent(run.round(), k -> new ArrayList<>()).add(run);
        }
        List<Round> out = new ArrayList<>();
        for (List<CalibrationRun> round : byRound.values()) {
            if (round.stream().anyMatch(r -> !r.ok())) continue;
            List<CalibrationRun> unchanged = round.stream().filter(CalibrationRun::unchanged).toList();
            Map<Double, BenchmarkResult> atLevel = new TreeMap<>();
            for (CalibrationRun run : round) if (!run.unchanged()) atLevel.put(run.slowdown(), run.toResult());
            if (unchanged.size() >= 2 && atLevel.keySet().containsAll(levels)) {
                out.add(new Round(unchanged.get(0).toResult(), unchanged.get(1).toResult(), atLevel));
            }
        }
        return out;
    }
}
