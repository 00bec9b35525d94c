package io.kvbench.calibration;

import io.kvbench.engine.KvEngine;
import io.kvbench.gate.InterleaveSession;
import io.kvbench.gate.Interleaving;
import io.kvbench.gate.SequentialInterleaving;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.SequentialTest;
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
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A measurement campaign of the A/B itself: per (engine, workload), an unchanged sizing run gives the cost of an
 * operation, from which each slowdown level becomes a delay in B's engine calls ({@code EngineDelay}: X % fewer ops/s
 * is X/(1-X) of an operation's time per call, X % longer passes X of it); then {@code sessions} real interleave
 * sessions per variant (unchanged, and each level), the variants of a benchmark in a random order each time so that
 * the machine's drift falls on all alike. Each session is what {@code kvbench interleave} runs with the same options,
 * and records its verdict, rounds, minutes, per-round spread, the slowdown it achieved and what it resolved. Written
 * after every session; a time budget starts no session that the mean session time says would end after it.
 */
public final class AbCampaign {

    /**
     * @param slowdowns levels injected into B's engine calls (0.05 = 5 %)
     * @param sessions  sessions per variant and benchmark
     * @param budget    machine time at most
     */
    public record Plan(List<KvEngine> engines, List<Workload> workloads, Profile profile, List<Double> slowdowns,
                       int sessions, Duration budget) {
        public Plan {
            engines = List.copyOf(engines);
            workloads = List.copyOf(workloads);
            slowdowns = List.copyOf(slowdowns);
            if (sessions < 1) throw new BadInputException("sessions must be >= 1, not " + sessions);
        }
    }

    /** One interleave session of the campaign: B's engine calls delayed by {@code delayNanos} (0: unchanged). */
    @FunctionalInterface
    public interface Sessions {
        InterleaveSession of(KvEngine engine, Workload workload, long delayNanos, Path outDir);
    }

    /** What decides and where things go: the sequential test, the output directory and the console. */
    public record Output(SequentialTest test, Path outDir, PrintStream console) {
    }

    private SessionConditions around = SessionConditions.NONE;

    private final Plan plan;
    private final BenchmarkRunner runner;
    private final Sessions sessions;
    private final Output output;
    private final long start = System.nanoTime();
    private long sessionNanos;
    private int sessionCount;

    /**
     * @param runner measures the sizing runs (one benchmark at a time, unchanged)
     */
    public AbCampaign(Plan plan, BenchmarkRunner runner, Sessions sessions, Output output) {
        this.plan = plan;
        this.runner = runner;
        this.sessions = sessions;
        this.output = output;
    }

    /** This campaign with {@code conditions} set up around each of its sessions (default: none). */
    public AbCampaign around(SessionConditions conditions) {
        around = conditions;
        return this;
    }

    public AbSessions run(AbSessions.Conditions conditions) throws IOException {
        Path outDir = output.outDir();
        Files.createDirectories(outDir);
        Path checkpoint = outDir.resolve(AbSessions.FILE);
        AbSessions data = new AbSessions(AbSessions.SCHEMA_VERSION, conditions, List.of(), List.of(), false);
        List<AbSessions.Sizing> sized = new ArrayList<>();
        for (KvEngine engine : plan.engines()) {
            for (Workload workload : plan.workloads()) {
                BenchmarkResult sizing = size(engine, workload);
                if (sizing.status() != Status.OK) {
                    say("  " + sizing.key() + " failed its sizing run, left out: " + sizing.reason());
                    continue;
                }
                AbSessions.Sizing levels = levels(sizing, workload);
                sized.add(levels);
                String machineClass = sizing.context() == null || sizing.context().machine() == null ? ""
                        : sizing.context().machine().machineClass();
                data = data.with(levels, machineClass);
                data.write(checkpoint);
            }
        }
        Random order = new Random(20261126L);
        for (int n = 1; n <= plan.sessions(); n++) {
            for (AbSessions.Sizing benchmark : sized) {
                List<AbSessions.Level> variants = new ArrayList<>(List.of(new AbSessions.Level(0, 0)));
                variants.addAll(benchmark.delays());
                for (AbSessions.Level level : Rounds.shuffled(variants, order)) {
                    if (outOfBudget() || Thread.currentThread().isInterrupted()) {
                        return finish(data.completed(false), checkpoint);
                    }
                    data = data.with(session(benchmark, level, n));
                    data.write(checkpoint);
                }
            }
        }
        return finish(data.completed(true), checkpoint);
    }

