package io.kvbench.run;

import io.kvbench.engine.Engines;
import io.kvbench.infra.GitRevision;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunLayout;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import io.kvbench.task.BenchmarkTask;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The one entry point of child JVMs (a benchmark container, another kvbench build's class path), so that the user CLI
 * is not an internal protocol: {@code TaskMain <task.json> <outDir>} runs the task in local JMH forks and writes
 * {@code results.json}, {@code jmh.log} and {@code jmh-results.json} into {@code outDir}. Exit code 0 when the output
 * was written (a failed benchmark is an ERROR result in it), 2 for bad arguments or an unreadable task, 3 when the
 * output cannot be written.
 */
public final class TaskMain {

    private TaskMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    static int run(String[] args, PrintStream err) {
        if (args.length != 2) {
            err.println("usage: TaskMain <task.json> <outDir>");
            return 2;
        }
        BenchmarkTask task;
        try {
            task = BenchmarkTask.read(Path.of(args[0]));
        } catch (IOException | IllegalArgumentException e) {
            err.println("kvbench task: " + e.getMessage());
            return 2;
        }
        // The child's own output is the log a parent keeps when the benchmark fails (an OOM kill, a crash): say
        // what runs.
        System.out.printf("kvbench task: %s x %s, profile %s, %d records, %d forks, %d threads, heap %s, flags %s, "
                + "output %s%n", task.engine(), task.workload().name(), task.profile(), task.records(), task.forks(),
                task.threads(), task.heap(), String.join(" ", task.jvmFlags()), args[1]);
        try {
            RunResults results = runHere(task, Path.of(args[1]));
            ResultsJson.write(new RunLayout(Path.of(args[1])).results(), results);
            System.out.println("kvbench task: " + ResultLine.describe(results.results().get(0)));
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("kvbench task: " + e.getMessage());
            return 3;
        }
    }

    /** Runs {@code task} in local JMH forks; jmh.log and jmh-results.json go to {@code outDir}. */
    static RunResults runHere(BenchmarkTask task, Path outDir) throws IOException {
        String startedAt = Instant.now().toString();
        RunLayout layout = new RunLayout(outDir);
        Files.createDirectories(outDir);
        Files.createDirectories(Path.of(task.dataDir()));
        LocalRunner local = new LocalRunner(task.jvmFlags());
        BenchmarkRunner.Setup setup = local.prepare(task.heap(), Path.of(task.dataDir()), note -> { });
        ResultContext context = new ResultContext(new Software(engineVersion(task.engine()), setup.jdk(),
                GitRevision.current()), task.profile(), local.name(), startedAt, setup.machine(), setup.resources(),
                task.parameters());
        BenchmarkResult result;
        try (PrintStream jmhLog = new PrintStream(Files.newOutputStream(layout.jmhLog()), true)) {
            result = LocalRunner.execute(task, context, new RunFiles(layout, jmhLog, new JmhJson(layout.jmhResults())));
        }
        return new RunResults(RunResults.SCHEMA_VERSION, true, task.profile(), local.name(), startedAt, setup.machine(),
                List.of(result));
    }

    /** The engine's version, or "unknown" when its adapter cannot load here: the run then says why, as a result. */
    private static String engineVersion(String id) {
        try {
            return Engines.byId(id).version();
        } catch (RuntimeException | LinkageError e) {
            return "unknown";
        }
    }
}
