package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.bench.DelayedEngine;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The delayed side hands its tasks to the lab's delayed engine and its results back under the task's engine. */
class DelayedRunnerTest {

    /** Answers each task with a result of the engine the task names, and keeps the tasks. */
    private static final class Recording implements BenchmarkRunner {
        final List<String> engines = new ArrayList<>();

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
            return new Setup(Fixtures.machine(Fixtures.MACHINE_CLASS), "jdk", Map.of(), List.of("-Dx=1"),
                    (task, context, files) -> {
                        engines.add(task.engine());
                        return Fixtures.ok(task.engine(), task.workload().name(), 1, 2, 3);
                    });
        }
    }

    @Test
    void theTaskGoesToTheDelayedEngineAndItsResultComesBackAsTheTasksEngine() throws Exception {
        Recording flagged = new Recording();
        DelayedRunner runner = new DelayedRunner(flagged);
        BenchmarkTask task = BenchmarkTask.of("rocksdb", Catalog.workload("ycsb-c"), Catalog.profile("smoke"),
                BenchmarkTask.Environment.of(Map.of(), List.of(), Path.of("data")));
        BenchmarkRunner.Setup setup = runner.prepare("1g", Path.of("data"), note -> { });
        BenchmarkResult result = setup.execution().run(task, null, null);
        assertThat(flagged.engines).containsExactly(DelayedEngine.ID);
        assertThat(result.engine()).isEqualTo("rocksdb");
        assertThat(result.samples()).containsExactly(1.0, 2.0, 3.0);
        assertThat(setup.jvmFlags()).containsExactly("-Dx=1");
        assertThat(runner.name()).isEqualTo("recording");
        assertThat(runner.inDuet(DuetSlot.probe("0"))).as("as the runner it wraps: no duet").isEmpty();
    }
}
