package io.kvbench.calibration;

import io.kvbench.baseline.Formats;
import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Thresholds;
import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The figures of a calibration: false-alarm and detection rates per benchmark, per workload and overall, for the
 * policy asked for, plus the same totals over a grid of (alpha, minimum effect) so that the default policy can be set
 * from them. Written as {@code perf-baselines/calibration/<machine class>/<profile>.json} (atomically) and printed as
 * Markdown.
 *
 * @param test          significance test of the policy ("bootstrap" or "welch")
 * @param confirmations confirmation reruns replayed per flagged comparison
 * @param baselineRuns  unchanged runs pooled into each baseline
 * @param interleaveRounds rounds of the interleaved sessions the noise figures and the replay are sized for
 * @param benchmarks    per (engine, workload)
 * @param workloads     per workload, summed over engines
 * @param grid          totals over all benchmarks for each (alpha, minEffect) tried
 * @param noise         per (engine, workload): where the noise comes from ({@link NoiseAnalysis})
 * @param interleaved   {@code kvbench interleave} replayed on the rounds, per minimum effect (empty unless rounds ran
 *                      each benchmark unchanged twice)
 * @param notes         how to read the counts
 */
public record CalibrationReport(int schemaVersion, String profile, String runner, String resources, String machineClass,
                                String recordedAt, double nanosPerToken, int rounds, boolean complete, int runs,
                                String test, double alpha, double minEffect, int confirmations, int baselineRuns,
                                int interleaveRounds, String policy,
                                List<CalibrationAnalysis.Benchmark> benchmarks, List<Total> workloads, Total overall,
                                List<GridPoint> grid, List<NoiseAnalysis.Noise> noise, List<InterleavedPoint> interleaved,
                                List<String> notes, List<InterleavedPoint> interleavedAsShipped) {

    public static final int SCHEMA_VERSION = 1;
    /** Rounds the interleaved figures are sized for by default: {@code kvbench interleave}'s default (earlier reports: 4). */
    public static final int INTERLEAVE_ROUNDS = 6;

    /** Counts summed over several benchmarks; levels by slowdown. */
    public record Total(String name, int unchangedRuns, DetectionCounts falseAlarms, Map<String, LevelTotal> levels) {
    }

    /** One slowdown level summed over benchmarks; achieved is the mean of the benchmarks' achieved slowdowns. */
    public record LevelTotal(double slowdown, double achieved, DetectionCounts detections) {
    }

    /** The interleaved replay at one minimum effect (the policy's alpha). */
    public record InterleavedPoint(double minEffect, List<InterleavedReplay.Figures> figures) {
    }

    /** One policy setting of the grid: its totals over every benchmark. */
    public record GridPoint(double alpha, double minEffect, DetectionCounts falseAlarms, Map<String, DetectionCounts> detections) {
    }

    public static CalibrationReport of(CalibrationData data, String test, Thresholds thresholds, int confirmations,
                                       int baselineRuns, int interleaveRounds, List<Double> gridAlphas,
                                       List<Double> gridEffects) {
        ThresholdPolicy policy = SignificanceTests.of(test, thresholds);
        List<CalibrationAnalysis.Benchmark> benchmarks = CalibrationAnalysis.analyse(data.runs(), policy, confirmations,
                baselineRuns);
        Map<String, List<CalibrationAnalysis.Benchmark>> byWorkload = new TreeMap<>();
        for (CalibrationAnalysis.Benchmark b : benchmarks) byWorkload.computeIfAbsent(b.workload(), k -> new ArrayList<>()).add(b);
        List<Total> workloads = byWorkload.entrySet().stream().map(e -> total(e.getKey(), e.getValue())).toList();
        List<GridPoint> grid = new ArrayList<>();
        for (double alpha : gridAlphas) {
            for (double effect : gridEffects) {
                Total t = total("all", CalibrationAnalysis.analyse(data.runs(),
                        SignificanceTests.of(test, thresholds.withAlpha(alpha).withMinEffect(effect)), confirmations, baselineRuns));
                Map<String, DetectionCounts> detections = new LinkedHashMap<>();
                t.levels().forEach((level, lt) -> detections.put(level, lt.detections()));
                grid.add(new GridPoint(alpha, effect, t.falseAlarms(), detections));
            }
        }
        int runs = (int) data.runs().stream().filter(CalibrationRun::ok).count();
        List<String> notes = List.of(
                "Unchanged comparisons: every ordered pair of a benchmark's unchanged runs (n runs give n(n-1) comparisons"
                        + " that share runs; with baselines of k pooled runs, every window of k consecutive runs against"
                        + " every other run). Injected comparisons: every baseline against every injected run of a level."
                        + " Comparisons are not independent: read rates with the run counts.",
                "single: the first comparison alone; confirmed: after " + confirmations + " confirmation rerun(s) replayed"
                        + " with other runs of the same variant, as the gate decides.",
                "achieved: the slowdown the injected runs show against the unchanged runs (mean scores), as the policy"
                        + " counts worse (throughput lower, pass time longer).");
        return new CalibrationReport(SCHEMA_VERSION, data.profile(), data.runner(), data.resources(), data.machineClass(),
                Instant.now().toString(), data.nanosPerToken(), data.rounds(), data.complete(), runs, test == null
                ? "bootstrap" : test, thresholds.alpha(), thresholds.minEffect(), confirmations, baselineRuns, interleaveRounds,
                policy.describe(), benchmarks,
                workloads, total("all", benchmarks), grid,
                NoiseAnalysis.analyse(data.runs(), thresholds.alpha(), baselineRuns, interleaveRounds),
                interleaved(data, test, thresholds, gridEffects, interleaveRounds), notes,
                asShipped(data, test, thresholds, interleaveRounds, confirmations));
    }

    /** The interleave command as the pull-request check runs it: disjoint sessions with its confirmation rounds. */
    private static List<InterleavedPoint> asShipped(CalibrationData data, String test, Thresholds thresholds,
                                                    int rounds, int confirmations) {
        List<InterleavedReplay.Figures> figures = InterleavedReplay.analyseAsShipped(data.runs(), SignificanceTests.of(test, thresholds),
                rounds, confirmations);
        return figures.isEmpty() ? List.of() : List.of(new InterleavedPoint(thresholds.minEffect(), figures));
    }

    private static List<InterleavedPoint> interleaved(CalibrationData data, String test, Thresholds thresholds,
                                                      List<Double> gridEffects, int rounds) {
        TreeSet<Double> effects = new TreeSet<>(gridEffects);
        effects.add(thresholds.minEffect());
        List<InterleavedPoint> out = new ArrayList<>();
        for (double effect : effects.descendingSet()) {
            List<InterleavedReplay.Figures> figures = InterleavedReplay.analyse(data.runs(),
                    SignificanceTests.of(test, thresholds.withMinEffect(effect)), rounds);
            if (!figures.isEmpty()) out.add(new InterleavedPoint(effect, figures));
        }
        return out;
    }

    static Total total(String name, List<CalibrationAnalysis.Benchmark> benchmarks) {
        int unchanged = 0;
        DetectionCounts falseAlarms = DetectionCounts.NONE;
        Map<Double, DetectionCounts> detections = new TreeMap<>();
        Map<Double, List<Double>> achieved = new TreeMap<>();
        for (CalibrationAnalysis.Benchmark b : benchmarks) {
            unchanged += b.unchangedRuns();
            falseAlarms = falseAlarms.plus(b.falseAlarms());
            for (CalibrationAnalysis.Level level : b.levels()) {
                detections.merge(level.slowdown(), level.detections(), DetectionCounts::plus);
                achieved.computeIfAbsent(level.slowdown(), k -> new ArrayList<>()).add(level.achieved());
            }
        }
        Map<String, LevelTotal> levels = new LinkedHashMap<>();
        for (double slowdown : detections.keySet()) {
            levels.put(levelName(slowdown), new LevelTotal(slowdown,
                    achieved.get(slowdown).stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN),
                    detections.get(slowdown)));
        }
        return new Total(name, unchanged, falseAlarms, levels);
    }

    static String levelName(double slowdown) {
        return CalibrationSession.percent(slowdown) + "%";
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }

    /** {@code <root>/calibration/<machine class>/<profile>.json}. */
    public static Path file(Path baselinesRoot, String machineClass, String profile) {
        return baselinesRoot.resolve("calibration").resolve(machineClass).resolve(profile + ".json");
    }

    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("## Regression detection, measured\n\n");
        md.append(String.format(Locale.ROOT, "Profile `%s`, runner `%s` (%s), machine class `%s`; %d runs%s; token cost %.4f ns.%n",
                profile, runner, resources, machineClass, runs, complete ? "" : " (stopped early)", nanosPerToken));
        md.append("Policy: ").append(policy).append("; ").append(confirmations).append(" confirmation rerun(s); baselines pool ")
                .append(baselineRuns).append(baselineRuns == 1 ? " run.\n\n" : " runs.\n\n");
        List<String> levelNames = new ArrayList<>(overall.levels().keySet());
        md.append("| workload | engine | unchanged runs | false alarms: single | false alarms: confirmed |");
        for (String l : levelNames) md.append(" ").append(l).append(": achieved | ").append(l).append(": detected |");
        md.append("\n|").append(" --- |".repeat(5 + 2 * levelNames.size())).append("\n");
        for (CalibrationAnalysis.Benchmark b : benchmarks) {
            md.append("| ").append(b.workload()).append(" | ").append(b.engine()).append(" | ").append(b.unchangedRuns())
                    .append(" | ").append(b.falseAlarms().singleText()).append(" | ").append(b.falseAlarms().confirmedText()).append(" |");
            for (String l : levelNames) {
                CalibrationAnalysis.Level level = b.levels().stream().filter(x -> levelName(x.slowdown()).equals(l)).findFirst().orElse(null);
                md.append(level == null ? " - | - |" : " " + Formats.percent(level.achieved() * 100) + " | "
                        + level.detections().confirmedText() + " |");
            }
            md.append("\n");
        }
        for (Total t : workloads) appendTotal(md, t.name(), "all", t, levelNames);
        appendTotal(md, "**all**", "all", overall, levelNames);
        md.append("\nConfirmed rates with 95 % intervals (optimistic: comparisons share runs): false alarms ")
                .append(rate(overall.falseAlarms()));
        for (String l : levelNames) md.append("; ").append(l).append(" detected ").append(rate(overall.levels().get(l).detections()));
        md.append(".\n\n");
        if (!grid.isEmpty()) {
            md.append("Policy grid (all benchmarks, confirmed):\n\n| alpha | minimum effect | false alarms |");
            for (String l : levelNames) md.append(" ").append(l).append(" detected |");
            md.append("\n|").append(" --- |".repeat(3 + levelNames.size())).append("\n");
            for (GridPoint g : grid) {
                md.append("| ").append(g.alpha()).append(" | ").append(Formats.number(g.minEffect() * 100)).append(" % | ")
                        .append(g.falseAlarms().confirmedText()).append(" |");
                for (String l : levelNames) {
                    DetectionCounts d = g.detections().get(l);
                    md.append(" ").append(d == null ? "-" : d.confirmedText()).append(" |");
                }
                md.append("\n");
            }
            md.append("\n");
        }
        for (String note : notes) md.append("- ").append(note).append("\n");
        appendNoise(md);
        appendInterleaved(md);
        appendAsShipped(md);
        return md.toString();
    }

    private void appendInterleaved(StringBuilder md) {
        if (interleaved == null || interleaved.isEmpty()) return;
        List<String> levelNames = interleaved.get(0).figures().get(0).detections().keySet().stream().toList();
        md.append("\n### Interleaved: `kvbench interleave` with ").append(interleaveRounds)
                .append(" rounds, replayed (alpha ").append(alpha).append(")\n\n");
        md.append("| minimum effect | workload | engine | sessions | false alarms (A' vs A) |");
        for (String l : levelNames) md.append(" ").append(l).append(" detected |");
        md.append("\n|").append(" --- |".repeat(5 + levelNames.size())).append("\n");
        for (InterleavedPoint point : interleaved) {
            for (InterleavedReplay.Figures f : point.figures()) {
                md.append("| ").append(Formats.number(point.minEffect() * 100)).append(" % | ").append(f.workload())
                        .append(" | ").append(f.engine()).append(" | ").append(f.sessions()).append(" | ")
                        .append(f.falseAlarms().confirmedText()).append(" |");
                for (String l : levelNames) {
                    DetectionCounts d = f.detections().get(l);
                    md.append(" ").append(d == null ? "-" : d.confirmedText()).append(" |");
                }
                md.append("\n");
            }
        }
        md.append("\n- A session is a window of ").append(interleaveRounds).append(" consecutive rounds: the first unchanged"
                + " run of each round is A, the second A', the run at a level B; A' and B are judged against A paired by round"
                + " as `kvbench interleave` judges (no confirmation rerun). Windows overlap and share runs.\n");
    }

    private void appendAsShipped(StringBuilder md) {
        if (interleavedAsShipped == null || interleavedAsShipped.isEmpty()) return;
        InterleavedPoint point = interleavedAsShipped.get(0);
        List<String> levelNames = point.figures().get(0).detections().keySet().stream().toList();
        md.append("\n### As shipped: `kvbench interleave --rounds ").append(interleaveRounds).append(" --confirmations ")
                .append(confirmations).append(" --min-effect ").append(Formats.number(point.minEffect()))
                .append("`, disjoint sessions (alpha ").append(alpha).append(")\n\n");
        md.append("| workload | engine | false alarms (A' vs A) |");
        for (String l : levelNames) md.append(" ").append(l).append(" detected |");
        md.append("\n|").append(" --- |".repeat(3 + levelNames.size())).append("\n");
        for (InterleavedReplay.Figures f : point.figures()) {
            md.append("| ").append(f.workload()).append(" | ").append(f.engine()).append(" | ")
                    .append(f.falseAlarms().withInterval()).append(" |");
            for (String l : levelNames) {
                DetectionCounts d = f.detections().get(l);
                md.append(" ").append(d == null ? "-" : d.withInterval()).append(" |");
            }
            md.append("\n");
        }
        md.append("\n- Each comparison (A' against A, each level against A) runs through the rounds in disjoint sessions of ")
                .append(interleaveRounds).append(" rounds; a session that says REGRESSION takes the next ").append(interleaveRounds)
                .append(" rounds as its confirmation and is judged on all of them, paired, as the command does. No two"
                        + " counted sessions share a run. Intervals: exact (Clopper-Pearson) 95 %.\n");
    }

    private void appendNoise(StringBuilder md) {
        if (noise == null || noise.isEmpty()) return;
        md.append("\n### Where the noise is\n\n");
        md.append("| workload | engine | unchanged runs | run-to-run CV | SE of a run's mean from its forks | share its forks"
                + " do not explain | iteration CV in a fork | complete rounds | a run beside its neighbours | drift between"
                + " rounds | smallest slowdown caught vs a stored baseline (" + baselineRuns + " run" + (baselineRuns == 1 ? "" : "s")
                + ") | ... by interleave, " + interleaveRounds + " rounds | interleave rounds for "
                + Formats.number(NoiseAnalysis.TARGET * 100) + " % |\n");
        md.append("|").append(" --- |".repeat(13)).append("\n");
        for (NoiseAnalysis.Noise n : noise) {
            md.append("| ").append(n.workload()).append(" | ").append(n.engine()).append(" | ").append(n.unchangedRuns())
                    .append(" | ").append(pct(n.runToRun())).append(" | ").append(pct(n.forkError())).append(" | ")
                    .append(pct(n.unexplained())).append(" | ").append(pct(n.iterationCv())).append(" | ")
                    .append(n.completeRounds()).append(" | ").append(pct(n.neighbour())).append(" | ").append(pct(n.drift()))
                    .append(" | ").append(pct(n.storedBaselineMde())).append(" | ").append(pct(n.interleavedMde()))
                    .append(" | ").append(n.interleavedRoundsFor10() < 0 ? "-" : String.valueOf(n.interleavedRoundsFor10()))
                    .append(" |\n");
        }
        md.append("\n- Run-to-run CV: of the unchanged runs' means; SE from forks: what one run's fork means say about its"
                + " own mean (median); the share they do not explain is 1 - SE^2 / CV^2: near 0, more forks help; near 1,"
                + " the runs drift and more forks buy nothing.\n");
        md.append("- A run beside its neighbours, drift between rounds: standard deviations of log scores from a round +"
                + " level model of the complete rounds (every level run back to back, random order).\n");
        md.append("- Smallest slowdowns caught with " + Formats.number(NoiseAnalysis.POWER * 100) + " % probability at alpha "
                + alpha + " (normal approximation, any minimum effect aside): against a stored baseline both the run's own"
                + " noise and the drift count; interleaved, A and B run side by side and only the neighbour noise counts.\n");
    }

    private static String pct(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }

    private static void appendTotal(StringBuilder md, String workload, String engine, Total t, List<String> levelNames) {
        md.append("| ").append(workload).append(" | ").append(engine).append(" | ").append(t.unchangedRuns()).append(" | ")
                .append(t.falseAlarms().singleText()).append(" | ").append(t.falseAlarms().confirmedText()).append(" |");
        for (String l : levelNames) {
            LevelTotal lt = t.levels().get(l);
            md.append(lt == null ? " - | - |" : " " + Formats.percent(lt.achieved() * 100) + " | " + lt.detections().confirmedText() + " |");
        }
        md.append("\n");
    }

    private static String rate(DetectionCounts c) {
        if (c.comparisons() == 0) return "-";
        return String.format(Locale.ROOT, "%.1f %% [%.1f, %.1f]", 100 * c.confirmedRate(), 100 * c.confirmedLower(),
                100 * c.confirmedUpper());
    }
}
