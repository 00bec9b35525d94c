package io.kvbench.calibration;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.baseline.Formats;
import io.kvbench.judge.SequentialTest;
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
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of a calibration: false-alarm and detection rates per benchmark, per workload and overall, for the
 * policy asked for, plus the same totals over a grid of (alpha, minimum effect) so that the default policy can be set
 * from them. Written as {@code perf-baselines/calibration/<machine class>/<profile>.json} (atomically, one flat object)
 * and printed as Markdown.
 *
 * @param source   where and when the data was measured
 * @param data     how much data there is
 * @param replay   the policy replayed on it
 * @param rates    what the policy and the grid detect
 * @param analyses where the noise comes from, and the interleave command's sequential test replayed
 */
public record CalibrationReport(int schemaVersion, @JsonUnwrapped Source source, @JsonUnwrapped DataSize data,
                                @JsonUnwrapped Replay replay, @JsonUnwrapped Rates rates,
                                @JsonUnwrapped Analyses analyses) {

    public static final int SCHEMA_VERSION = 1;
    /** Rounds the interleaved noise figures are sized for by default (earlier reports: 4). */
    public static final int INTERLEAVE_ROUNDS = 6;

    /** Where the data was measured and when the figures were made. */
    public record Source(String profile, String runner, String resources, String machineClass, String recordedAt) {
    }

    /**
     * @param nanosPerToken what one Blackhole.consumeCPU token cost where the benchmarks ran, in data recorded when
     *                      slowdowns were tokens; else null, and not written
     * @param rounds        interleaved rounds the data has
     * @param complete      false when the calibration ended early
     * @param runs          benchmark runs that measured something
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DataSize(Double nanosPerToken, int rounds, boolean complete, int runs) {
    }

    /**
     * How the policy is replayed on the data.
     *
     * @param test             significance test of the policy ("bootstrap" or "welch")
     * @param confirmations    confirmation reruns replayed per flagged comparison
     * @param baselineRuns     unchanged runs pooled into each baseline
     * @param interleaveRounds rounds of the interleaved sessions the noise figures are sized for
     * @param policy           the policy, in words
     */
    public record Replay(String test, double alpha, double minEffect, int confirmations, int baselineRuns,
                         int interleaveRounds, String policy) {
    }

    /**
     * @param benchmarks per (engine, workload)
     * @param workloads  per workload, summed over engines
     * @param overall    over every benchmark
     * @param grid       totals over all benchmarks for each (alpha, minEffect) tried
     */
    public record Rates(List<CalibrationAnalysis.Benchmark> benchmarks, List<Total> workloads, Total overall,
                       List<GridPoint> grid) {
    }

    /**
     * @param noise      per (engine, workload): where the noise comes from ({@link NoiseAnalysis})
     * @param notes      how to read the counts
     * @param sequential {@code kvbench interleave} (sequential) replayed on disjoint sessions of the rounds, with the
     *                   policy's alpha and minimum effect and the command's defaults (null unless rounds ran each
     *                   benchmark unchanged twice)
     */
    public record Analyses(List<NoiseAnalysis.Noise> noise, List<String> notes, SequentialPoint sequential) {
    }

    /**
     * What to replay: the policy's test and thresholds, its confirmations, the baselines' pooled runs and the rounds of
     * an interleaved session.
     */
    public record Settings(String test, Thresholds thresholds, int confirmations, int baselineRuns,
                           int interleaveRounds) {
    }

    /** The grid of (alpha, minimum effect) to replay besides the policy. */
    public record Grid(List<Double> alphas, List<Double> effects) {
    }

    /** Counts summed over several benchmarks; levels by slowdown. */
    public record Total(String name, int unchangedRuns, DetectionCounts falseAlarms, Map<String, LevelTotal> levels) {
    }

    /** One slowdown level summed over benchmarks; achieved is the mean of the benchmarks' achieved slowdowns. */
    public record LevelTotal(double slowdown, double achieved, DetectionCounts detections) {
    }

    /** The sequential replay: the test's settings, in words, and its figures per benchmark. */
    public record SequentialPoint(String test, List<SequentialReplay.Figures> figures) {
    }

    /** One policy setting of the grid: its totals over every benchmark. */
    public record GridPoint(double alpha, double minEffect, DetectionCounts falseAlarms, Map<String,
            DetectionCounts> detections) {
    }

    public static CalibrationReport of(CalibrationData data, Settings settings, Grid grid) {
        String test = settings.test();
        Thresholds thresholds = settings.thresholds();
        int confirmations = settings.confirmations();
        int baselineRuns = settings.baselineRuns();
        int interleaveRounds = settings.interleaveRounds();
        ThresholdPolicy policy = SignificanceTests.of(test, thresholds);
        List<CalibrationAnalysis.Benchmark> benchmarks = CalibrationAnalysis.analyse(data.runs(), policy, confirmations,
                baselineRuns);
        Map<String, List<CalibrationAnalysis.Benchmark>> byWorkload = new TreeMap<>();
        for (CalibrationAnalysis.Benchmark b : benchmarks) byWorkload.computeIfAbsent(b.workload(),
                k -> new ArrayList<>()).add(b);
        List<Total> workloads = byWorkload.entrySet().stream().map(e -> total(e.getKey(), e.getValue())).toList();
        List<GridPoint> points = new ArrayList<>();
        for (double alpha : grid.alphas()) {
            for (double effect : grid.effects()) {
                Total t = total("all", CalibrationAnalysis.analyse(data.runs(),
                        SignificanceTests.of(test, thresholds.withAlpha(alpha).withMinEffect(effect)), confirmations,
                                baselineRuns));
                Map<String, DetectionCounts> detections = new LinkedHashMap<>();
                t.levels().forEach((level, lt) -> detections.put(level, lt.detections()));
                points.add(new GridPoint(alpha, effect, t.falseAlarms(), detections));
            }
        }
        int runs = (int) data.runs().stream().filter(CalibrationRun::ok).count();
        List<String> notes = List.of(
                "Unchanged comparisons: every ordered pair of a benchmark's unchanged runs (n runs give n(n-1) "
                        + "comparisons that share runs; with baselines of k pooled runs, every window of k consecutive "
                        + "runs against every other run). Injected comparisons: every baseline against every injected "
                        + "run of a level. Comparisons are not independent: read rates with the run counts.",
                "single: the first comparison alone; confirmed: after " + confirmations
                        + " confirmation rerun(s) replayed"
                        + " with other runs of the same variant, as the gate decides.",
                "achieved: the slowdown the injected runs show against the unchanged runs (mean scores), as the policy"
                        + " counts worse (throughput lower, pass time longer).");
        Source source = new Source(data.profile(), data.runner(), data.resources(), data.machineClass(),
                Instant.now().toString());
        Replay replay = new Replay(test == null ? "bootstrap" : test, thresholds.alpha(), thresholds.minEffect(),
                confirmations, baselineRuns, interleaveRounds, policy.describe());
        Analyses analyses = new Analyses(NoiseAnalysis.analyse(data.runs(), thresholds.alpha(), baselineRuns,
                interleaveRounds), notes, sequential(data, thresholds));
        return new CalibrationReport(SCHEMA_VERSION, source, new DataSize(data.nanosPerToken(), data.rounds(),
                data.complete(), runs), replay, new Rates(benchmarks, workloads, total("all", benchmarks), points),
                analyses);
    }

    private static SequentialPoint sequential(CalibrationData data, Thresholds thresholds) {
        if (!(thresholds.minEffect() > 0 && thresholds.minEffect() < 1)) return null;
        SequentialTest t = SequentialTest.withDefaults(thresholds.alpha(), thresholds.minEffect());
        List<SequentialReplay.Figures> figures = SequentialReplay.analyse(data.runs(), t);
        if (figures.isEmpty()) return null;
        return new SequentialPoint("alpha " + t.alpha() + ", beta " + t.beta() + ", minimum effect "
                + Formats.number(t.minEffect() * 100) + " %, " + t.minRounds() + " to " + t.maxRounds() + " rounds",
                figures);
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

    public static String levelName(double slowdown) {
        return CalibrationSession.percent(slowdown) + "%";
    }

    public String profile() {
        return source.profile();
    }

    public String runner() {
        return source.runner();
    }

    public String resources() {
        return source.resources();
    }

    public String machineClass() {
        return source.machineClass();
    }

    public Double nanosPerToken() {
        return data.nanosPerToken();
    }

    public boolean complete() {
        return data.complete();
    }

    public int runs() {
        return data.runs();
    }

    public double alpha() {
        return replay.alpha();
    }

    public int confirmations() {
        return replay.confirmations();
    }

    public int baselineRuns() {
        return replay.baselineRuns();
    }

    public int interleaveRounds() {
        return replay.interleaveRounds();
    }

    public String policy() {
        return replay.policy();
    }

    public List<CalibrationAnalysis.Benchmark> benchmarks() {
        return rates.benchmarks();
    }

    public List<Total> workloads() {
        return rates.workloads();
    }

    public Total overall() {
        return rates.overall();
    }

    public List<GridPoint> grid() {
        return rates.grid();
    }

    public List<NoiseAnalysis.Noise> noise() {
        return analyses.noise();
    }

    public List<String> notes() {
        return analyses.notes();
    }

    public SequentialPoint sequential() {
        return analyses.sequential();
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }

    /** {@code <root>/calibration/<machine class>/<profile>.json}. */
    public static Path file(Path baselinesRoot, String machineClass, String profile) {
        return baselinesRoot.resolve("calibration").resolve(machineClass).resolve(profile + ".json");
    }
}
