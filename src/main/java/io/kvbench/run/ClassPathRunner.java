package io.kvbench.run;

import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Directories;
import io.kvbench.infra.JavaCommand;
import io.kvbench.infra.JvmFlags;
import io.kvbench.infra.Machines;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunLayout;
import io.kvbench.task.BenchmarkTask;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs each benchmark from another class path on this machine (a kvbench jar built with another engine version): a
 * child JVM on that class path runs the task file through {@link TaskMain}, and its results.json is read back, as the
 * container runner does inside a container. The class path must hold kvbench and the engines.
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
            if (!Files.exists(entry)) {
                throw new BadInputException("class path entry " + entry + " does not exist");
            }
        }
        if (classPath.isEmpty()) throw new BadInputException("empty class path");
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
    public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
        return new Setup(Machines.current(), "unknown (no result from the child JVM)",
                Map.of("classPath", ClassPaths.join(classPath)), benchmarkJvmFlags, this::execute);
    }

    private BenchmarkResult execute(BenchmarkTask task, ResultContext context, RunFiles files)
            throws InterruptedException {
        String key = task.key();
        RunLayout inner = files.layout().classPath(key);
        Path log = files.layout().failureLog(key);
        try {
            Directories.deleteRecursively(inner.dir());
            Files.createDirectories(inner.dir());
            Files.createDirectories(log.getParent());
            task.withDataDir(Path.of(task.dataDir()).resolve(key)).write(inner.task());
            List<String> command = JavaCommand.here().flags(ContainerRunner.CONTROLLER_FLAGS)
                    .flags(JvmFlags.forwardedProperties("")).classPath(classPath)
                    .main(TaskMain.class.getName(), List.of(inner.task().toString(), inner.dir().toString())).build();
            int exit = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start()
                    .waitFor();
            if (!Files.isRegularFile(inner.results())) {
                return BenchmarkResult.failed(task.engine(), task.workload().name(), FailureKind.ENGINE_FAILURE,
                        "the child JVM exited with code " + exit + " without results; log: " + log, context);
            }
            BenchmarkResult measured = ResultsJson.read(inner.results()).results().get(0);
            files.collect("class path " + key, inner);
            Files.deleteIfExists(log);
            return measured;
        } catch (IOException e) {
            return BenchmarkResult.failed(task.engine(), task.workload().name(), FailureKind.INFRASTRUCTURE,
                    "cannot run the child JVM: " + e.getMessage(), context);
        }
    }
}
