package io.kvbench.run;

import io.kvbench.bench.DelayedEngine;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import io.kvbench.task.BenchmarkTask;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The lab's delayed side of an A/B or a calibration: the runner whose benchmark JVMs carry {@link DelayedEngine}'s
 * flag (made with {@link DelayedEngine#flag}, for one engine and one delay), and which hands each task to them as one
 * of the lab's {@value DelayedEngine#ID} engine and each result back under the task's own engine id. So an A/B pairs
 * the delayed side with the unchanged one by engine and workload, as any A/B does, and kvbench's runner interface,
 * tasks and results know nothing of the delay.
 */
public final class DelayedRunner implements BenchmarkRunner {

    private final BenchmarkRunner flagged;

    /** @param flagged the runner whose benchmark JVMs have {@link DelayedEngine#flag}'s property */
    public DelayedRunner(BenchmarkRunner flagged) {
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
                BenchmarkTask delayed = new BenchmarkTask(task.schemaVersion(), DelayedEngine.ID, task.workload(),
                        task.sizing(), task.environment());
                BenchmarkResult r = base.run(delayed, context, files);
                return new BenchmarkResult(task.engine(), r.workload(), r.status(), r.kind(), r.reason(),
                        r.measurement(), r.context());
            }

            @Override
            public void close() {
                base.close(); // the base runner's containers end with the run
            }
        });
    }

    @Override
    public Optional<BenchmarkRunner> inDuet(DuetSlot slot) {
        return flagged.inDuet(slot).map(DelayedRunner::new);
    }
}
