package io.kvbench.run;

import io.kvbench.infra.InfrastructureException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.task.BenchmarkTask;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where benchmarks run: JMH forks of this JVM ({@link LocalRunner}), a fixed-resource container per engine
 * ({@link ContainerRunner}), a child JVM on another class path ({@link ClassPathRunner}). A runner prepares a run and
 * then executes its tasks one at a time; {@link RunLoop} does everything else (plan, not-applicable check, context,
 * checkpoint, progress, interrupt), the same for every runner, so that reports, baselines and comparisons never care
 * which one ran.
 */
public interface BenchmarkRunner {

    /** "local" or "container", recorded in every result's context. */
    String name();

    /**
     * What is the same for every benchmark of a run (an image, a cpuset), prepared once before the first.
     *
     * @throws InfrastructureException when nothing can run (no image, no Docker); every benchmark is then an ERROR
     */
    Setup prepare(String heap, Path dataDir, Consumer<String> note);

    /**
     * This runner as one side of a duet: its benchmarks confined to the slot's CPUs and their iterations lined up with
     * the other side's ({@link io.kvbench.bench.DuetBarrier}); empty when this runner cannot confine its benchmarks.
     */
    default Optional<BenchmarkRunner> inDuet(DuetSlot slot) {
        return Optional.empty();
    }

    /**
     * What a runner prepared for a run.
     *
     * @param machine   the machine as the benchmarks will see it (a container's CPUs and memory)
     * @param jdk       the benchmark JVM's JDK as far as known before it runs
     * @param resources resource limits of every benchmark of the run, in the order results show them
     * @param jvmFlags  extra benchmark JVM flags
     * @param execution runs one task of the run
     */
    record Setup(MachineInfo machine, String jdk, Map<String, String> resources, List<String> jvmFlags,
                 Execution execution) {
        public Setup {
            resources = Collections.unmodifiableMap(new LinkedHashMap<>(resources));
            jvmFlags = List.copyOf(jvmFlags);
        }
    }

    /** Runs the tasks of a prepared run, one at a time; closed when the run ends. */
    @FunctionalInterface
    interface Execution extends AutoCloseable {
        /**
         * @param context the context to give a result the runner has to make up itself (a failure before anything ran)
         * @param files   the run's output directory, its jmh.log and its collected JMH JSON
         */
        BenchmarkResult run(BenchmarkTask task, ResultContext context, RunFiles files) throws InterruptedException;

        /** Releases what the run's tasks shared (a container serving them); nothing by default. */
        @Override
        default void close() {
        }
    }
}
