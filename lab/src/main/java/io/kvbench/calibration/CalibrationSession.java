package io.kvbench.calibration;

import io.kvbench.baseline.Formats;
import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.Progress;
import io.kvbench.run.Rounds;
import io.kvbench.run.RunLoop;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Measures what a calibration needs, spending machine time carefully:
 * <ol>
 *   <li>per (engine, workload) one unchanged sizing run, whose score converts each slowdown level into a delay in
 *       every engine get and put ({@link SlowdownDelay}); it also counts as an unchanged run;</li>
 *   <li>rounds: per (engine, workload) one unchanged run and one run per slowdown level, in a random order per round,
 *       so that drift of the machine hits unchanged and injected runs alike.</li>
 * </ol>
 * Every run is checkpointed into {@value CalibrationData#FILE}; when the time budget would be exceeded by another run,
 * it stops and keeps what it has (complete = false).
 */
public final class CalibrationSession {

    /**
     * What is injected into the interleaved rounds.
     *
     * @param slowdowns         levels to inject (0.05 = 5 %)
     * @param rounds            interleaved rounds after the sizing run
     * @param unchangedPerRound unchanged runs per benchmark and round: 2 gives each round an A and an A' beside the
     *                          injected runs, so that interleaved comparisons (A' vs A) can count false alarms too
     */
    public record Injection(List<Double> slowdowns, int rounds, int unchangedPerRound) {
        public Injection {
            slowdowns = List.copyOf(slowdowns);
            if (slowdowns.isEmpty()) throw new BadInputException("no slowdown level given");
            for (double s : slowdowns) {
                if (!(s > 0 && s < 1)) throw new BadInputException("slowdown levels must be in (0, 1), not "
                        + s);
            }
            if (rounds < 1) throw new BadInputException("rounds must be >= 1, not " + rounds);
            if (unchangedPerRound < 1 || unchangedPerRound > 2) {
                throw new BadInputException("unchanged runs per round must be 1 or 2, not " + unchangedPerRound);
            }
        }
    }

    /**
     * @param injection what the interleaved rounds inject
     * @param budget    machine time at most; no run starts that the mean run time says would end after it
     * @param seed      for the order of variants within a round
     */
    public record Plan(List<KvEngine> engines, List<Workload> workloads, Profile profile, Injection injection,
                       Duration budget, long seed) {

        public Plan {
            engines = List.copyOf(engines);
            workloads = List.copyOf(workloads);
            if (engines.isEmpty() || workloads.isEmpty()) {
                throw new BadInputException("no engine or workload selected");
            }
        }

        public List<Double> slowdowns() {
            return injection.slowdowns();
        }

        public int rounds() {
            return injection.rounds();
        }

        public int unchangedPerRound() {
            return injection.unchangedPerRound();
        }

        /** Benchmark runs the plan makes if the budget allows. */
        public int runs() {
            return engines.size() * workloads.size() * (1 + rounds() * (unchangedPerRound() + slowdowns().size()));
        }
    }

    /** The runner of one run: the chosen one, its benchmark JVMs' calls of one engine delayed by {@code delayNanos}. */
    @FunctionalInterface
    public interface Runners {
        /**
         * The runner whose benchmarks' calls of {@code engine} are delayed by {@code delayNanos} (0: the runner
         * unchanged).
         */
        BenchmarkRunner delayed(KvEngine engine, long delayNanos);
    }

    private final Plan plan;
    private final Runners runners;
    private final String resources;
    private final Path outDir;
    private final PrintStream console;
    private final long start = System.nanoTime();
    private long measuredNanos;
    private int measured;

    public CalibrationSession(Plan plan, Runners runners, String resources, Path outDir, PrintStream console) {
        this.plan = plan;
        this.runners = runners;
        this.resources = resources;
        this.outDir = outDir;
        this.console = console;
    }

    public CalibrationData run() throws IOException, InterruptedException {
        Files.createDirectories(outDir);
        Path checkpoint = outDir.resolve(CalibrationData.FILE);
        CalibrationData.Design design = new CalibrationData.Design(plan.engines().stream().map(KvEngine::id).toList(),
                plan.workloads().stream().map(Workload::name).toList(), plan.slowdowns(), plan.rounds());
        String runner = runners.delayed(plan.engines().get(0), 0).name();
        CalibrationData data = new CalibrationData(CalibrationData.SCHEMA_VERSION,
                new CalibrationData.Conditions(plan.profile().name(), runner, resources, ""), null, design,
                Instant.now().toString(), false, List.of());
        String machineClass = "";
        try (PrintStream log = new PrintStream(Files.newOutputStream(outDir.resolve("runs.log")), true)) {
            Map<String, Map<Double, Long>> delays = new LinkedHashMap<>();
            for (KvEngine engine : plan.engines()) {
                for (Workload workload : plan.workloads()) {
                    if (outOfBudget()) return finish(data, false, machineClass, checkpoint);
                    BenchmarkResult sizing = measure(engine, workload, 0, 0, 0, log);
                    data = data.with(CalibrationRun.of(CalibrationRun.Injected.delayed(0, 0, 0), sizing,
                            Instant.now().toString()));
                    data.write(checkpoint);
                    if (sizing.status() != Status.OK) {
                        say("  " + sizing.key() + " failed its sizing run, left out: " + sizing.reason());
                        continue;
                    }
                    if (sizing.context() != null && sizing.context().machine() != null) machineClass = sizing.context()
                            .machine().machineClass();
                    delays.put(key(engine, workload), delayPerLevel(sizing, workload));
                }
            }
            Random order = new Random(plan.seed());
            for (int round = 1; round <= plan.rounds(); round++) {
                for (KvEngine engine : plan.engines()) {
                    for (Workload workload : plan.workloads()) {
                        Map<Double, Long> levels = delays.get(key(engine, workload));
                        if (levels == null) continue;
                        List<Double> variants = new ArrayList<>(Collections.nCopies(plan.unchangedPerRound(), 0.0));
                        variants.addAll(plan.slowdowns());
                        for (double slowdown : Rounds.shuffled(variants, order)) {
                            if (outOfBudget() || Thread.currentThread().isInterrupted()) {
                                return finish(data, false, machineClass, checkpoint);
                            }
                            long delay = slowdown == 0 ? 0 : levels.get(slowdown);
                            BenchmarkResult r = measure(engine, workload, round, slowdown, delay, log);
                            CalibrationRun.Injected injected = CalibrationRun.Injected.delayed(round, slowdown, delay);
                            data = data.with(CalibrationRun.of(injected, r, Instant.now().toString()));
                            data.write(checkpoint);
                        }
                    }
                }
            }
        }
        return finish(data, true, machineClass, checkpoint);
    }

    private CalibrationData finish(CalibrationData data, boolean complete, String machineClass,
            Path checkpoint) throws IOException {
        CalibrationData done = data.completed(complete, machineClass);
        done.write(checkpoint);
        if (!complete) say("stopped early (time budget or interrupt): " + done.runs().size() + " of " + plan.runs()
                + " runs measured");
        return done;
    }

    private Map<Double, Long> delayPerLevel(BenchmarkResult sizing, Workload workload) {
        int cores = sizing.context() != null && sizing.context().machine() != null ? sizing.context().machine().cores()
                : 1;
        double perOp = SlowdownDelay.nanosPerOperation(sizing, workload, plan.profile(), cores);
        Map<Double, Long> levels = new LinkedHashMap<>();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %s: %.0f ns per operation;", sizing.key(),
                perOp));
        for (double slowdown : plan.slowdowns()) {
            long nanos = SlowdownDelay.delayNanos(slowdown, perOp, sizing.higherIsBetter());
            levels.put(slowdown, nanos);
            line.append(String.format(Locale.ROOT, " %s %% = %d ns per call", percent(slowdown), nanos));
        }
        say(line.toString());
        return levels;
    }

    private BenchmarkResult measure(KvEngine engine, Workload workload, int round, double slowdown, long delayNanos,
                                    PrintStream log) {
        String label = slowdown == 0 ? "unchanged" : "slowdown-" + percent(slowdown);
        Path dir = outDir.resolve("runs").resolve(engine.id() + "-" + workload.name() + "-r" + round + "-" + label);
        RunPlan runPlan = new RunPlan(List.of(engine), List.of(workload), plan.profile(), dir,
                outDir.resolve("data"));
        long begin = System.nanoTime();
        RunResults results = RunLoop.run(runners.delayed(engine, delayNanos), runPlan, new Progress(log, 1),
                partial -> { });
        long took = System.nanoTime() - begin;
        measuredNanos += took;
        measured++;
        BenchmarkResult r = results.results().get(0);
        String outcome = r.status() == Status.OK ? String.format(Locale.ROOT, "%,.4g %s", r.score(), r.unit())
                : r.status() + " " + r.reason();
        int left = plan.runs() - measured;
        say(String.format(Locale.ROOT, "[%d/%d %s, about %s left] %s round %d %s%s: %s", measured, plan.runs(),
                Progress.format(Duration.ofNanos(System.nanoTime() - start)),
                Progress.format(Duration.ofNanos(measuredNanos / measured * left)), r.key(), round, label,
                delayNanos > 0 ? " (" + delayNanos + " ns per engine call)" : "", outcome));
        return r;
    }

    /** True when one more run, at the mean run time so far, would end after the budget. */
    private boolean outOfBudget() {
        if (measured == 0) return false;
        long next = measuredNanos / measured;
        return System.nanoTime() - start + next > plan.budget().toNanos();
    }

    private static String key(KvEngine engine, Workload workload) {
        return engine.id() + "/" + workload.name();
    }

    static String percent(double fraction) {
        return Formats.number(fraction * 100);
    }

    private void say(String line) {
        console.println(line);
        console.flush();
    }
}
