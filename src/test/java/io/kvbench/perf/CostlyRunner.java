package io.kvbench.perf;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import io.kvbench.result.Software;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.RunFiles;
import io.kvbench.task.BenchmarkTask;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A runner whose benchmark JVMs carry {@link CostlyEngine#flag}: each task goes to them as one of the
 * {@value CostlyEngine#ID} engine and each result comes back under the task's own engine id, so that it is judged
 * against that engine's cost baseline as an unchanged run would be.
 */
final class CostlyRunner implements BenchmarkRunner {

    private final BenchmarkRunner flagged;

    /** @param flagged the runner whose benchmark JVMs have the flag and {@link CostlyEngine} on their class path */
    CostlyRunner(BenchmarkRunner flagged) {
        this.flagged = flagged;
    }

    @Override
    public String name() {
        return flagged.name();
    }

    @Override
    public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
        Setup setup = flagged.prepare(heap, dataDir, note);
        Execution base = setup.execution();
        return new Setup(setup.machine(), setup.jdk(), setup.resources(), setup.jvmFlags(), new Execution() {
            @Override
            public BenchmarkResult run(BenchmarkTask task, ResultContext context, RunFiles files)
                    throws InterruptedException {
                BenchmarkTask costly = new BenchmarkTask(task.schemaVersion(), CostlyEngine.ID, task.workload(),
                        task.sizing(), task.environment());
                BenchmarkResult r = base.run(costly, context, files);
                return new BenchmarkResult(task.engine(), r.workload(), r.status(), r.kind(), r.reason(),
                        r.measurement(), asTheEngine(r.context(), context));
            }

            @Override
            public void close() {
                base.close();
            }
        });
    }

    /**
     * The benchmark JVM's context with the decorated engine's version ({@code host}'s, the task's engine): the task
     * JVM in the container has no {@link CostlyEngine#PROPERTY} and cannot tell it, and the cost baselines are keyed
     * by it.
     */
    private static ResultContext asTheEngine(ResultContext measured, ResultContext host) {
        if (measured == null) return null;
        Software s = measured.software();
        return new ResultContext(new Software(host.software().engineVersion(), s.jdk(), s.gitRevision()),
                measured.profile(), measured.runner(), measured.time(), measured.machine(), measured.resources(),
                measured.parameters());
    }
}
