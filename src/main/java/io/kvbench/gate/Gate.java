package io.kvbench.gate;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineSource;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.engine.Engines;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.BaselineComparison;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.ComparisonReport;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.Confirmation;
import io.kvbench.judge.CostCheck;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunLayout;
import io.kvbench.result.RunResults;
import io.kvbench.result.Verdict;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.Progress;
import io.kvbench.run.RunLoop;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Where runs and comparisons meet: run a plan, compare it with the baselines of its profile and machine class, and
 * re-run each benchmark that looks regressed (just that one) up to a bounded number of times, deciding on the pooled
 * samples ({@link Confirmation}). Only a regression that survives its reruns stays a REGRESSION. Used by
 * {@code kvbench gate} and the perf gate of {@code mvn test}.
 */
public final class Gate {

    /**
     * @param run       the first run of every benchmark
     * @param baselines what it was compared with
     * @param rows      final verdicts, confirmed where a rerun was needed
     * @param report    the rows as a report (comparison.md / comparison.json)
     * @param costs     the costs judged of each benchmark with a comparable cost baseline ({@link CostCheck})
     */
    public record Judgement(RunResults run, BaselineSet baselines, List<ComparisonRow> rows, ComparisonReport report,
                            Map<BenchmarkKey, CostCheck.Costs> costs) {

        public boolean regressed() {
            return report.count(Verdict.REGRESSION) > 0;
        }

        public boolean failedToMeasure() {
            return report.count(Verdict.ERROR) > 0;
        }

        /**
         * A benchmark with a baseline produced no result (MISSING), or a result has no baseline on a machine class
         * whose baselines are declared complete ({@link BaselineSet#requiresBaseline}): coverage was lost, e.g. a
         * dropped registration or a deleted baseline, and a gate that skipped it would pass while checking less than
         * it did yesterday.
         */
        public boolean lostCoverage() {
            return report.count(Verdict.MISSING) > 0 || !uncovered().isEmpty();
        }

        /** NEW rows that the class's declared coverage requires a baseline for: each one fails. */
        public List<ComparisonRow> uncovered() {
            return rows.stream().filter(r -> r.verdict() == Verdict.NEW && baselines.requiresBaseline(r.key()))
                    .toList();
        }
    }

    private final BenchmarkRunner runner;
    private final BaselineSource store;
    private final ComparisonPolicy policy;
    private final int maxReruns;
    private final PrintStream console;

    /**
     * @param maxReruns confirmation reruns per suspect (0: the first comparison decides)
     * @param console   where progress goes
     */
    public Gate(BenchmarkRunner runner, BaselineSource store, ComparisonPolicy policy, int maxReruns,
            PrintStream console) {
        if (maxReruns < 0) throw new BadInputException("confirmation reruns must be >= 0, not " + maxReruns);
        this.runner = runner;
        this.store = store;
        this.policy = policy;
        this.maxReruns = maxReruns;
        this.console = console;
    }

    /**
     * What of a plan this gate can judge on a machine class.
     *
     * @param plan       the plan to run: the whole plan where the class has throughput baselines, else its workloads
     *                   with a disk or cost baseline; empty when nothing can be judged
     * @param throughput whether throughput is judged (the class has throughput baselines)
     * @param costs      whether costs per operation are judged: the plan is then measured as their baselines were
     *                   recorded (JMH in the container), else each workload's fixed work is done once
     * @param leftOut    the workloads left out, having no baseline of any kind for the plan's engines
     */
    public record Scope(Optional<RunPlan> plan, boolean throughput, boolean costs, List<String> leftOut) {

        /** Whether the plan needs the benchmark runner (JMH in the container), not the fixed work done once. */
        public boolean benchmarks() {
            return throughput || costs;
        }
    }

    /**
     * The part of {@code plan} that can be judged on {@code machineClass}. A class without throughput baselines would
     * measure every benchmark only to leave its throughput unjudged, so there the plan keeps just the workloads with a
     * disk or cost baseline for one of its engines. With cost baselines those are measured as the costs were recorded
     * (allocation per operation is the JIT's steady state, which a cold pass does not reach); with disk baselines
     * only, each does its fixed work once ({@link Profile#withFixedWorkOnce}), for a runner that does just that
     * ({@link io.kvbench.run.FixedWorkRunner}). For runs that are judged, not recorded: such results are no
     * throughput baselines.
     */
    public static Scope scope(BaselineSource store, RunPlan plan, String machineClass) throws IOException {
        BaselineSet baselines = store.load(plan.profile().name(), machineClass);
        boolean anyCosts = plan.engines().stream().anyMatch(e -> plan.workloads().stream()
                .anyMatch(w -> baselines.costs().containsKey(new BenchmarkKey(e.id(), w.name()))));
        if (baselines.exists()) return new Scope(Optional.of(plan), true, anyCosts, List.of());
        List<Workload> kept = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (Workload workload : plan.workloads()) {
            boolean judged = plan.engines().stream().map(e -> new BenchmarkKey(e.id(), workload.name()))
                    .anyMatch(k -> baselines.disk().containsKey(k) || baselines.costs().containsKey(k));
            if (judged) kept.add(workload); else leftOut.add(workload.name());
        }
        if (kept.isEmpty()) return new Scope(Optional.empty(), false, false, leftOut);
        Profile profile = anyCosts ? plan.profile() : plan.profile().withFixedWorkOnce();
        return new Scope(Optional.of(new RunPlan(plan.engines(), kept, profile, plan.outDir(), plan.dataDir())),
                false, anyCosts, leftOut);
    }

