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
import java.nio.file.StandardCopyOption;
import java.time.Duration;
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

    /** The request file of {@link #serve}: the key of the next benchmark, whose task is in {@code <dir>/<key>/}. */
    static final String REQUEST = "request";
    /** Written into {@code <dir>/<key>/} when a served benchmark is done: the exit code {@link #run} returned. */
    static final String DONE = "done";
    /** A serving JVM that got no request for this long ends by itself (its host is gone). */
    static final Duration IDLE_LIMIT = Duration.ofMinutes(10);

    public static void main(String[] args) {
        if (args.length == 2 && args[0].equals("--serve")) System.exit(serve(Path.of(args[1]), System.err));
        System.exit(run(args, System.err));
    }

    /**
     * {@code TaskMain --serve <dir>}: runs benchmarks one after another as requests arrive, so that one container
     * serves every benchmark of an engine ({@link EngineContainer}). A request is the file {@value #REQUEST} in
     * {@code dir} naming a key; its task is {@code <dir>/<key>/task.json}, its output goes to {@code <dir>/<key>/}
     * as {@link #run}'s does, and {@value #DONE} follows with {@link #run}'s exit code and the number of OOM kills in
     * the container meanwhile ({@link #oomKills}). Ends after
     * {@link #IDLE_LIMIT} without a request, or when stopped.
     */
    static int serve(Path dir, PrintStream err) {
        Path request = dir.resolve(REQUEST);
        long idleSince = System.nanoTime();
        try {
            while (System.nanoTime() - idleSince < IDLE_LIMIT.toNanos()) {
                if (!Files.exists(request)) {
                    Thread.sleep(5);
                    continue;
                }
                Path out = dir.resolve(Files.readString(request).strip());
                Files.delete(request);
                long oomKillsBefore = oomKills();
                int code = run(new String[] {out.resolve(RunLayout.TASK).toString(), out.toString()}, err);
                Path done = out.resolve(DONE + ".tmp");
                Files.writeString(done, code + " " + Math.max(0, oomKills() - oomKillsBefore));
                Files.move(done, out.resolve(DONE), StandardCopyOption.ATOMIC_MOVE);
                idleSince = System.nanoTime();
            }
            return 0;
        } catch (IOException e) {
            err.println("kvbench task: cannot serve requests in " + dir + ": " + e.getMessage());
            return 3;
        } catch (InterruptedException e) {
            return 0;
        }
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

    /**
     * The OOM kills of this JVM's memory cgroup so far (cgroup v2's memory.events, v1's memory.oom_control), or 0 where
     * neither can be read. A container's kernel kills the largest process, a benchmark's JMH fork, while this JVM
     * lives on and Docker's state says nothing until the container exits: so the server counts them itself.
     */
    static long oomKills() {
        String counter = "oom_kill ";
        for (String file : List.of("/sys/fs/cgroup/memory.events", "/sys/fs/cgroup/memory/memory.oom_control")) {
            try {
                for (String line : Files.readAllLines(Path.of(file))) {
                    if (line.startsWith(counter)) return Long.parseLong(line.substring(counter.length()).strip());
                }
            } catch (IOException | NumberFormatException e) {
                // not this cgroup version, or not readable: try the other
            }
        }
        return 0;
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
