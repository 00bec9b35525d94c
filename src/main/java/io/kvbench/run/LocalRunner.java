package io.kvbench.run;

import io.kvbench.bench.KvMetricsProfiler;
import io.kvbench.bench.OpsBenchmark;
import io.kvbench.bench.PassBenchmark;
import io.kvbench.infra.Directories;
import io.kvbench.infra.JavaCommand;
import io.kvbench.infra.Machines;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunLayout;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs each task as its own JMH run in forked JVMs on this machine. The forks get the task as a file
 * ({@code -Dkvbench.task=...}) and read its values once; nothing in them looks a profile or workload up again. JMH's
 * own output goes to {@code jmh.log} in the output directory; raw JMH JSON of every benchmark is collected into
 * {@code jmh-results.json}.
 */
public final class LocalRunner implements BenchmarkRunner {

    private final Map<String, String> resources;
    private final List<String> benchmarkJvmFlags;

    /**
     * @param resources         resource limits in force, recorded in every result (the container runner adds its own)
     * @param benchmarkJvmFlags extra flags for the forked benchmark JVMs (a resource profile's GC and processor count),
     *                          placed after the engines' flags and before the heap
     */
    public LocalRunner(Map<String, String> resources, List<String> benchmarkJvmFlags) {
        this.resources = new LinkedHashMap<>(resources);
        this.benchmarkJvmFlags = List.copyOf(benchmarkJvmFlags);
    }

    /** This machine's CPUs, unrestricted, with {@code benchmarkJvmFlags} for the forks. */
    public LocalRunner(List<String> benchmarkJvmFlags) {
        this(Map.of("cpus", String.valueOf(Runtime.getRuntime().availableProcessors())), benchmarkJvmFlags);
    }

    public LocalRunner() {
        this(List.of());
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
        Map<String, String> used = new LinkedHashMap<>(resources);
        used.put("heap", heap);
        used.put(ResultContext.DATA_FILE_SYSTEM, Directories.fileSystemType(dataDir));
        if (!benchmarkJvmFlags.isEmpty()) used.put("jvmFlags", String.join(" ", benchmarkJvmFlags));
        return new Setup(Machines.current(), thisJdk(), used, benchmarkJvmFlags, LocalRunner::execute);
    }

    /** The JDK of this JVM, which the forks share. */
    static String thisJdk() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
    }

    /**
     * Runs one task in JMH forks of this JVM, after starting its engine here once ({@link EngineStart}: an adapter that
     * does not link against this class path's engine library is a LINKAGE failure, without a fork); a failure's kind
     * is decided here, from what failed. A fixed-work write pass then has its syncs counted ({@link SyncCounter}).
     */
    static BenchmarkResult execute(BenchmarkTask task, ResultContext context, RunFiles files) {
        String engine = task.engine();
        String workload = task.workload().name();
        Failure unlinked = EngineStart.linkage(engine, Path.of(task.dataDir()));
        if (unlinked != null) {
            return BenchmarkResult.failed(engine, workload, unlinked.kind(), unlinked.reason(), context);
        }
        Path json = files.layout().dir().resolve(".jmh-" + task.key() + ".json");
        Path taskFile = files.layout().dir().resolve(".task-" + task.key() + ".json");
        try {
            task.write(taskFile);
        } catch (IOException e) {
            return BenchmarkResult.failed(engine, workload, FailureKind.INFRASTRUCTURE,
                    "cannot write the task file " + taskFile + ": " + e.getMessage(), context);
        }
        String locked = JmhLock.unavailable();
        if (locked != null) {
            return BenchmarkResult.failed(engine, workload, FailureKind.INFRASTRUCTURE,
                    Failure.INFRASTRUCTURE_PREFIX + locked, context);
        }
        try {
            files.jmhLog().println("=== " + engine + " x " + workload + " ===");
            Collection<RunResult> runs = new Runner(options(task, taskFile, json),
                    OutputFormatFactory.createFormatInstance(files.jmhLog(), VerboseMode.NORMAL)).run();
            files.jmhJson().append(json);
            if (runs.size() != 1) {
                return BenchmarkResult.failed(engine, workload, FailureKind.ENGINE_FAILURE, "JMH returned "
                        + runs.size() + " results; see " + RunLayout.JMH_LOG, context);
            }
            BenchmarkResult measured = JmhResults.toResult(engine, task.workload(), runs.iterator().next(), context);
            return SyncCounter.addTo(measured, task, taskFile, files.jmhLog());
        } catch (RunnerException | RuntimeException e) {
            Failure failure = Failures.ofEngineError(JmhResults.failureReason(e, files.layout().jmhLog()));
            return BenchmarkResult.failed(engine, workload, failure.kind(), failure.reason(), context);
        } finally {
            try {
                Files.deleteIfExists(json);
                Files.deleteIfExists(taskFile);
            } catch (IOException ignored) {
                // a leftover temp file is harmless
            }
        }
    }

    private static Options options(BenchmarkTask task, Path taskFile, Path json) {
        boolean pass = task.workload().isPass();
        Profile.Iterations iterations = task.iterations();
        String method = pass ? PassBenchmark.class.getName() + ".pass" : OpsBenchmark.class.getName() + ".operation";
        // A fully resident heap: no page faults inside measurements, and RSS minus the heap is exactly the memory the
        // JVM and the engine hold outside it (MetricNames.NATIVE_BYTES).
        List<String> jvmArgs = JavaCommand.here().flags(task.jvmFlags()).fixedHeap(task.heap())
                .flag("-XX:+AlwaysPreTouch")
                .flag("-D" + BenchmarkTask.PROPERTY + "=" + taskFile.toAbsolutePath()).jvmArgs();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(method) + "$")
                // labels for JMH's output only: the forks take every value from the task file
                .param("engine", task.engine())
                .param("workload", task.workload().name())
                .param("profile", task.profile())
                .forks(task.forks())
                .threads(task.threads())
                .warmupIterations(iterations.warmupIterations())
                .measurementIterations(iterations.measurementIterations())
                .jvmArgs(jvmArgs.toArray(String[]::new))
                .addProfiler(KvMetricsProfiler.class)
                .shouldFailOnError(true)
                .timeout(TimeValue.minutes(30))
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString());
        if (pass) {
            options.measurementBatchSize(1).warmupBatchSize(1);
        } else {
            options.warmupTime(TimeValue.milliseconds(Math.round(iterations.warmupSeconds() * 1000)))
                    .measurementTime(TimeValue.milliseconds(Math.round(iterations.measurementSeconds() * 1000)));
        }
        return options.build();
    }
}
