package io.kvbench.run;

import io.kvbench.infra.InfrastructureException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.task.BenchmarkTask;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where one benchmark task runs: JMH forks of this JVM, a fixed-resource container, a child JVM on another class path.
 * {@link RunLoop} does everything else (plan, not-applicable check, context, checkpoint, progress, interrupt), the same
 * for every executor.
 */
public interface Executor<D> {

    /** "local" or "container", recorded in every result's context. */
    String name();

    /**
     * What is the same for every benchmark of a run (an image, a cpuset), prepared once before the first.
     *
     * @throws InfrastructureException when nothing can run (no image, no Docker); every benchmark is then an ERROR
     */
    Setup<D> prepare(String heap, Path dataDir, Consumer<String> note);

    /**
     * Runs one task and returns its result; {@code context} is the context to give a result the executor has to make
     * up itself (an error before anything ran).
     *
     * @param files the run's output directory, its jmh.log and its collected JMH JSON
     */
    BenchmarkResult execute(BenchmarkTask task, ResultContext context, Setup<D> setup, RunFiles files) throws InterruptedException;

    /**
     * What an executor prepared for a run.
     *
     * @param machine   the machine as the benchmarks will see it (a container's CPUs and memory)
     * @param jdk       the benchmark JVM's JDK as far as known before it runs
     * @param resources resource limits of every benchmark of the run
     * @param jvmFlags  extra benchmark JVM flags
     * @param detail    what only this executor needs later (its image, cpuset, class path), or null
     */
    record Setup<D>(MachineInfo machine, String jdk, Map<String, String> resources, List<String> jvmFlags, D detail) {
        public Setup {
            resources = Collections.unmodifiableMap(new LinkedHashMap<>(resources)); // in order, as results show them
            jvmFlags = List.copyOf(jvmFlags);
        }
    }

    /** A run's output directory with its jmh.log (open for the whole run) and its collected JMH JSON. */
    record RunFiles(Path outDir, PrintStream jmhLog, JmhJson jmhJson) {
    }
}