    /** Runs the plan (results.json in its output directory, checkpointed) and decides. */
    public Judgement run(RunPlan plan, Predicate<BenchmarkKey> include) throws IOException {
        Path resultsFile = new RunLayout(plan.outDir()).results();
        RunResults results = RunLoop.run(runner, plan, new Progress(console, plan.size()),
                partial -> ResultsJson.write(resultsFile, partial));
        ResultsJson.write(resultsFile, results);
        return judge(plan, results, include);
    }

    /** Compares a finished run and confirms its suspects by rerunning them with the plan's settings. */
    public Judgement judge(RunPlan plan, RunResults results, Predicate<BenchmarkKey> include) throws IOException {
        BaselineSet baselines = store.load(results.profile(), results.machine().machineClass());
        List<ComparisonRow> rows = new ArrayList<>();
        for (ComparisonRow row : BaselineComparison.compare(results.results(), baselines, policy, include)) {
            boolean judged = row.verdict() == Verdict.REGRESSION || row.verdict() == Verdict.PASS
                    || row.verdict() == Verdict.IMPROVEMENT;
            rows.add(judged ? confirm(plan, row, results, baselines) : row);
        }
        // Costs after the reruns: they judge the first run, whose costs a rerun of its time does not change.
        CostCheck.Checked costs = CostCheck.apply(rows, results.results(), baselines, policy.thresholds());
        String described = policy.describe() + "; up to " + maxReruns + " confirmation rerun"
                + (maxReruns == 1 ? "" : "s")
                + " of a suspected regression, judged on pooled samples";
        ComparisonReport report = ComparisonReport.of(results.profile(), baselines.machineClass(), store.describe(),
                described, costs.rows());
        return new Judgement(results, baselines, costs.rows(), report, costs.judged());
    }

    /** The row as it stands unless the policy suspects it; then its verdict after the reruns. */
    private ComparisonRow confirm(RunPlan plan, ComparisonRow suspect, RunResults results, BaselineSet baselines) {
        BenchmarkKey key = suspect.key();
        BenchmarkResult first = results.results().stream().filter(r -> BenchmarkKey.of(r).equals(key)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no result for " + key));
        Baseline baseline = baselines.effective(first);
        Confirmation.Decision decision;
        try {
            decision = Confirmation.decide(policy, baseline, first, maxReruns, attempt -> {
                if (attempt == 1) console.println("suspected regression " + key + " (" + suspect.note()
                        + "): confirming with up to " + maxReruns + " rerun" + (maxReruns == 1 ? "" : "s"));
                return rerun(plan, key, attempt, policy.confirmationForks(baseline, plan.profile().forks()));
            });
        } catch (Exception e) {
            return error(suspect, "confirmation rerun failed: " + e.getMessage());
        }
        // Nothing rerun and no regression (not a suspect, or no reruns allowed): the row stands as compared.
        if (decision.reruns() == 0 && decision.assessment().verdict() != Verdict.REGRESSION) return suspect;
        if (decision.failure() != null) return error(suspect, decision.summary());
        ComparisonRow row = BaselineComparison.measured(decision.pooled(), baseline, decision.assessment(),
                decision.summary());
        if (decision.reruns() > 0) console.println("  " + key + ": " + row.verdict() + ", " + decision.summary());
        return row;
    }

    /** One more measurement of a suspect, with the forks the policy asks for ({@code confirmationForks}). */
    private BenchmarkResult rerun(RunPlan plan, BenchmarkKey key, int attempt, int forks) throws IOException {
        RunLayout layout = new RunLayout(plan.outDir()).confirmation(key.engine() + "-" + key.workload(), attempt);
        RunPlan one = new RunPlan(List.of(Engines.byId(key.engine())), List.of(Catalog.workload(key.workload())),
                plan.profile().withForks(forks), layout.dir(), plan.dataDir());
        RunResults rerun = RunLoop.run(runner, one, new Progress(console, 1),
                partial -> ResultsJson.write(layout.results(), partial));
        ResultsJson.write(layout.results(), rerun);
        return rerun.results().get(0);
    }

    private static ComparisonRow error(ComparisonRow suspect, String why) {
        return suspect.withVerdict(Verdict.ERROR).withNote("looked regressed (" + suspect.note() + "), but " + why);
    }
}
