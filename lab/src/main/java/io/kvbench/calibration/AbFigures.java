package io.kvbench.calibration;

import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * An A/B campaign's sessions summed up per benchmark and variant: how many sessions accepted a regression (false
 * alarms for the unchanged variant, detections for the injected ones) with exact 95 % (Clopper-Pearson) intervals,
 * the per-round spread, rounds and minutes per session, the slowdown achieved and what the passes resolved. Sessions
 * are disjoint (no two share a round), so the binomial intervals apply as they are.
 *
 * @param slowdown    the level injected (0 for the unchanged variant)
 * @param regressions sessions, and those whose verdict was REGRESSION
 * @param spread      per-round spread of the sessions: median, smallest, largest
 * @param costs       rounds and minutes per session
 * @param effect      what the sessions achieved and resolved
 */
public record AbFigures(String engine, String workload, double slowdown, DetectionCounts regressions,
                        Spread spread, Costs costs, Effect effect) {

    /**
     * @param achieved   median slowdown the sessions achieved
     * @param resolution median resolution stated by the sessions that did not accept a regression (NaN: none)
     */
    public record Effect(double achieved, double resolution) {
    }

    /** Median, smallest and largest per-round spread. */
    public record Spread(double median, double min, double max) {
    }

    /** Rounds and minutes per session: medians and largest. */
    public record Costs(double medianRounds, int maxRounds, double medianMinutes, double maxMinutes) {
    }

    /** Per benchmark, the unchanged variant first, then the levels in ascending order. */
    public static List<AbFigures> of(AbSessions data) {
        List<AbFigures> out = new ArrayList<>();
        for (List<AbSessions.Session> sessions : byBenchmark(data).values()) {
            Map<Double, List<AbSessions.Session>> byLevel = new TreeMap<>();
            for (AbSessions.Session s : sessions) {
                byLevel.computeIfAbsent(s.injected().slowdown(), k -> new ArrayList<>()).add(s);
            }
            byLevel.forEach((level, ofLevel) -> out.add(figures(ofLevel, level)));
        }
        return out;
    }

    /** The sessions per benchmark ("engine/workload"), in the order the benchmarks first ran. */
    static Map<String, List<AbSessions.Session>> byBenchmark(AbSessions data) {
        Map<String, List<AbSessions.Session>> grouped = new LinkedHashMap<>();
        for (AbSessions.Session s : data.sessions()) {
            grouped.computeIfAbsent(s.engine() + "/" + s.workload(), k -> new ArrayList<>()).add(s);
        }
        return grouped;
    }

    /** All benchmarks together, per variant: "all" for the engine and workload. */
    public static List<AbFigures> overall(AbSessions data) {
        Map<Double, List<AbSessions.Session>> byLevel = new TreeMap<>();
        for (AbSessions.Session s : data.sessions()) {
            byLevel.computeIfAbsent(s.injected().slowdown(), k -> new ArrayList<>()).add(s);
        }
        List<AbFigures> out = new ArrayList<>();
        byLevel.forEach((level, sessions) -> {
            AbFigures f = figures(sessions, level);
            out.add(new AbFigures("all", "all", level, f.regressions(), f.spread(), f.costs(), f.effect()));
        });
        return out;
    }

    private static AbFigures figures(List<AbSessions.Session> sessions, double level) {
        int regressions = (int) sessions.stream().filter(s -> s.outcome().verdict() == Verdict.REGRESSION).count();
        double[] spreads = values(sessions, s -> s.outcome().spread());
        double[] rounds = values(sessions, s -> s.outcome().rounds());
        double[] minutes = values(sessions, s -> s.outcome().minutes());
        double[] resolutions = sessions.stream().filter(s -> s.outcome().verdict() != Verdict.REGRESSION)
                .mapToDouble(s -> s.outcome().resolution()).filter(Double::isFinite).sorted().toArray();
        AbSessions.Session first = sessions.get(0);
        return new AbFigures(first.engine(), first.workload(), level,
                new DetectionCounts(sessions.size(), regressions, regressions),
                new Spread(median(spreads), min(spreads), max(spreads)),
                new Costs(median(rounds), (int) max(rounds), median(minutes), max(minutes)),
                new Effect(median(values(sessions, s -> s.outcome().achieved())), median(resolutions)));
    }

    private static double[] values(List<AbSessions.Session> sessions,
                                   ToDoubleFunction<AbSessions.Session> of) {
        return sessions.stream().mapToDouble(of).filter(Double::isFinite).sorted().toArray();
    }

    static double median(double[] sorted) {
        if (sorted.length == 0) return Double.NaN;
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    private static double min(double[] sorted) {
        return sorted.length == 0 ? Double.NaN : sorted[0];
    }

    private static double max(double[] sorted) {
        return sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).max().orElse(Double.NaN);
    }
}
