package io.kvbench.run;

import com.github.dockerjava.api.DockerClient;
import io.kvbench.bench.DuetBarrier;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Directories;
import io.kvbench.infra.DockerEngine;
import io.kvbench.infra.GitRevision;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.infra.JavaCommand;
import io.kvbench.infra.KvbenchContainer;
import io.kvbench.infra.Machines;
import io.kvbench.infra.RuntimeImage;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.task.ResourceProfile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Runs each (engine, workload) in its own container with fixed CPUs and memory ({@link ResourceProfile}), so that
 * numbers from different machines of one class are comparable and an OOM kill is attributed to one benchmark. Inside,
 * the same kvbench classes (the host's class path, mounted read-only at the same paths) run the benchmark's task
 * file through {@link TaskMain}; its results.json comes back through a bind-mounted host directory and is
 * merged, with runner=container and the resources recorded in every result's context. Stores live in a bind-mounted
 * host directory (never the container's overlay layer, never tmpfs). Every container is removed afterwards, also on
 * failure, interrupt or Ctrl-C.
 *
 * <p>From a test: {@code ContainerRunner.dockerAvailable()} for an assumption, then
 * {@code new ContainerRunner(ResourceProfile.load("one-core")).run(RunPlan.of(...), progress, partial -> {})}.
 */
public final class ContainerRunner implements BenchmarkRunner, Executor<ContainerRunner.Prepared> {

    /** Container output of failed benchmarks: {@code <out>/logs/<engine>-<workload>.log}. */
    public static final String LOGS_DIR = "logs";
    /** Each container's own output directory, {@code <out>/containers/<engine>-<workload>}; kept only on failure. */
    public static final String CONTAINERS_DIR = "containers";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofHours(3);

    static final String OUT = "/kvbench/out";
    static final String DATA = "/kvbench/data";
    /** Where a duet side's containers see the barrier directory they share with the other side's. */
    static final String DUET = "/kvbench/duet";
    /** The JMH controller in the container only forks and collects; its heap is not the benchmark's, keep it small. */
    static final List<String> CONTROLLER_FLAGS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    /** Heap of the JVM that measures the token cost in a container (it holds nothing). */
    static final String TOOL_HEAP = "256m";

    private final ResourceProfile resources;
    private final String baseImage;
    private final Duration timeout;
    private final List<Path> classPath;
    private final List<String> extraJvmFlags;
    /** This runner's place in a duet (its CPUs instead of the resource profile's, the shared barrier), or null. */
    private final DuetSlot duet;

    public ContainerRunner(ResourceProfile resources) {
        this(resources, null, DEFAULT_TIMEOUT, null, List.of(), null);
    }

    private ContainerRunner(ResourceProfile resources, String baseImage, Duration timeout, List<Path> classPath,
                            List<String> extraJvmFlags, DuetSlot duet) {
        this.resources = resources;
        this.baseImage = baseImage;
        this.timeout = timeout;
        this.classPath = classPath == null ? null : List.copyOf(classPath);
        this.extraJvmFlags = List.copyOf(extraJvmFlags);
        this.duet = duet;
    }

    /** Another base image for the runtime image (default: $KVBENCH_BASE_IMAGE, else the offline one, else Temurin). */
    public ContainerRunner withBaseImage(String image) {
        return new ContainerRunner(resources, image, timeout, classPath, extraJvmFlags, duet);
    }

    /** How long one benchmark's container may run before it is killed (default 3 hours). */
    public ContainerRunner withTimeout(Duration perBenchmark) {
        return new ContainerRunner(resources, baseImage, perBenchmark, classPath, extraJvmFlags, duet);
    }

    /**
     * Benchmarks run from this class path instead of this JVM's (e.g. a kvbench jar built with another engine
     * version); its entries are mounted read-only at the same paths. It must hold kvbench and the engines.
     */
    public ContainerRunner withClassPath(List<Path> entries) {
        for (Path entry : entries) {
            if (!java.nio.file.Files.exists(entry)) throw new IllegalArgumentException("class path entry " + entry + " does not exist");
        }
        return new ContainerRunner(resources, baseImage, timeout, ClassPaths.existing(entries), extraJvmFlags, duet);
    }

    /** Extra flags for the benchmark JVMs, after the resource profile's (e.g. a setting to compare in interleave). */
    public ContainerRunner withBenchmarkJvmFlags(List<String> flags) {
        return new ContainerRunner(resources, baseImage, timeout, classPath, flags, duet);
    }

    /**
     * Benchmarks on the slot's CPUs instead of the resource profile's preferred ones, keeping its number of CPUs (a
     * duet puts A on one core and B on the other), with the slot's barrier directory mounted and named to the benchmark
     * JVMs.
     */
    @Override
    public Optional<BenchmarkRunner> inDuet(DuetSlot slot) {
        String cpuset = slot.cpuset();
        int cpus = ResourceProfile.cpus(cpuset).size();
        int wanted = ResourceProfile.cpus(resources.cpusets().get(0)).size();
        if (cpus != wanted) {
            throw new IllegalArgumentException("cpuset " + cpuset + " has " + cpus + " CPUs where resource profile "
                    + resources.name() + " gives a benchmark " + wanted);
        }
        return Optional.of(new ContainerRunner(resources, baseImage, timeout, classPath, extraJvmFlags, slot));
    }

    /** The CPUs of the Docker host (this machine's when Docker does not say). */
    public static int dockerCpus() {
        Integer cpus = DockerEngine.client().infoCmd().exec().getNCPU();
        return cpus == null ? Runtime.getRuntime().availableProcessors() : cpus;
    }

    /** Empty when Docker can run benchmark containers, otherwise why not. Bounded: answers within about 20 s. */
    public static Optional<String> dockerAvailable() {
        return DockerEngine.unavailableReason();
    }

    @Override
    public String name() {
        return "container";
    }

    public ResourceProfile resources() {
        return resources;
    }

    @Override
    public RunResults run(RunPlan plan, Progress progress, Checkpoint checkpoint) {
        return RunLoop.run(this, plan, progress, checkpoint);
    }

    /** Everything that is the same for every benchmark of the run: image, cpuset, memory, user, class path. */
    record Prepared(RuntimeImage.Image image, String cpuset, long memoryBytes, String user, List<Path> classPath) {
    }

    @Override
    public Setup<Prepared> prepare(String heap, Path dataDir, Consumer<String> note) {
        RuntimeImage.Image image = RuntimeImage.ready(baseImage, note);
        DockerClient client = DockerEngine.client();
        int dockerCpus = dockerCpus();
        String cpuset = duet == null ? resources.cpusetFor(dockerCpus) : duet.cpuset();
        if (ResourceProfile.cpus(cpuset).last() >= dockerCpus) {
            throw new IllegalArgumentException("cpuset " + cpuset + " needs CPUs the Docker host does not have (it has "
                    + dockerCpus + ", numbered from 0)");
        }
        long memory = resources.memoryBytes(heap);
        if (ResourceProfile.bytes(heap) + (256L << 20) > memory) {
            note.accept("warning: heap " + heap + " and 256m for the JVM and the engine exceed the "
                    + ResourceProfile.size(memory) + " memory limit of resource profile " + resources.name() + ": expect OOM kills");
        }
        MachineInfo host = Machines.current();
        int cores = ResourceProfile.cpus(cpuset).size();
        MachineInfo expected = host.withLimits(cores, memory, Machines.machineClass(host, cores, memory));
        List<Path> mounted = classPath != null ? classPath : ClassPaths.mountable();
        List<String> flags = new ArrayList<>(resources.benchmarkJvmFlags());
        flags.addAll(extraJvmFlags);
        if (duet != null) {
            flags.add("-D" + DuetBarrier.DIR + "=" + DUET);
            flags.add("-D" + DuetBarrier.SIDES + "=" + duet.me() + "," + duet.other());
        }

        Map<String, String> used = new LinkedHashMap<>();
        used.put("name", resources.name());
        used.put("cpuset", cpuset);
        used.put("cpus", String.valueOf(cores));
        used.put("memory", ResourceProfile.size(memory));
        used.put("heap", heap);
        used.put("gc", resources.gc());
        used.put("jvmFlags", String.join(" ", flags));
        if (classPath != null) used.put("classPath", ClassPaths.join(classPath));
        used.put("network", "none");
        used.put(ResultContext.DATA_FILE_SYSTEM, Directories.fileSystemType(dataDir));
        used.put("image", image.tag());
        used.put("baseImage", image.baseImage());
        used.put("baseImageId", client.inspectImageCmd(image.baseImage()).exec().getId());
        return new Setup<>(expected, "unknown (no result from the container)", used, flags,
                new Prepared(image, cpuset, memory, KvbenchContainer.hostUser(), mounted));
    }

    @Override
    public BenchmarkResult execute(BenchmarkTask task, ResultContext context, Setup<Prepared> setup, RunFiles files)
            throws InterruptedException {
        String key = task.key();
        String engine = task.engine();
        String workload = task.workload().name();
        Path outDir = files.outDir();
        Path innerOut = outDir.resolve(CONTAINERS_DIR).resolve(key);
        Path data = Path.of(task.dataDir()).resolve(key);
        Path log = outDir.resolve(LOGS_DIR).resolve(key + ".log");
        Prepared prepared = setup.detail();
        KvbenchContainer.Outcome outcome;
        try {
            Files.deleteIfExists(log);
            Directories.deleteRecursively(innerOut); // a leftover of an earlier, interrupted run into the same --out
            Files.createDirectories(innerOut);
            Files.createDirectories(data);
            // The container sees its output directory at OUT and its stores at DATA: the task says so.
            task.withDataDir(Path.of(DATA)).write(innerOut.resolve(TaskMain.TASK_FILE));
            List<String> command = controllerCommand(prepared, List.of(OUT + "/" + TaskMain.TASK_FILE, OUT));
            try (KvbenchContainer container = container(prepared, "benchmark", "kvbench-" + key, prepared.memoryBytes(), command)
                    .withReadWriteMount(innerOut, OUT).withReadWriteMount(data, DATA)) {
                if (duet != null) container.withReadWriteMount(duet.barrierDir(), DUET);
                outcome = container.runToExit(timeout);
            }
        } catch (IOException e) {
            return BenchmarkResult.error(engine, workload, Failures.ofIo(e), context);
        } catch (RuntimeException e) {
            if (interruptedBy(e)) throw new InterruptedException("interrupted while starting the container for " + key);
            return BenchmarkResult.error(engine, workload, InfrastructureException.PREFIX + "cannot run container for "
                    + key + ": " + RuntimeImage.rootMessage(e), context);
        }
        RunResults inner = readInner(innerOut);
        String failure = Failures.classify(outcome, inner, Failures.readQuietly(innerOut.resolve(LocalRunner.JMH_LOG)),
                ResourceProfile.size(prepared.memoryBytes()), timeout);
        if (failure != null) {
            keepLog(log, outcome.logs());
            BenchmarkResult error = BenchmarkResult.error(engine, workload, failure + "; log: " + log, context);
            return inner == null || inner.results().isEmpty() ? error : withContainerContext(error, inner.results().get(0).context(), context);
        }
        BenchmarkResult measured = inner.results().get(0);
        files.jmhJson().append(innerOut.resolve(LocalRunner.JMH_JSON));
        appendLog(files.jmhLog(), "container " + key, innerOut.resolve(LocalRunner.JMH_LOG));
        if (measured.status() == Status.ERROR) {
            keepLog(log, outcome.logs()); // the container's own output and its jmh.log (kept in innerOut) explain it
        } else {
            try {
                Directories.deleteRecursively(innerOut);
            } catch (IOException e) {
                // scratch output; the measured result stands
            }
            Directories.deleteIfEmpty(data);
            Directories.deleteIfEmpty(outDir.resolve(CONTAINERS_DIR));
        }
        return withContainerContext(measured, measured.context(), context);
    }

    /** {@code java <engine flags> <controller flags> -cp <class path> TaskMain <arguments>} for the image's JDK. */
    private static List<String> controllerCommand(Prepared prepared, List<String> arguments) {
        return JavaCommand.inImage().flags(CONTROLLER_FLAGS).flag("-D" + GitRevision.PROPERTY + "=" + GitRevision.current())
                .classPath(prepared.classPath()).main(TaskMain.class.getName(), arguments).build();
    }

    private KvbenchContainer container(Prepared prepared, String role, String namePrefix, long memoryBytes, List<String> command) {
        return new KvbenchContainer(prepared.image().tag(), role)
                .withContainerName(namePrefix + "-" + UUID.randomUUID().toString().substring(0, 8))
                .withCpuset(prepared.cpuset()).withMemory(memoryBytes).withUser(prepared.user())
                .withReadOnlyPaths(prepared.classPath()).withCommand(command);
    }

    /** Testcontainers wraps an interrupt during start in its own exceptions (and clears the flag). */
    private static boolean interruptedBy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException) return true;
        }
        return Thread.currentThread().isInterrupted();
    }

    /** What the container saw (JDK, its CPUs and memory, sized parameters), plus runner, run time and resources. */
    private BenchmarkResult withContainerContext(BenchmarkResult r, ResultContext inside, ResultContext outside) {
        ResultContext merged = new ResultContext(inside.engineVersion(), inside.jdk(), inside.profile(), name(), outside.gitRevision(),
                outside.time(), inside.machine(), outside.resources(), inside.parameters());
        return new BenchmarkResult(r.engine(), r.workload(), r.status(), r.reason(), r.metric(), r.score(), r.error(), r.unit(),
                r.samples(), r.secondary(), merged);
    }

    /**
     * Measures the token cost in a container of this resource profile (same cpuset, same benchmark JVM flags), by
     * running {@link TaskMain} {@value TaskMain#TOKEN_COST} there. Infrastructure trouble is an {@link InfrastructureException}.
     */
    @Override
    public TokenCost tokenCost(Path workDir) throws IOException, InterruptedException {
        Path out = workDir.toAbsolutePath();
        Directories.deleteRecursively(out);
        Files.createDirectories(out);
        Setup<Prepared> setup = prepare(TOOL_HEAP, out, new Progress(System.out, 0)::note);
        List<String> arguments = new ArrayList<>(List.of(TaskMain.TOKEN_COST, OUT));
        arguments.addAll(setup.jvmFlags());
        KvbenchContainer.Outcome outcome;
        try (KvbenchContainer container = container(setup.detail(), "token-cost", "kvbench-token-cost",
                resources.memoryBytes(TOOL_HEAP), controllerCommand(setup.detail(), arguments)).withReadWriteMount(out, OUT)) {
            outcome = container.runToExit(Duration.ofMinutes(10));
        }
        if (outcome.exitCode() != 0 || !Files.isRegularFile(out.resolve(TokenCost.FILE))) {
            Files.writeString(out.resolve("container.log"), outcome.logs());
            throw new InfrastructureException("the token-cost container exited with code " + outcome.exitCode()
                    + "; log: " + out.resolve("container.log"));
        }
        return TokenCost.read(out);
    }

    private static RunResults readInner(Path innerOut) {
        Path file = innerOut.resolve(ResultsJson.RESULTS_FILE);
        try {
            return Files.isRegularFile(file) ? ResultsJson.read(file) : null;
        } catch (IOException e) {
            return null; // unreadable counts as missing; Failures says so with the exit code and the log
        }
    }

    private static void keepLog(Path log, String text) {
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, text);
        } catch (IOException e) {
            // the reason already names the failure; a log that cannot be written (full disk) must not hide it
        }
    }

    /** Appends a child's jmh.log to the run's, under a heading naming it. */
    static void appendLog(PrintStream jmhLog, String heading, Path innerLog) {
        jmhLog.println("=== " + heading + " ===");
        try {
            if (Files.exists(innerLog)) jmhLog.print(Files.readString(innerLog));
        } catch (IOException e) {
            jmhLog.println("(cannot read " + innerLog + ": " + e.getMessage() + ")");
        }
    }
}
