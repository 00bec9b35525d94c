package io.kvbench.runner;

import io.kvbench.bench.BenchSettings;
import io.kvbench.bench.KvMetricsProfiler;
import io.kvbench.bench.OpsBenchmark;
import io.kvbench.bench.PassBenchmark;
import io.kvbench.engine.KvEngine;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs each (engine, workload) as its own JMH run in forked JVMs on this machine. JMH's own output goes to
 * {@code jmh.log} in the output directory; raw JMH JSON of every benchmark is collected into {@code jmh-results.json}.
 */
public final class LocalRunner implements BenchmarkRunner {

    public static final String JMH_LOG = "jmh.log";
    public static final String JMH_JSON = "jmh-results.json";

    private final Map<String, String> resources;
    private final List<String> benchmarkJvmFlags;

    /**
     * @param resources         resource limits in force, recorded in every result (the container runner adds its own)
     * @param benchmarkJvmFlags extra flags for the forked benchmark JVMs (a resource profile's GC and processor count),
     *                          placed after the engines' flags and before the heap
     */
    public LocalRunner(Map<String, String> resources, List<String> benchmarkJvmFlags) {
        this.resources = Map.copyOf(resources);
        this.benchmarkJvmFlags = List.copyOf(benchmarkJvmFlags);
    }

    public LocalRunner(Map<String, String> resources) {
        this(resources, List.of());
    }

