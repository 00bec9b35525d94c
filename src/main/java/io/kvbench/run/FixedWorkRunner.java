package io.kvbench.run;

import io.kvbench.bench.FixedWork;
import io.kvbench.infra.Directories;
import io.kvbench.infra.Machines;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Failure;
import io.kvbench.result.ResultContext;
import io.kvbench.task.BenchmarkTask;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Does each task's fixed work once in this JVM ({@link FixedWork}) and records the footprint it leaves: no JMH, no
 * fork, no container, so a whole profile takes seconds. For judging what holds on every machine (disk size) where no
 * throughput baselines exist; its scores are not benchmarks and its results are never baselines of throughput.
 */
public final class FixedWorkRunner implements BenchmarkRunner {

    @Override
    public String name() {
        return "fixed-work";
    }

    @Override
    public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
        Map<String, String> used = new LinkedHashMap<>();
        used.put("jvm", "this one (" + LocalRunner.thisJdk() + ")");
        used.put(ResultContext.DATA_FILE_SYSTEM, Directories.fileSystemType(dataDir));
        return new Setup(Machines.current(), LocalRunner.thisJdk(), used, List.of(), FixedWorkRunner::execute);
    }

    private static BenchmarkResult execute(BenchmarkTask task, ResultContext context, RunFiles files) {
        String engine = task.engine();
        String workload = task.workload().name();
        Failure unlinked = EngineStart.linkage(engine, Path.of(task.dataDir()));
        if (unlinked != null) {
            return BenchmarkResult.failed(engine, workload, unlinked.kind(), unlinked.reason(), context);
        }
        try {
            return BenchmarkResult.measured(engine, workload, FixedWork.once(task), context);
        } catch (RuntimeException e) {
            Failure failure = Failures.ofEngineError(e.getClass().getSimpleName() + ": " + e.getMessage());
            return BenchmarkResult.failed(engine, workload, failure.kind(), failure.reason(), context);
        }
    }
}
