package io.kvbench.runner;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
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
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Runs each (engine, workload) in its own container with fixed CPUs and memory ({@link ResourceProfile}), so that
 * numbers from different machines of one class are comparable and an OOM kill is attributed to one benchmark. Inside,
 * the same kvbench classes (the host's class path, mounted read-only at the same paths) run {@code kvbench run
 * --runner local} for that one benchmark; its results.json comes back through a bind-mounted host directory and is
 * merged, with runner=container and the resources recorded in every result's context. Stores live in a bind-mounted
 * host directory (never the container's overlay layer, never tmpfs). Every container is removed afterwards, also on
 * failure, interrupt or Ctrl-C.
 *
 * <p>From a test: {@code ContainerRunner.dockerAvailable()} for an assumption, then
 * {@code new ContainerRunner(ResourceProfile.load("one-core")).run(RunPlan.of(...), progress, partial -> {})}.
 */
public final class ContainerRunner implements BenchmarkRunner {

    /** Container output of failed benchmarks: {@code <out>/logs/<engine>-<workload>.log}. */
    public static final String LOGS_DIR = "logs";
    /** Each container's own output directory, {@code <out>/containers/<engine>-<workload>}; kept only on failure. */
    public static final String CONTAINERS_DIR = "containers";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofHours(3);

    static final String OUT = "/kvbench/out";
    static final String DATA = "/kvbench/data";
    static final String MAIN_CLASS = "io.kvbench.cli.KvBench"; // by name: cli depends on runner, not the reverse
    /** The JMH controller in the container only forks and collects; its heap is not the benchmark's, keep it small. */
    static final List<String> CONTROLLER_FLAGS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    /** The JDK the runtime image promises (docker/Dockerfile); flags for newer JDKs would stop it from starting. */
    static final int IMAGE_JAVA_VERSION = 17;

    /** Heap of the JVM that measures the token cost in a container (it holds nothing). */
    static final String TOOL_HEAP = "256m";

    private final ResourceProfile resources;
    private final String baseImage;
    private final Duration timeout;
    private final List<Path> classPath;
    private final List<String> extraJvmFlags;

    public ContainerRunner(ResourceProfile resources) {
        this(resources, null, DEFAULT_TIMEOUT, null, List.of());
    }

    private ContainerRunner(ResourceProfile resources, String baseImage, Duration timeout, List<Path> classPath,
                            List<String> extraJvmFlags) {
        this.resources = resources;
        this.baseImage = baseImage;
        this.timeout = timeout;
        this.classPath = classPath == null ? null : List.copyOf(classPath);
        this.extraJvmFlags = List.copyOf(extraJvmFlags);
    }

    /** Another base image for the runtime image (default: $KVBENCH_BASE_IMAGE, else the offline one, else Temurin). */
    public ContainerRunner withBaseImage(String image) {
        return new ContainerRunner(resources, image, timeout, classPath, extraJvmFlags);
    }

    /** How long one benchmark's container may run before it is killed (default 3 hours). */
    public ContainerRunner withTimeout(Duration perBenchmark) {
        return new ContainerRunner(resources, baseImage, perBenchmark, classPath, extraJvmFlags);
    }

    /**
     * Benchmarks run from this class path instead of this JVM's (e.g. a kvbench jar built with another engine
     * version); its entries are mounted read-only at the same paths. It must hold kvbench and the engines.
     */
    public ContainerRunner withClassPath(List<Path> entries) {
        for (Path entry : entries) {
            if (!java.nio.file.Files.exists(entry)) throw new IllegalArgumentException("class path entry " + entry + " does not exist");
        }
        return new ContainerRunner(resources, baseImage, timeout, ClassPaths.existing(entries), extraJvmFlags);
    }

    /** Extra flags for the benchmark JVMs, after the resource profile's (e.g. a setting to compare in interleave). */
    public ContainerRunner withBenchmarkJvmFlags(List<String> flags) {
        return new ContainerRunner(resources, baseImage, timeout, classPath, flags);
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
        String startedAt = Instant.now().toString();
        String git = GitRevision.current();
        Path outDir = plan.outDir().toAbsolutePath();
        Path dataDir = plan.dataDir().toAbsolutePath();
        try {
            Files.createDirectories(outDir);
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + outDir + " or " + dataDir, e);
        }
        Setup setup = null;
        String setupFailure = null;
        try {
            setup = prepare(plan.profile().heap(), progress);
        } catch (InfrastructureException e) {
            setupFailure = e.reason();
            progress.note("kvbench: " + setupFailure);
        }
        MachineInfo machine = setup != null ? setup.machine() : Machines.current();
        List<BenchmarkResult> results = new ArrayList<>();
        boolean interrupted = false;
        boolean machineFromContainer = false;
        JmhJson jmhJson = new JmhJson(outDir.resolve(LocalRunner.JMH_JSON));
        try (PrintStream jmhLog = new PrintStream(Files.newOutputStream(outDir.resolve(LocalRunner.JMH_LOG)), true)) {
            for (KvEngine engine : plan.engines()) {
                for (Workload workload : plan.workloads()) {
                    if (interrupted) continue;
                    progress.start(engine.id(), workload.name());
                    Map<String, String> used = setup != null ? setup.resources(plan) : Map.of("name", resources.name());
                    ResultContext context = new ResultContext(engine.version(), "unknown (no result from the container)",
                            plan.profile().name(), name(), git, startedAt, machine, used, Map.of());
                    BenchmarkResult result;
                    String unsupported = workload.unsupportedReason(engine.capabilities());
                    if (unsupported != null) {
                        result = BenchmarkResult.notApplicable(engine.id(), workload.name(), unsupported, context);
                    } else if (setupFailure != null) {
                        result = BenchmarkResult.error(engine.id(), workload.name(), setupFailure, context);
                    } else {
                        try {
                            result = runOne(plan, engine, workload, setup, context, jmhJson, jmhLog);
                        } catch (InterruptedException e) {
                            interrupted = true;
                            result = BenchmarkResult.error(engine.id(), workload.name(), "interrupted", context);
                        }
                    }
                    if (!machineFromContainer && result.context() != context && result.context().machine() != null) {
                        machine = result.context().machine(); // the container's own view of its CPUs and memory
                        machineFromContainer = true;
                    }
                    // Cleared, so that the checkpoint below can still write (file channels refuse to while interrupted);
                    // restored when the run returns.
                    interrupted |= Thread.interrupted();
                    results.add(result);
                    checkpoint.save(new RunResults(RunResults.SCHEMA_VERSION, false, plan.profile().name(), name(), startedAt,
                            machine, results));
                    progress.finish(Outcomes.describe(result), result.status() != Status.NOT_APPLICABLE);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results into " + outDir, e);
        }
        if (interrupted) Thread.currentThread().interrupt();
        return new RunResults(RunResults.SCHEMA_VERSION, !interrupted, plan.profile().name(), name(), startedAt, machine, results);
    }

    /** Everything that is the same for every benchmark of the run: image, cpuset, memory, user, class path. */
    private record Setup(RuntimeImage.Image image, String baseImageId, String cpuset, ResourceProfile resources,
                         String user, List<Path> classPath, boolean ownClassPath, List<String> extraJvmFlags,
                         MachineInfo machine) {

        long memoryBytes(RunPlan plan) {
            return resources.memoryBytes(plan.profile().heap());
        }

        List<Bind> classPathBinds() {
            List<Bind> binds = new ArrayList<>();
            for (Path entry : classPath) binds.add(new Bind(entry.toString(), new Volume(entry.toString()), AccessMode.ro));
            return binds;
        }

        /** {@code java <flags> -cp <class path> io.kvbench.cli.KvBench}, to which a command's arguments are added. */
        List<String> kvbenchCommand() {
            List<String> command = new ArrayList<>();
            command.add("java");
            command.addAll(JvmFlags.engineFlags(IMAGE_JAVA_VERSION));
            command.addAll(CONTROLLER_FLAGS);
            command.add("-D" + GitRevision.PROPERTY + "=" + GitRevision.current());
            command.add("-cp");
            command.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
            command.add(MAIN_CLASS);
            return command;
        }

        Map<String, String> resources(RunPlan plan) {
            Map<String, String> used = new LinkedHashMap<>();
            used.put("name", resources.name());
            used.put("cpuset", cpuset);
            used.put("cpus", String.valueOf(ResourceProfile.cpus(cpuset).size()));
            used.put("memory", ResourceProfile.size(memoryBytes(plan)));
            used.put("heap", plan.profile().heap());
            used.put("gc", resources.gc());
            List<String> flags = new ArrayList<>(resources.benchmarkJvmFlags());
            flags.addAll(extraJvmFlags);
            used.put("jvmFlags", String.join(" ", flags));
            if (!ownClassPath) used.put("classPath", String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
            used.put("network", "none");
            used.put(ResultContext.DATA_FILE_SYSTEM, Directories.fileSystemType(plan.dataDir()));
            used.put("image", image.tag());
            used.put("baseImage", image.baseImage());
            used.put("baseImageId", baseImageId);
            return used;
        }
    }

    private Setup prepare(String heap, Progress progress) {
        RuntimeImage.Image image = RuntimeImage.ready(baseImage, progress::note);
        DockerClient client = DockerEngine.client();
        String base = image.baseImage();
        Integer hostCpus = client.infoCmd().exec().getNCPU();
        String cpuset = resources.cpusetFor(hostCpus == null ? Runtime.getRuntime().availableProcessors() : hostCpus);
        long memory = resources.memoryBytes(heap);
        if (ResourceProfile.bytes(heap) + (256L << 20) > memory) {
            progress.note("warning: heap " + heap + " and 256m for the JVM and the engine exceed the "
                    + ResourceProfile.size(memory) + " memory limit of resource profile " + resources.name() + ": expect OOM kills");
        }
        MachineInfo host = Machines.current();
        int cores = ResourceProfile.cpus(cpuset).size();
        MachineInfo expected = host.withLimits(cores, memory, Machines.machineClass(host, cores, memory));
        return new Setup(image, client.inspectImageCmd(base).exec().getId(), cpuset, resources, BenchmarkContainer.hostUser(),
                classPath != null ? classPath : ClassPaths.mountable(), classPath == null, extraJvmFlags, expected);
    }

    private BenchmarkResult runOne(RunPlan plan, KvEngine engine, Workload workload, Setup setup, ResultContext context,
                                   JmhJson jmhJson, PrintStream jmhLog) throws InterruptedException {
        String key = engine.id() + "-" + workload.name();
        Path outDir = plan.outDir().toAbsolutePath();
        Path innerOut = outDir.resolve(CONTAINERS_DIR).resolve(key);
        Path data = plan.dataDir().toAbsolutePath().resolve(key);
        Path log = outDir.resolve(LOGS_DIR).resolve(key + ".log");
        BenchmarkContainer.Outcome outcome;
        try {
            Files.deleteIfExists(log);
            Directories.deleteRecursively(innerOut); // a leftover of an earlier, interrupted run into the same --out
            Files.createDirectories(innerOut);
            Files.createDirectories(data);
            outcome = BenchmarkContainer.run(DockerEngine.client(), spec(plan, engine, workload, setup, innerOut, data, key));
        } catch (IOException e) {
            return BenchmarkResult.error(engine.id(), workload.name(), Failures.ofIo(e), context);
        } catch (RuntimeException e) {
            if (interruptedBy(e)) throw new InterruptedException("interrupted while starting the container for " + key);
            return BenchmarkResult.error(engine.id(), workload.name(), InfrastructureException.PREFIX + "cannot run container for "
                    + key + ": " + RuntimeImage.rootMessage(e), context);
        }
        RunResults inner = readInner(innerOut);
        String failure = Failures.classify(outcome, inner, Failures.readQuietly(innerOut.resolve(LocalRunner.JMH_LOG)),
                ResourceProfile.size(setup.memoryBytes(plan)), timeout);
        if (failure != null) {
            keepLog(log, outcome.logs());
            BenchmarkResult error = BenchmarkResult.error(engine.id(), workload.name(), failure + "; log: " + log, context);
            return inner == null || inner.results().isEmpty() ? error : withContainerContext(error, inner.results().get(0).context(), context);
        }
        BenchmarkResult measured = inner.results().get(0);
        jmhJson.append(innerOut.resolve(LocalRunner.JMH_JSON));
        appendLog(jmhLog, key, innerOut.resolve(LocalRunner.JMH_LOG));
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

    private BenchmarkContainer.Spec spec(RunPlan plan, KvEngine engine, Workload workload, Setup setup, Path innerOut,
                                         Path data, String key) {
        List<Bind> binds = setup.classPathBinds();
        String profileRef = plan.profileRef();
        if (!Catalog.PROFILES.contains(profileRef)) { // a profile file: the container reads it at the same absolute path
            Path file = Path.of(profileRef).toAbsolutePath();
            profileRef = file.toString();
            binds.add(new Bind(profileRef, new Volume(profileRef), AccessMode.ro));
        }
        binds.add(new Bind(innerOut.toString(), new Volume(OUT), AccessMode.rw));
        binds.add(new Bind(data.toString(), new Volume(DATA), AccessMode.rw));

        List<String> command = setup.kvbenchCommand();
        command.addAll(List.of("run", "--runner", "local", "--engines", engine.id(), "--workloads", workload.name(),
                "--profile", profileRef, "--out", OUT, "--data-dir", DATA));
        if (plan.slowdownTokens() > 0) command.addAll(List.of("--inject-slowdown", String.valueOf(plan.slowdownTokens())));
        for (String flag : resources.benchmarkJvmFlags()) command.add("--fork-jvm-flag=" + flag);
        for (String flag : extraJvmFlags) command.add("--fork-jvm-flag=" + flag);

        String name = "kvbench-" + key + "-" + UUID.randomUUID().toString().substring(0, 8);
        return new BenchmarkContainer.Spec(setup.image().tag(), name, command, binds, setup.cpuset(), setup.memoryBytes(plan),
                setup.user(), timeout);
    }

    /**
     * Measures the token cost in a container of this resource profile (same cpuset, same benchmark JVM flags), by
     * running {@code kvbench token-cost} there. Infrastructure trouble is an {@link InfrastructureException}.
     */
    @Override
    public TokenCost tokenCost(Path workDir) throws IOException, InterruptedException {
        Path out = workDir.toAbsolutePath();
        Directories.deleteRecursively(out);
        Files.createDirectories(out);
        Setup setup = prepare(TOOL_HEAP, new Progress(System.out, 0));
        List<Bind> binds = setup.classPathBinds();
        binds.add(new Bind(out.toString(), new Volume(OUT), AccessMode.rw));
        List<String> command = setup.kvbenchCommand();
        command.addAll(List.of("token-cost", "--out", OUT));
        for (String flag : resources.benchmarkJvmFlags()) command.add("--fork-jvm-flag=" + flag);
        for (String flag : extraJvmFlags) command.add("--fork-jvm-flag=" + flag);
        String name = "kvbench-token-cost-" + UUID.randomUUID().toString().substring(0, 8);
        BenchmarkContainer.Outcome outcome = BenchmarkContainer.run(DockerEngine.client(), new BenchmarkContainer.Spec(
                setup.image().tag(), name, command, binds, setup.cpuset(), resources.memoryBytes(TOOL_HEAP), setup.user(),
                Duration.ofMinutes(10)));
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

    private static void appendLog(PrintStream jmhLog, String key, Path innerLog) {
        jmhLog.println("=== container " + key + " ===");
        try {
            if (Files.exists(innerLog)) jmhLog.print(Files.readString(innerLog));
        } catch (IOException e) {
            jmhLog.println("(cannot read " + innerLog + ": " + e.getMessage() + ")");
        }
    }
}