    private AbSessions finish(AbSessions data, Path checkpoint) throws IOException {
        data.write(checkpoint);
        if (!data.complete()) say("stopped early (time budget or interrupt): " + data.sessions().size() + " sessions");
        return data;
    }

    private BenchmarkResult size(KvEngine engine, Workload workload) {
        Path dir = output.outDir().resolve("sizing").resolve(engine.id() + "-" + workload.name());
        RunPlan one = new RunPlan(List.of(engine), List.of(workload), plan.profile(), dir, dir.resolve("data"));
        RunResults results = RunLoop.run(runner, one, new Progress(output.console(), 1), partial -> { });
        return results.results().get(0);
    }

    /** The delay of every level for this benchmark, from the cost of an operation in its sizing run. */
    private AbSessions.Sizing levels(BenchmarkResult sizing, Workload workload) {
        int cores = sizing.context() != null && sizing.context().machine() != null
                ? sizing.context().machine().cores() : 1;
        double perOp = SlowdownDelay.nanosPerOperation(sizing, workload, plan.profile(), cores);
        List<AbSessions.Level> levels = new ArrayList<>();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %s: %.0f ns per operation;",
                sizing.key(), perOp));
        for (double slowdown : plan.slowdowns()) {
            long nanos = SlowdownDelay.delayNanos(slowdown, perOp, sizing.higherIsBetter());
            levels.add(new AbSessions.Level(slowdown, nanos));
            line.append(String.format(Locale.ROOT, " %s %% = %d ns per call", CalibrationSession.percent(slowdown),
                    nanos));
        }
        say(line.toString());
        return new AbSessions.Sizing(sizing.engine(), sizing.workload(), perOp, levels);
    }

    private AbSessions.Session session(AbSessions.Sizing benchmark, AbSessions.Level level, int n)
            throws IOException {
        KvEngine engine = plan.engines().stream().filter(e -> e.id().equals(benchmark.engine())).findFirst()
                .orElseThrow();
        Workload workload = plan.workloads().stream().filter(w -> w.name().equals(benchmark.workload())).findFirst()
                .orElseThrow();
        String variant = level.slowdown() == 0 ? "unchanged"
                : "slowdown-" + CalibrationSession.percent(level.slowdown());
        Path dir = output.outDir().resolve("sessions").resolve(engine.id() + "-" + workload.name() + "-" + variant
                + "-" + n);
        long begin = System.nanoTime();
        List<Interleaving.Result> results;
        try (SessionConditions.Mounted mounted = around.mount(dir)) {
            results = SequentialInterleaving.run(sessions.of(engine, workload, level.delayNanos(), dir), output.test(),
                    null);
        }
        long took = System.nanoTime() - begin;
        sessionNanos += took;
        sessionCount++;
        AbSessions.Outcome outcome = AbOutcomes.of(results.get(0), took / 60e9);
        say(String.format(Locale.ROOT, "[%d, %s elapsed] %s/%s %s session %d: %s after %d rounds, spread %.1f %%, "
                        + "achieved %+.1f %%, %.1f min", sessionCount,
                Progress.format(Duration.ofNanos(System.nanoTime() - start)), engine.id(), workload.name(), variant,
                n, outcome.verdict(), outcome.rounds(), outcome.spread() * 100, outcome.achieved() * 100,
                outcome.minutes()));
        return new AbSessions.Session(engine.id(), workload.name(), level, outcome, Instant.now().toString());
    }

    /** True when one more session, at the mean session time so far, would end after the budget. */
    private boolean outOfBudget() {
        if (sessionCount == 0) return false;
        long next = sessionNanos / sessionCount;
        return System.nanoTime() - start + next > plan.budget().toNanos();
    }

    private void say(String line) {
        output.console().println(line);
        output.console().flush();
    }
}
