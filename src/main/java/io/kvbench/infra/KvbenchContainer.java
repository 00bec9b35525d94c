package io.kvbench.infra;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * One kvbench process in its own container, for benchmarks and crash tests alike: network none, labelled
 * {@value #LABEL}, fixed CPUs and memory (no swap), the host user, bind mounts. Tracked by name from before its
 * creation and removed on close, also after a failure or Ctrl-C ({@link LiveContainers}).
 *
 * <pre>{@code try (KvbenchContainer c = new KvbenchContainer(image, "benchmark").withContainerName(name)
 *         .withCpuset("0").withMemory(bytes).withUser(KvbenchContainer.hostUser()).withReadOnlyPaths(classPath)
 *         .withCommand(command)) { Exit e = c.runToExit(timeout); }}</pre>
 */
public final class KvbenchContainer extends GenericContainer<KvbenchContainer> {

    /** Label on every container kvbench starts: {@code docker ps -a --filter label=io.kvbench} finds any leftover. */
    public static final String LABEL = "io.kvbench";
    /**
     * Label with the process id of the kvbench process that started the container, so that a process (or a test) tells
     * its own containers from those of another kvbench running on the same Docker engine.
     */
    public static final String OWNER_LABEL = "io.kvbench.owner";

    /**
     * @param exitCode  the process's exit code (137 after a kill)
     * @param oomKilled the kernel killed a process of the container for exceeding its memory limit
     * @param timedOut  it ran longer than the timeout and was killed
     * @param logs      stdout and stderr
     */
    public record Exit(long exitCode, boolean oomKilled, boolean timedOut, String logs, Duration took) {
    }

    private final DockerClient client = DockerEngine.client();
    private final List<Bind> binds = new ArrayList<>();
    private String containerName;
    private String user;
    private String cpuset;
    private long memoryBytes;
    private LiveContainers.Creation creation;

    /** @param role what the container is for ("benchmark", "killable"): the value of its label */
    public KvbenchContainer(String image, String role) {
        super(DockerImageName.parse(image));
        withNetworkMode("none");
        withLabel(LABEL, role);
        withLabel(OWNER_LABEL, Long.toString(ProcessHandle.current().pid()));
        withStartupCheckStrategy(new StartedOrExited());
        waitingFor(new NoWait());
        // Binds go on the create command, not through withFileSystemBind: that one makes Testcontainers check file
        // mounting by running an alpine image, which cannot be pulled without a registry.
        withCreateContainerCmdModifier(cmd -> {
            if (containerName != null) cmd.withName(containerName);
            if (user != null) cmd.withUser(user);
            cmd.getHostConfig().withBinds(binds);
            if (cpuset != null) cmd.getHostConfig().withCpusetCpus(cpuset);
            if (memoryBytes > 0) cmd.getHostConfig().withMemory(memoryBytes).withMemorySwap(memoryBytes);
        });
    }

    /** The container's name; Docker takes it wherever it takes an id, so it is tracked from before creation. */
    public KvbenchContainer withContainerName(String name) {
        this.containerName = name;
        return self();
    }

    /** "uid:gid" of the process, so that files written into bind mounts stay the host user's. */
    public KvbenchContainer withUser(String uidGid) {
        this.user = uidGid;
        return self();
    }

    /** CPUs the container may use ("0", "2-3"); null: all. */
    public KvbenchContainer withCpuset(String cpus) {
        this.cpuset = cpus;
        return self();
    }

    /** Memory limit; swap is set to the same value, so the container cannot swap. */
    public KvbenchContainer withMemory(long bytes) {
        this.memoryBytes = bytes;
        return self();
    }

    /** Host paths mounted at the same (absolute) paths, read-only: a class path, a file the process reads. */
    public KvbenchContainer withReadOnlyPaths(List<Path> paths) {
        for (Path path : paths) binds.add(new Bind(hostPath(path), new Volume(hostPath(path)), AccessMode.ro));
        return self();
    }

    /** Host directories mounted at the same paths, read-write, so that a command line means the same inside and out. */
    public KvbenchContainer withReadWritePaths(List<Path> dirs) {
        for (Path dir : dirs) binds.add(new Bind(hostPath(dir), new Volume(hostPath(dir)), AccessMode.rw));
        return self();
    }

    /** A host directory at another path in the container, read-write. */
    public KvbenchContainer withReadWriteMount(Path hostDir, String containerPath) {
        binds.add(new Bind(hostPath(hostDir), new Volume(containerPath), AccessMode.rw));
        return self();
    }

    /**
     * A bind source, absolute: Docker takes a relative source (an {@code --out} given relative to the working
     * directory) for the name of a volume and refuses it.
     */
    private static String hostPath(Path path) {
        return path.toAbsolutePath().toString();
    }

    public KvbenchContainer withCommand(List<String> command) {
        return withCommand(command.toArray(String[]::new));
    }

    @Override
    public void start() {
        if (containerName == null) {
            super.start();
            return;
        }
        creation = LiveContainers.creating(client, containerName);
        try {
            LiveContainers.runToEnd(super::start, "kvbench-start-" + containerName);
        } finally {
            creation.done();
        }
    }

    @Override
    protected void containerIsCreated(String containerId) {
        if (creation != null) creation.done(); // it exists by name now: removal finds it
    }

    /** Starts the process, waits for it to exit (killing it after {@code timeout}), inspects it; the caller closes. */
    public Exit runToExit(Duration timeout) throws InterruptedException, IOException {
        long start = System.nanoTime();
        start();
        String id = getContainerId();
        boolean exited;
        try (WaitContainerResultCallback wait = client.waitContainerCmd(id).exec(new WaitContainerResultCallback())) {
            exited = wait.awaitCompletion(timeout.toSeconds(), TimeUnit.SECONDS);
        }
        if (!exited) client.killContainerCmd(id).exec();
        InspectContainerResponse.ContainerState state = client.inspectContainerCmd(id).exec().getState();
        Long exitCode = state.getExitCodeLong();
        return new Exit(exitCode == null ? -1 : exitCode, Boolean.TRUE.equals(state.getOOMKilled()), !exited,
                getLogs(), Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * Starts the process; stdout text reaches {@code stdout} as it arrives (in chunks that need not end at line
     * boundaries), and {@code ended} runs when the output ends (the process exited or was killed).
     */
    public void startFollowing(Consumer<String> stdout, Runnable ended) {
        start();
        followOutput(frame -> {
            if (frame.getType() == OutputFrame.OutputType.STDOUT) stdout.accept(frame.getUtf8String());
            else if (frame.getType() == OutputFrame.OutputType.END) ended.run();
        }, OutputFrame.OutputType.STDOUT);
    }

    /** SIGKILL to the container's process (PID 1: the JVM); a no-op if it already exited. */
    public void kill() {
        try {
            client.killContainerCmd(getContainerId()).withSignal("KILL").exec();
        } catch (RuntimeException alreadyExited) {
            // Docker refuses to kill a container that is not running: nothing left to kill
        }
    }

    /** The exit code, or empty if it is still running after {@code timeout}. */
    public Optional<Long> awaitExit(Duration timeout) throws InterruptedException {
        try (WaitContainerResultCallback wait =
                client.waitContainerCmd(getContainerId()).exec(new WaitContainerResultCallback())) {
            if (!wait.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)) return Optional.empty();
        } catch (IOException e) {
            // closing the callback failed; the state below is what counts
        }
        Long code = client.inspectContainerCmd(getContainerId()).exec().getState().getExitCodeLong();
        return Optional.of(code == null ? -1L : code);
    }

    /** Everything the process wrote to stdout (complete once it has exited). */
    public String stdout() {
        return getLogs(OutputFrame.OutputType.STDOUT);
    }

    /** Everything it wrote to stderr, for failure messages. */
    public String stderr() {
        return getLogs(OutputFrame.OutputType.STDERR);
    }

    /**
     * Stops and removes the container. An interrupt (the reason to close, often) is held back meanwhile and restored
     * afterwards: with the flag set, Docker's HTTP client fails the removal requests and the container would be left.
     */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        try {
            super.close();
            // GenericContainer.close() removed it already; this catches the cases where it could not (and says so).
            if (containerName != null && !LiveContainers.remove(client, containerName)
                    && !LiveContainers.shuttingDown()) {
                System.err.println("kvbench: could not remove container " + containerName
                        + "; remove it with docker rm -f " + containerName);
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** "uid:gid" of this process, so that results and stores written in a container belong to the host user. */
    public static String hostUser() {
        try {
            Path self = Path.of("/proc/self");
            return Files.getAttribute(self, "unix:uid") + ":" + Files.getAttribute(self, "unix:gid");
        } catch (IOException | UnsupportedOperationException e) {
            return "0:0";
        }
    }

    /** Started is enough: the process may already have finished (or been killed) by the time Docker is asked. */
    static final class StartedOrExited extends StartupCheckStrategy {
        private static final Set<String> STARTED = Set.of("running", "exited", "dead");

        @Override
        public StartupStatus checkStartupState(DockerClient dockerClient, String containerId) {
            return STARTED.contains(getCurrentState(dockerClient, containerId).getStatus())
                    ? StartupStatus.SUCCESSFUL : StartupStatus.NOT_YET_KNOWN;
        }
    }

    /** Nothing to wait for: the container serves nothing; its user waits for it to exit. */
    static final class NoWait extends AbstractWaitStrategy {
        @Override
        protected void waitUntilReady() {
        }
    }
}
