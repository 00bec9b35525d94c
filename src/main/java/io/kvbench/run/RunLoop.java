package io.kvbench.run;

import io.kvbench.engine.KvEngine;
import io.kvbench.infra.GitRevision;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.infra.Machines;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunLayout;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import io.kvbench.result.Status;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one run loop: every (engine, workload) of a plan becomes a resolved {@link BenchmarkTask} and runs on a
 * {@link BenchmarkRunner}. A combination that cannot run is NOT_APPLICABLE with the reason, one that fails is an ERROR
 * with its kind and reason; neither stops the run. After each benchmark the results so far go to the checkpoint marked
 * incomplete, so a run killed halfway leaves what it measured and can never be mistaken for a complete one. An
 * interrupt ends the run after the current benchmark, with the results marked incomplete.
 */
public final class RunLoop {

    /** Receives the results so far, after each benchmark. */
    @FunctionalInterface
    public interface Checkpoint {
        void save(RunResults partial) throws IOException;
    }

    private RunLoop() {
    }

    public static RunResults run(BenchmarkRunner runner, RunPlan plan, Progress progress, Checkpoint checkpoint) {
        String startedAt = Instant.now().toString();
        String git = GitRevision.current();
        RunLayout layout = new RunLayout(plan.outDir().toAbsolutePath());
        Path dataDir = plan.dataDir().toAbsolutePath();
        try {
            Files.createDirectories(layout.dir());
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + layout.dir() + " or " + dataDir, e);
        }
        BenchmarkRunner.Setup setup = null;
        String setupFailure = null;
        try {
            setup = runner.prepare(plan.profile().heap(), dataDir, progress::note);
        } catch (InfrastructureException e) {
            setupFailure = e.reason();
            progress.note("kvbench: " + setupFailure);
        }
        MachineInfo machine = setup != null ? setup.machine() : Machines.current();
        List<BenchmarkResult> results = new ArrayList<>();
        boolean interrupted = false;
        boolean machineFromResult = false;
        try (PrintStream jmhLog = new PrintStream(Files.newOutputStream(layout.jmhLog()), true)) {
            RunFiles files = new RunFiles(layout, jmhLog, new JmhJson(layout.jmhResults()));
            for (KvEngine engine : plan.engines()) {
                for (Workload workload : plan.workloads()) {
                    if (interrupted) continue;
                    progress.start(engine.id(), workload.name());
                    BenchmarkTask task = BenchmarkTask.of(engine.id(), workload, plan.profileOf(workload),
                            BenchmarkTask.Environment.of(setup != null ? setup.resources() : Map.of(),
                                    setup != null ? setup.jvmFlags() : List.of(), dataDir));
                    ResultContext context = new ResultContext(
                            new Software(engine.version(), setup != null ? setup.jdk() : "unknown", git),
                            plan.profile().name(), runner.name(), startedAt, machine, task.resources(),
                            task.parameters());
                    BenchmarkResult result;
                    String unsupported = workload.unsupportedReason(engine.capabilities());
                    if (unsupported != null) {
                        result = BenchmarkResult.notApplicable(engine.id(), workload.name(), unsupported, context);
                    } else if (setupFailure != null) {
                        result = BenchmarkResult.failed(engine.id(), workload.name(), FailureKind.INFRASTRUCTURE,
                                setupFailure, context);
                    } else {
                        try {
                            result = setup.execution().run(task, context, files);
                        } catch (InterruptedException e) {
                            interrupted = true;
                            result = BenchmarkResult.failed(engine.id(), workload.name(), FailureKind.INTERRUPTED,
                                    "interrupted", context);
                        }
                    }
                    if (!machineFromResult && result.context() != context && result.context() != null
                            && result.context().machine() != null) {
                        machine = result.context().machine(); // the benchmark JVM's own view of its CPUs and memory
                        machineFromResult = true;
                    }
                    // Cleared, so that the checkpoint below can still write (file channels refuse to while
                    // interrupted); restored when the run returns.
                    interrupted |= Thread.interrupted();
                    results.add(result);
                    checkpoint.save(new RunResults(RunResults.SCHEMA_VERSION, false, plan.profile().name(),
                            runner.name(), startedAt, machine, results));
                    progress.finish(ResultLine.describe(result), result.status() != Status.NOT_APPLICABLE);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results into " + layout.dir(), e);
        } finally {
            if (setup != null) setup.execution().close();
        }
        if (interrupted) Thread.currentThread().interrupt();
        return new RunResults(RunResults.SCHEMA_VERSION, !interrupted, plan.profile().name(), runner.name(), startedAt,
                machine, results);
    }
}
