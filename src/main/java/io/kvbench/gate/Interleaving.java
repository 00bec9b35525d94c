package io.kvbench.gate;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.infra.Directories;
import io.kvbench.judge.Assessment;
import io.kvbench.judge.BaselineComparison;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.Pooling;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Verdict;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.Progress;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Two configurations measured alternately in one session on one machine: per round, A and B each run every benchmark,
 * in a random order, so that the machine's drift over the session hits both alike; then B is judged against A with
 * the comparison policy, paired by round from 3 rounds on (the ratio B/A of each round cancels the drift between
 * rounds, which pooled samples would count as noise; see {@link ThresholdPolicy#assessPaired}), on the pooled
 * samples below that. The two sides of a round run one after the other or, as a {@link Duet}, at the same time on two
 * cores ({@link RoundSchedule}). For an engine upgrade A and B are two class paths (two
 * kvbench jars built with the two versions); for a setting, two sets of benchmark JVM flags; the hidden slowdown
 * checks that the mode sees what it should.
 */
public final class Interleaving {

    /**
     * @param name           "A" or "B"
     * @param runner         runs this configuration's benchmarks (its class path and JVM flags)
     * @param slowdownTokens injected work per operation (0 in real comparisons)
     * @param description    what the configuration is, for people
     */
    public record Side(String name, BenchmarkRunner runner, long slowdownTokens, String description) {
    }

    /**
     * @param row         B against A: baselineScore is A's pooled score, measuredScore B's
     * @param roundRatios B / A per round, in round order (NaN where a side failed)
     */
    public record Result(ComparisonRow row, List<Double> roundRatios) {
    }

    private Interleaving() {
    }

    /**
     * @param confirmations how many times a benchmark that looks regressed is measured for another {@code rounds}
     *                      rounds (just that benchmark, both sides), then judged on all its rounds paired; the first
     *                      verdict that is not a REGRESSION ends it, as the gate's confirmation reruns do
     */
    public static List<Result> run(List<KvEngine> engines, List<Workload> workloads, Profile profile, Path outDir, Side a, Side b,
                                   RoundSchedule schedule, int rounds, int confirmations, long seed,
                                   ComparisonPolicy policy, PrintStream console) throws IOException {
        if (rounds < 2) throw new IllegalArgumentException("rounds must be >= 2 (interleaving needs repeats), not " + rounds);
        if (confirmations < 0) throw new IllegalArgumentException("confirmations must be >= 0, not " + confirmations);
        Map<BenchmarkKey, Map<String, List<BenchmarkResult>>> measured = new LinkedHashMap<>();
        Random order = new Random(seed);
        measure(engines, workloads, profile, outDir, "", a, b, schedule, rounds, order, measured, console);
        List<Result> out = new ArrayList<>();
        for (Map.Entry<BenchmarkKey, Map<String, List<BenchmarkResult>>> e : measured.entrySet()) {
            BenchmarkKey key = e.getKey();
            Map<String, List<BenchmarkResult>> bySide = e.getValue();
            Result result = judge(key, bySide.getOrDefault(a.name(), List.of()), bySide.getOrDefault(b.name(), List.of()), policy);
            for (int c = 1; c <= confirmations && result.row().verdict() == Verdict.REGRESSION; c++) {
                console.println("suspected regression " + key + " (" + result.row().note() + "): confirming with " + rounds
                        + " more rounds (" + c + " of " + confirmations + ")");
                Map<BenchmarkKey, Map<String, List<BenchmarkResult>>> more = new LinkedHashMap<>();
                measure(List.of(Engines.byId(key.engine())), List.of(Catalog.workload(key.workload())), profile, outDir,
                        "confirm-" + c + "-" + key.engine() + "-" + key.workload() + "-", a, b, schedule, rounds, order, more, console);
                more.getOrDefault(key, Map.of()).forEach((side, runs) -> bySide.computeIfAbsent(side, s -> new ArrayList<>()).addAll(runs));
                Result all = judge(key, bySide.getOrDefault(a.name(), List.of()), bySide.getOrDefault(b.name(), List.of()), policy);
                String how = all.row().verdict() == Verdict.REGRESSION ? "confirmed by " : "not confirmed by ";
                result = new Result(withNote(all.row(), how + c * rounds + " more rounds"), all.roundRatios());
            }
            out.add(result);
        }
        return out;
    }

    /** Runs every benchmark of A and B for {@code rounds} rounds, as the schedule says, into {@code measured}. */
    private static void measure(List<KvEngine> engines, List<Workload> workloads, Profile profile, Path outDir, String prefix, Side a, Side b,
                                RoundSchedule schedule, int rounds, Random order,
                                Map<BenchmarkKey, Map<String, List<BenchmarkResult>>> measured, PrintStream console)
            throws IOException {
        for (int round = 1; round <= rounds; round++) {
            String label = prefix + "round " + round + "/" + rounds + ": ";
            measureRound(engines, workloads, profile, outDir, outDir.resolve(prefix + "round-" + round + "-"), label, a, b, schedule, order,
                    measured, console);
        }
    }

    /**
     * One round of these benchmarks, both sides as the schedule says; side X writes into {@code dirPrefix + X}
     * ({@code round-3-B}) and its stores into {@code outDir/data-X}, so that a duet's sides never share a store.
     */
    static void measureRound(List<KvEngine> engines, List<Workload> workloads, Profile profile, Path outDir, Path dirPrefix, String label,
                             Side a, Side b, RoundSchedule schedule, Random order,
                             Map<BenchmarkKey, Map<String, List<BenchmarkResult>>> measured, PrintStream console) throws IOException {
        Path scratch = dirPrefix.resolveSibling(dirPrefix.getFileName() + "scratch");
        List<RunResults> both = schedule.run(a, b, order, scratch, side -> {
            console.println(label + side.name() + " (" + side.description() + ")");
            Path dir = dirPrefix.resolveSibling(dirPrefix.getFileName() + side.name());
            RunPlan plan = new RunPlan(engines, workloads, profile, dir, outDir.resolve("data-" + side.name()), side.slowdownTokens());
            Path resultsFile = dir.resolve(ResultsJson.RESULTS_FILE);
            RunResults results = side.runner().run(plan, new Progress(console, plan.size()), partial -> ResultsJson.write(resultsFile, partial));
            ResultsJson.write(resultsFile, results);
            return results;
        });
        Directories.deleteIfEmpty(scratch);
        record(both.get(0), a, measured);
        record(both.get(1), b, measured);
    }

    private static void record(RunResults results, Side side, Map<BenchmarkKey, Map<String, List<BenchmarkResult>>> measured) {
        for (BenchmarkResult r : results.results()) {
            measured.computeIfAbsent(BenchmarkKey.of(r), k -> new LinkedHashMap<>()).computeIfAbsent(side.name(), k -> new ArrayList<>()).add(r);
        }
    }

    static ComparisonRow withVerdict(ComparisonRow r, Verdict verdict) {
        return new ComparisonRow(r.engine(), r.workload(), verdict, r.unit(), r.baselineScore(), r.measuredScore(),
                r.deltaPercent(), r.pValue(), r.confidence(), r.note());
    }

    static ComparisonRow withNote(ComparisonRow r, String extra) {
        return new ComparisonRow(r.engine(), r.workload(), r.verdict(), r.unit(), r.baselineScore(), r.measuredScore(),
                r.deltaPercent(), r.pValue(), r.confidence(), r.note().isEmpty() ? extra : r.note() + "; " + extra);
    }

    /** B against A, paired by round when there are 3 or more (the calibration replays it on its own rounds). */
    public static Result judge(BenchmarkKey key, List<BenchmarkResult> as, List<BenchmarkResult> bs, ComparisonPolicy policy) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(as.size(), bs.size()); i++) {
            boolean ok = as.get(i).status() == Status.OK && bs.get(i).status() == Status.OK;
            ratios.add(ok ? bs.get(i).score() / as.get(i).score() : Double.NaN);
        }
        BenchmarkResult failed = firstNotOk(as, bs);
        if (failed != null) {
            Verdict verdict = failed.status() == Status.NOT_APPLICABLE ? Verdict.NEW : Verdict.ERROR;
            String note = (failed.status() == Status.NOT_APPLICABLE ? "not applicable: " : "failed: ") + failed.reason();
            return new Result(new ComparisonRow(key.engine(), key.workload(), verdict, null, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, "-", note), ratios);
        }
        BenchmarkResult pooledA = Pooling.pool(as);
        BenchmarkResult pooledB = Pooling.pool(bs);
        Baseline baselineA = Baseline.of(pooledA, "interleave", "interleave", Instant.now(), "configuration A");
        Assessment assessment;
        String note;
        if (policy instanceof ThresholdPolicy threshold && as.size() == bs.size() && as.size() >= 3) {
            assessment = threshold.assessPaired(baselineA, pooledB, ratios.stream().mapToDouble(Double::doubleValue).toArray());
            note = "B vs A paired by round over " + as.size() + " rounds (scores: pooled means)";
        } else {
            assessment = policy.assess(baselineA, pooledB);
            note = "B vs A, pooled " + pooledA.samples().size() + " and " + pooledB.samples().size() + " samples of "
                    + as.size() + " rounds";
        }
        return new Result(BaselineComparison.measured(pooledB, baselineA, assessment, note), ratios);
    }

    private static BenchmarkResult firstNotOk(List<BenchmarkResult> as, List<BenchmarkResult> bs) {
        for (BenchmarkResult r : as) if (r.status() != Status.OK) return r;
        for (BenchmarkResult r : bs) if (r.status() != Status.OK) return r;
        return null;
    }
}
