package io.kvbench.run;

import io.kvbench.bench.DuetBarrier;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Directories;
import io.kvbench.infra.DockerEngine;
import io.kvbench.infra.GitRevision;
import io.kvbench.infra.JavaCommand;
import io.kvbench.infra.KvbenchContainer;
import io.kvbench.infra.Machines;
import io.kvbench.infra.RuntimeImage;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Failure;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunLayout;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import io.kvbench.result.Status;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.task.ContainerResources;
import java.io.IOException;
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
 * Runs the benchmarks in containers with fixed CPUs and memory ({@link ContainerResources}), so that numbers from
 * different machines of one class are comparable: one container per engine, which runs that engine's benchmarks one
 * after another ({@link EngineContainer}), each in JMH forks of its own. Inside, the same kvbench classes (the host's
 * class path, mounted read-only at the same paths) run each benchmark's task file through {@link TaskMain}; its
 * results.json comes back through a bind-mounted host directory and is merged, with runner=container and the
 * resources recorded in every result's context. A container that dies (an OOM kill) fails the one benchmark it was
 * running, and the next starts in a fresh container. Stores live in a bind-mounted host directory (never the
 * container's overlay layer, never tmpfs). Every container is removed afterwards, also on failure, interrupt or
 * Ctrl-C.
 *
 * <p>From a test: {@code ContainerRunner.dockerAvailable()} for an assumption, then
 * {@code RunLoop.run(new ContainerRunner(ContainerResources.load("one-core")), RunPlan.of(...), progress,
 * partial -> {})}.
 */
public final class ContainerRunner implements BenchmarkRunner {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofHours(3);

    static final String OUT = "/kvbench/out";
    static final String DATA = "/kvbench/data";
    /** Where a duet side's containers see the barrier directory they share with the other side's. */
    static final String DUET = "/kvbench/duet";
    /** The JMH controller in the container only forks and collects; its heap is not the benchmark's, keep it small. */
    static final List<String> CONTROLLER_FLAGS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private final ContainerResources resources;
    private final String baseImage;
    private final List<Path> classPath;
    private final List<String> extraJvmFlags;
    /** This runner's place in a duet (its CPUs instead of the resource profile's, the shared barrier), or null. */
    private final DuetSlot duet;

    public ContainerRunner(ContainerResources resources) {
        this(resources, null, null, List.of(), null);
    }

    private ContainerRunner(ContainerResources resources, String baseImage, List<Path> classPath,
                            List<String> extraJvmFlags, DuetSlot duet) {
        this.resources = resources;
        this.baseImage = baseImage;
        this.classPath = classPath == null ? null : List.copyOf(classPath);
        this.extraJvmFlags = List.copyOf(extraJvmFlags);
        this.duet = duet;
    }

    /** Another base image for the runtime image (default: $KVBENCH_BASE_IMAGE, else the offline one, else Temurin). */
    public ContainerRunner withBaseImage(String image) {
        return new ContainerRunner(resources, image, classPath, extraJvmFlags, duet);
    }

    /**
     * Benchmarks run from this class path instead of this JVM's (e.g. a kvbench jar built with another engine
     * version); its entries are mounted read-only at the same paths. It must hold kvbench and the engines.
     */
    public ContainerRunner withClassPath(List<Path> entries) {
        for (Path entry : entries) {
            if (!Files.exists(entry)) throw new BadInputException("class path entry " + entry
                    + " does not exist");
        }
        return new ContainerRunner(resources, baseImage, ClassPaths.existing(entries), extraJvmFlags, duet);
    }

    /** Extra flags for the benchmark JVMs, after the resource profile's (e.g. a setting to compare in interleave). */
    public ContainerRunner withBenchmarkJvmFlags(List<String> flags) {
        return new ContainerRunner(resources, baseImage, classPath, flags, duet);
    }

    /**
     * Benchmarks on the slot's CPUs instead of the resource profile's preferred ones, keeping its number of CPUs (a
     * duet puts A on one core and B on the other), with the slot's barrier directory mounted and named to the benchmark
     * JVMs.
     */
    @Override
    public Optional<BenchmarkRunner> inDuet(DuetSlot slot) {
        String cpuset = slot.cpuset();
        int cpus = ContainerResources.cpus(cpuset).size();
        int wanted = ContainerResources.cpus(resources.cpusets().get(0)).size();
        if (cpus != wanted) {
            throw new BadInputException("cpuset " + cpuset + " has " + cpus + " CPUs where resource profile "
                    + resources.name() + " gives a benchmark " + wanted);
        }
        return Optional.of(new ContainerRunner(resources, baseImage, classPath, extraJvmFlags, slot));
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

    public ContainerResources resources() {
        return resources;
    }

    /** Everything that is the same for every benchmark of the run: image, cpuset, memory, user, class path. */
    record Prepared(RuntimeImage.Image image, String cpuset, long memoryBytes, String user, List<Path> classPath) {

        /** A container of this run running {@code command}, named {@code namePrefix} and a random suffix. */
        KvbenchContainer container(String role, String namePrefix, long memory, List<String> command) {
            return new KvbenchContainer(image.tag(), role)
                    .withContainerName(namePrefix + "-" + UUID.randomUUID().toString().substring(0, 8))
                    .withCpuset(cpuset).withMemory(memory).withUser(user)
                    .withReadOnlyPaths(classPath).withCommand(command);
        }

        /** {@code java <engine flags> <controller flags> -cp <class path> TaskMain <arguments>} in the image. */
        List<String> controllerCommand(List<String> arguments) {
            return JavaCommand.inImage().flags(CONTROLLER_FLAGS)
                    .flag("-D" + GitRevision.PROPERTY + "=" + GitRevision.current())
                    .classPath(classPath).main(TaskMain.class.getName(), arguments).build();
        }
    }

    @Override
    public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
        Prepared prepared = prepared(heap, note);
        int cores = ContainerResources.cpus(prepared.cpuset()).size();
        MachineInfo host = Machines.current();
        MachineInfo expected = host.withLimits(cores, prepared.memoryBytes(),
                Machines.machineClass(host, cores, prepared.memoryBytes()));
        List<String> flags = jvmFlags();
        Map<String, String> used = new LinkedHashMap<>();
        used.put("name", resources.name());
        used.put("cpuset", prepared.cpuset());
        used.put("cpus", String.valueOf(cores));
        used.put("memory", ContainerResources.size(prepared.memoryBytes()));
        used.put("heap", heap);
        used.put("gc", resources.gc());
        used.put("jvmFlags", String.join(" ", flags));
        if (classPath != null) used.put("classPath", ClassPaths.join(classPath));
        used.put("network", "none");
        used.put(ResultContext.DATA_FILE_SYSTEM, Directories.fileSystemType(dataDir));
        used.put("image", prepared.image().tag());
        used.put("baseImage", prepared.image().baseImage());
        used.put("baseImageId", DockerEngine.client().inspectImageCmd(prepared.image().baseImage()).exec().getId());
        return new Setup(expected, "unknown (no result from the container)", used, flags, new Serving(prepared));
    }

    /**
     * The run's tasks, each engine's in one container ({@link EngineContainer}) started with its first benchmark and
     * closed before the next engine's, after a failure, and at the end of the run.
     */
    private final class Serving implements Execution {
        private final Prepared prepared;
        private EngineContainer current;
        /** The host directory mounted at OUT, removed at the end if nothing failed in it. */
        private Path dir;

        Serving(Prepared prepared) {
            this.prepared = prepared;
        }

        @Override
        public BenchmarkResult run(BenchmarkTask task, ResultContext context, RunFiles files)
                throws InterruptedException {
            if (current != null && !current.serves(task.engine())) close();
            BenchmarkResult result = null;
            try {
                result = execute(task, context, prepared, files, this);
                return result;
            } finally {
                if (result == null || result.status() == Status.ERROR) close(); // the next one starts afresh
            }
        }

        /** The container serving {@code task}'s engine, started now unless one already serves it. */
        EngineContainer containerFor(BenchmarkTask task, RunLayout layout) throws IOException {
            if (current != null) return current;
            dir = Files.createDirectories(layout.containers());
            Path data = Path.of(task.dataDir()).toAbsolutePath();
            List<String> command = prepared.controllerCommand(List.of("--serve", OUT));
            KvbenchContainer container = prepared.container("benchmark", "kvbench-" + task.engine(),
                    prepared.memoryBytes(), command).withReadWriteMount(dir, OUT).withReadWriteMount(data, DATA);
            if (duet != null) container.withReadWriteMount(duet.barrierDir(), DUET);
            try {
                current = EngineContainer.start(task.engine(), dir, container);
            } catch (RuntimeException e) {
                container.close();
                throw e;
            }
            return current;
        }

        @Override
        public void close() {
            if (current != null) current.close();
            current = null;
            if (dir != null) Directories.deleteIfEmpty(dir);
        }
    }

    /**
     * The machine class the benchmarks of a run with {@code heap} will report (this host's processor with the
     * container's CPUs and memory), known before anything runs: which baselines will judge them.
     */
    public String machineClass(String heap) {
        int cores = ContainerResources.cpus(cpuset(dockerCpus())).size();
        return Machines.machineClass(Machines.current(), cores, resources.memoryBytes(heap));
    }

    private String cpuset(int dockerCpus) {
        return duet == null ? resources.cpusetFor(dockerCpus) : duet.cpuset();
    }

    /** Image, cpuset, memory limit, user and class path of a run whose benchmark JVMs get {@code heap}. */
    Prepared prepared(String heap, Consumer<String> note) {
        RuntimeImage.Image image = RuntimeImage.ready(baseImage, note);
        int dockerCpus = dockerCpus();
        String cpuset = cpuset(dockerCpus);
        if (ContainerResources.cpus(cpuset).last() >= dockerCpus) {
            throw new BadInputException("cpuset " + cpuset + " needs CPUs the Docker host does not have (it has "
                    + dockerCpus + ", numbered from 0)");
        }
        long memory = resources.memoryBytes(heap);
        if (ContainerResources.bytes(heap) + (256L << 20) > memory) {
            note.accept("warning: heap " + heap + " and 256m for the JVM and the engine exceed the "
                    + ContainerResources.size(memory) + " memory limit of resource profile " + resources.name()
                    + ": expect OOM kills");
        }
        List<Path> mounted = classPath != null ? classPath : ClassPaths.mountable();
        return new Prepared(image, cpuset, memory, KvbenchContainer.hostUser(), mounted);
    }

    /** The benchmark JVMs' flags: the resource profile's, the extra ones, a duet side's barrier. */
    List<String> jvmFlags() {
        List<String> flags = new ArrayList<>(resources.benchmarkJvmFlags());
        flags.addAll(extraJvmFlags);
        if (duet != null) {
            flags.add("-D" + DuetBarrier.DIR + "=" + DUET);
            flags.add("-D" + DuetBarrier.SIDES + "=" + duet.me() + "," + duet.other());
        }
        return flags;
    }

    private BenchmarkResult execute(BenchmarkTask task, ResultContext context, Prepared prepared, RunFiles files,
                                    Serving serving) throws InterruptedException {
        String key = task.key();
        String engine = task.engine();
        String workload = task.workload().name();
        RunLayout layout = files.layout();
        RunLayout inner = layout.container(key);
        Path data = Path.of(task.dataDir()).resolve(key);
        Path log = layout.failureLog(key);
        KvbenchContainer.Exit exit;
        try {
            Files.deleteIfExists(log);
            Directories.deleteRecursively(inner.dir()); // a leftover of an earlier, interrupted run into the same --out
            Files.createDirectories(inner.dir());
            Files.createDirectories(data);
            // The container sees the run's outputs at OUT and its data directory at DATA: the task says so.
            task.withDataDir(Path.of(DATA).resolve(key)).write(inner.task());
            exit = serving.containerFor(task, layout).run(key, DEFAULT_TIMEOUT);
        } catch (IOException e) {
            Failure failure = Failures.ofIo(e);
            return BenchmarkResult.failed(engine, workload, failure.kind(), failure.reason(), context);
        } catch (RuntimeException e) {
            if (interruptedBy(e)) throw new InterruptedException("interrupted while starting the container for " + key);
            Failure failure = Failure.infrastructure("cannot run container for " + key + ": "
                    + RuntimeImage.rootMessage(e));
            return BenchmarkResult.failed(engine, workload, failure.kind(), failure.reason(), context);
        }
        RunResults innerResults = readInner(inner);
        Failure failure = Failures.ofContainer(exit, innerResults, Failures.readQuietly(inner.jmhLog()),
                ContainerResources.size(prepared.memoryBytes()), DEFAULT_TIMEOUT);
        if (failure != null) {
            keepLog(log, exit.logs());
            BenchmarkResult error = BenchmarkResult.failed(engine, workload, failure.kind(),
                    failure.reason() + "; log: " + log, context);
            return innerResults == null || innerResults.results().isEmpty() ? error
                    : error.withContext(merged(innerResults.results().get(0).context(), context));
        }
        BenchmarkResult measured = innerResults.results().get(0);
        files.collect("container " + key, inner);
        if (measured.status() == Status.ERROR) {
            keepLog(log, exit.logs()); // the container's own output and its jmh.log (kept in inner) explain it
        } else {
            try {
                Directories.deleteRecursively(inner.dir());
            } catch (IOException e) {
                // scratch output; the measured result stands
            }
            Directories.deleteIfEmpty(data);
        }
        return measured.withContext(merged(measured.context(), context));
    }

    /** Testcontainers wraps an interrupt during start in its own exceptions (and clears the flag). */
    private static boolean interruptedBy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException) return true;
        }
        return Thread.currentThread().isInterrupted();
    }

    /** What the container saw (JDK, its CPUs and memory, sized parameters), plus runner, run time and resources. */
    private ResultContext merged(ResultContext inside, ResultContext outside) {
        Software software = new Software(inside.engineVersion(), inside.jdk(), outside.gitRevision());
        return new ResultContext(software, inside.profile(), name(), outside.time(), inside.machine(),
                outside.resources(), inside.parameters());
    }

    private static RunResults readInner(RunLayout inner) {
        try {
            return Files.isRegularFile(inner.results()) ? ResultsJson.read(inner.results()) : null;
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
}
