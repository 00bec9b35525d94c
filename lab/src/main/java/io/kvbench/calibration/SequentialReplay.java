package io.kvbench.calibration;

import io.kvbench.judge.SequentialTest;
import io.kvbench.result.BenchmarkResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * {@code kvbench interleave} (its default, the sequential test) replayed on a calibration with two unchanged runs per
 * round: each comparison (A' against A for false alarms, each level against A for detections) runs through the
 * complete rounds in disjoint sessions, a session taking rounds until the {@link SequentialTest} decides (or stops
 * undecided at its limit); the next session starts with the next round. A session the data ends before it decided is
 * not counted. No two counted sessions share a run.
 */
public final class SequentialReplay {

    /**
     * @param falseAlarms sessions of A' against A, and how many accepted a regression
     * @param detections  per level name ("5%"), sessions of B against A, and how many accepted a regression
     * @param meanRounds  per comparison ("A'" and the level names), the rounds a counted session used on average
     * @param undecided   per comparison, sessions that reached the round limit undecided (counted as not flagged)
     */
    public record Figures(String engine, String workload, DetectionCounts falseAlarms, Map<String,
            DetectionCounts> detections,
                          Map<String, Double> meanRounds, Map<String, Integer> undecided) {
    }

    private SequentialReplay() {
    }

    public static List<Figures> analyse(List<CalibrationRun> runs, SequentialTest test) {
        List<Figures> out = new ArrayList<>();
        CalibrationRun.byBenchmark(runs, run -> run.round() > 0).forEach((key, group) -> {
            List<Round> rounds = completeRounds(group);
            if (rounds.size() < test.minRounds()) return;
            Map<String, Double> meanRounds = new LinkedHashMap<>();
            Map<String, Integer> undecided = new LinkedHashMap<>();
            Sessions unchanged = sessions(rounds, r -> r.aPrime(), test);
            meanRounds.put("A'", unchanged.meanRounds());
            undecided.put("A'", unchanged.undecided);
            Map<String, DetectionCounts> detections = new LinkedHashMap<>();
            for (double level : rounds.get(0).levels().keySet()) {
                String name = CalibrationReport.levelName(level);
                Sessions s = sessions(rounds, r -> r.levels().get(level), test);
                detections.put(name, s.counts());
                meanRounds.put(name, s.meanRounds());
                undecided.put(name, s.undecided);
            }
            out.add(new Figures(key.engine(), key.workload(), unchanged.counts(), detections, meanRounds, undecided));
        });
        return out;
    }

    private static final class Sessions {
        int sessions;
        int flagged;
        int undecided;
        long rounds;

        DetectionCounts counts() {
            return new DetectionCounts(sessions, flagged, flagged);
        }

        double meanRounds() {
            return sessions == 0 ? Double.NaN : (double) rounds / sessions;
        }
    }

    /** One round with two OK unchanged runs (A, A' in the order they ran) and an OK run at every level. */
    record Round(BenchmarkResult a, BenchmarkResult aPrime, Map<Double, BenchmarkResult> levels) {
    }

    /** The rounds of one benchmark whose runs are all OK and hold A, A' and every level; the others are left out. */
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

    private static Sessions sessions(List<Round> rounds, Function<Round, BenchmarkResult> b, SequentialTest test) {
        Sessions out = new Sessions();
        int start = 0;
        boolean higherIsBetter = rounds.get(0).a().higherIsBetter();
        while (start < rounds.size()) {
            int end = start;
            SequentialTest.Decision decision = SequentialTest.Decision.CONTINUE;
            while (decision == SequentialTest.Decision.CONTINUE && end < rounds.size()) {
                end++;
                double[] ratios = new double[end - start];
                for (int i = start; i < end; i++) ratios[i - start] = b.apply(rounds.get(i)).score() / rounds.get(i).a()
                        .score();
                decision = test.decide(ratios, higherIsBetter).decision();
            }
            if (decision == SequentialTest.Decision.CONTINUE) break; // the data ended first: not counted
            out.sessions++;
            out.rounds += end - start;
            if (decision == SequentialTest.Decision.REGRESSION) out.flagged++;
            if (decision == SequentialTest.Decision.UNDECIDED) out.undecided++;
            start = end;
        }
        return out;
    }
}
