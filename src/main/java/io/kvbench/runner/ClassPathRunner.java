package io.kvbench.runner;

import io.kvbench.engine.KvEngine;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Workload;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs each benchmark from another class path on this machine (a kvbench jar built with another engine version): a
 * child JVM on that class path runs {@code kvbench run --runner local} for the one benchmark, and its results.json is
 * read back, as the container runner does inside a container. The class path must hold kvbench and the engines.
 */
public final class ClassPathRunner implements BenchmarkRunner {

    private final List<Path> classPath;
    private final List<String> benchmarkJvmFlags;

    /**
     * @param classPath         entries of the class path to run from; each must exist
     * @param benchmarkJvmFlags extra flags for the forked benchmark JVMs
     */
    public ClassPathRunner(List<Path> classPath, List<String> benchmarkJvmFlags) {
        for (Path entry : classPath) {
            if (!Files.exists(entry)) throw new IllegalArgumentException("class path entry " + entry + " does not exist");
        }
        if (classPath.isEmpty()) throw new IllegalArgumentException("empty class path");
        this.classPath = ClassPaths.existing(classPath);
        this.benchmarkJvmFlags = List.copyOf(benchmarkJvmFlags);
    }

    @Override
    public String name() {
        return "local";
    }

    public List<Path> classPath() {
        return classPath;
    }

    @Override
    public RunResults run(RunPlan plan, Progress progress, Checkpoint checkpoint) {
        String startedAt = Instant.now().toString();
        MachineInfo machine = Machines.current();
        List<BenchmarkResult> results = new ArrayList<>();
        try {
            for (KvEngine engine : plan.engines()) {
                for (Workload workload : plan.workloads()) {
                    progress.start(engine.id(), workload.name());
                    BenchmarkResult result = runOne(plan, engine, workload, startedAt, machine);
                    results.add(result);
                    checkpoint.save(new RunResults(RunResults.SCHEMA_VERSION, false, plan.profile().name(), name(), startedAt,
                            machine, results));
                    progress.finish(Outcomes.describe(result), result.status() != Status.NOT_APPLICABLE);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results into " + plan.outDir(), e);
        }
        return new RunResults(RunResults.SCHEMA_VERSION, true, plan.profile().name(), name(), startedAt, machine, results);
    }

    private BenchmarkResult runOne(RunPlan plan, KvEngine engine, Workload workload, String startedAt, MachineInfo machine) {
        String key = engine.id() + "-" + workload.name();
        Path innerOut = plan.outDir().toAbsolutePath().resolve("classpath").resolve(key);
        ResultContext context = new ResultContext(engine.version(), "unknown (no result from the child JVM)",
                plan.profile().name(), name(), GitRevision.current(), startedAt, machine,
                Map.of("classPath", String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList())), Map.of());
        String profileRef = Catalog.PROFILES.contains(plan.profileRef()) ? plan.profileRef()
                : Path.of(plan.profileRef()).toAbsolutePath().toString();
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        command.addAll(JvmFlags.engineFlags());
        command.addAll(ContainerRunner.CONTROLLER_FLAGS);
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()),
                ContainerRunner.MAIN_CLASS, "run", "--runner", "local", "--engines", engine.id(), "--workloads",
                workload.name(), "--profile", profileRef, "--out", innerOut.toString(), "--data-dir",
                plan.dataDir().toAbsolutePath().resolve(key).toString()));
        if (plan.slowdownTokens() > 0) command.addAll(List.of("--inject-slowdown", String.valueOf(plan.slowdownTokens())));
        for (String flag : benchmarkJvmFlags) command.add("--fork-jvm-flag=" + flag);
        Path log = plan.outDir().toAbsolutePath().resolve("logs").resolve(key + ".log");
        try {
            Directories.deleteRecursively(innerOut);
            Files.createDirectories(innerOut);
            Files.createDirectories(log.getParent());
            int exit = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
            Path inner = innerOut.resolve(ResultsJson.RESULTS_FILE);
            if (!Files.isRegularFile(inner)) {
                return BenchmarkResult.error(engine.id(), workload.name(), "the child JVM exited with code " + exit
                        + " without results; log: " + log, context);
            }
            BenchmarkResult measured = ResultsJson.read(inner).results().get(0);
            Files.deleteIfExists(log);
            return measured;
        } catch (IOException e) {
            return BenchmarkResult.error(engine.id(), workload.name(), "cannot run the child JVM: " + e.getMessage(), context);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return BenchmarkResult.error(engine.id(), workload.name(), "interrupted", context);
        }
    }

    @Override
    public TokenCost tokenCost(Path workDir) throws IOException, InterruptedException {
        Path out = workDir.toAbsolutePath();
        Files.createDirectories(out);
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        command.addAll(JvmFlags.engineFlags());
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()),
                ContainerRunner.MAIN_CLASS, "token-cost", "--out", out.toString()));
        for (String flag : benchmarkJvmFlags) command.add("--fork-jvm-flag=" + flag);
        int exit = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.resolve("child.log").toFile())
                .start().waitFor();
        if (exit != 0) throw new IllegalStateException("token-cost in the child JVM exited with " + exit + "; log: " + out.resolve("child.log"));
        return TokenCost.read(out);
    }

    /** The java launcher of this JVM, so the child runs on the same JDK. */
    static String javaBinary() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