    public LocalRunner() {
        this(Map.of("cpus", String.valueOf(Runtime.getRuntime().availableProcessors())));
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public TokenCost tokenCost(Path workDir) throws IOException {
        return TokenCost.measure(benchmarkJvmFlags, workDir);
    }

    @Override
    public RunResults run(RunPlan plan, Progress progress, Checkpoint checkpoint) {
        String startedAt = Instant.now().toString();
        MachineInfo machine = Machines.current();
        String git = GitRevision.current();
        String jdk = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        List<BenchmarkResult> results = new ArrayList<>();
        JmhJson jmhJson = new JmhJson(plan.outDir().resolve(JMH_JSON));
        try {
            Files.createDirectories(plan.outDir());
            Files.createDirectories(plan.dataDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + plan.outDir() + " or " + plan.dataDir(), e);
        }
        try (PrintStream log = new PrintStream(Files.newOutputStream(plan.outDir().resolve(JMH_LOG)), true)) {
            for (KvEngine engine : plan.engines()) {
                for (Workload workload : plan.workloads()) {
                    progress.start(engine.id(), workload.name());
                    Map<String, String> parameters = parameters(plan.profile(), workload);
                    Map<String, String> usedResources = new LinkedHashMap<>(resources);
                    usedResources.put("heap", plan.profile().heap());
                    usedResources.put(ResultContext.DATA_FILE_SYSTEM, Directories.fileSystemType(plan.dataDir()));
                    if (!benchmarkJvmFlags.isEmpty()) usedResources.put("jvmFlags", String.join(" ", benchmarkJvmFlags));
                    ResultContext context = new ResultContext(engine.version(), jdk, plan.profile().name(), name(), git,
                            startedAt, machine, usedResources, parameters);
                    BenchmarkResult result = runOne(plan, engine, workload, context, log, jmhJson, benchmarkJvmFlags);
                    results.add(result);
                    checkpoint.save(new RunResults(RunResults.SCHEMA_VERSION, false, plan.profile().name(), name(), startedAt,
                            machine, results));
                    progress.finish(Outcomes.describe(result), result.status() != io.kvbench.result.Status.NOT_APPLICABLE);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results into " + plan.outDir(), e);
        }
        return new RunResults(RunResults.SCHEMA_VERSION, true, plan.profile().name(), name(), startedAt, machine, results);
    }

    private static BenchmarkResult runOne(RunPlan plan, KvEngine engine, Workload workload, ResultContext context,
                                          PrintStream log, JmhJson jmhJson, List<String> extraJvmFlags) {
        String unsupported = workload.unsupportedReason(engine.capabilities());
        if (unsupported != null) return BenchmarkResult.notApplicable(engine.id(), workload.name(), unsupported, context);
        Path json = plan.outDir().resolve(".jmh-" + engine.id() + "-" + workload.name() + ".json");
        try {
            log.println("=== " + engine.id() + " x " + workload.name() + " ===");
            Collection<RunResult> runs = new Runner(options(plan, engine, workload, json, extraJvmFlags),
                    OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL)).run();
            jmhJson.append(json);
            if (runs.size() != 1) {
                return BenchmarkResult.error(engine.id(), workload.name(), "JMH returned " + runs.size() + " results; see " + JMH_LOG, context);
            }
            return JmhResults.toResult(engine.id(), workload, runs.iterator().next(), context);
        } catch (RunnerException | RuntimeException e) {
            return BenchmarkResult.error(engine.id(), workload.name(), JmhResults.failureReason(e, plan.outDir().resolve(JMH_LOG)), context);
        } finally {
            try {
                Files.deleteIfExists(json);
            } catch (IOException ignored) {
                // a leftover temp file is harmless
            }
        }
    }

    private static org.openjdk.jmh.runner.options.Options options(RunPlan plan, KvEngine engine, Workload workload, Path json,
                                                                  List<String> extraJvmFlags) {
        Profile profile = plan.profile();
        Profile.Iterations iterations = profile.iterations(workload);
        String method = workload.isPass() ? PassBenchmark.class.getName() + ".pass" : OpsBenchmark.class.getName() + ".operation";
        List<String> jvmArgs = new ArrayList<>(JvmFlags.engineFlags());
        jvmArgs.addAll(extraJvmFlags);
        jvmArgs.add("-Xms" + profile.heap());
        jvmArgs.add("-Xmx" + profile.heap());
        // A fully resident heap: no page faults inside measurements, and RSS minus the heap is exactly the memory the
        // JVM and the engine hold outside it (MetricNames.NATIVE_BYTES).
        jvmArgs.add("-XX:+AlwaysPreTouch");
        jvmArgs.add("-D" + BenchSettings.DATA_DIR + "=" + plan.dataDir().toAbsolutePath());
        if (plan.slowdownTokens() > 0) jvmArgs.add("-D" + BenchSettings.SLOWDOWN_TOKENS + "=" + plan.slowdownTokens());
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(method) + "$")
                .param("engine", engine.id())
                .param("workload", workload.name())
                .param("profile", plan.profileRef())
                .forks(profile.forks())
                .threads(workload.threads())
                .warmupIterations(iterations.warmupIterations())
                .measurementIterations(iterations.measurementIterations())
                .jvmArgs(jvmArgs.toArray(String[]::new))
                .addProfiler(KvMetricsProfiler.class)
                .shouldFailOnError(true)
                .timeout(TimeValue.minutes(30))
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString());
        if (workload.isPass()) {
            options.measurementBatchSize(1).warmupBatchSize(1);
        } else {
            options.warmupTime(TimeValue.milliseconds(Math.round(iterations.warmupSeconds() * 1000)))
                    .measurementTime(TimeValue.milliseconds(Math.round(iterations.measurementSeconds() * 1000)));
        }
        return options.build();
    }

    private static Map<String, String> parameters(Profile profile, Workload workload) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("records", String.valueOf(profile.records(workload.family())));
        p.put("threads", String.valueOf(workload.threads()));
        p.put("forks", String.valueOf(profile.forks()));
        Profile.Iterations it = profile.iterations(workload);
        p.put("iterations", it.warmupIterations() + " warmup + " + it.measurementIterations() + " measured"
                + (workload.isPass() ? " passes" : " x " + it.measurementSeconds() + " s"));
        p.put("key", workload.key() + (workload.key() == Workload.KeyFormat.RANDOM_BYTES ? " " + workload.keyBytes() + " B" : ""));
        p.put("value", workload.value() + (workload.value() == Workload.ValueFormat.RANDOM ? " " + workload.valueBytes() + " B" : "")
                + (workload.variableSizes() ? " variable" : ""));
        return p;
    }
}
