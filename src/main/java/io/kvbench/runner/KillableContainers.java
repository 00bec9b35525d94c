package io.kvbench.runner;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.utility.DockerImageName;

/**
 * Java processes in containers that a test kills with SIGKILL on purpose (crash tests): the runtime image, the host's
 * class path mounted read-only at the same paths, given host directories mounted read-write at the same paths (so that
 * a command line means the same inside and out), network none, a memory limit. Stdout is streamed to the caller while
 * the process runs; every container is removed on close, also after a failure or Ctrl-C.
 */
public final class KillableContainers {

    private final DockerClient client;
    private final RuntimeImage.Image image;
    private final List<Path> classPath;
    private final String user;

    private KillableContainers(DockerClient client, RuntimeImage.Image image, List<Path> classPath, String user) {
        this.client = client;
        this.image = image;
        this.classPath = classPath;
        this.user = user;
    }

    /** Empty when Docker can run containers, otherwise why not (bounded, about 20 s at most). */
    public static Optional<String> unavailableReason() {
        return DockerEngine.unavailableReason();
    }

    /**
     * Builds (or finds) the runtime image on {@code baseImage} (null: the default choice of the container runner).
     *
     * @throws InfrastructureException when Docker or the image is unavailable
     */
    public static KillableContainers prepare(String baseImage, Consumer<String> note) {
        RuntimeImage.Image image = RuntimeImage.ready(baseImage, note);
        return new KillableContainers(DockerEngine.client(), image, ClassPaths.mountable(), BenchmarkContainer.hostUser());
    }

    /** The java command line prefix for the image's JDK: engine flags, then the given JVM options and the class path. */
    public List<String> javaCommand(List<String> jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add("java");
        command.addAll(JvmFlags.engineFlags(ContainerRunner.IMAGE_JAVA_VERSION));
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        return command;
    }

    public String imageTag() {
        return image.tag();
    }

    /**
     * Starts {@code command} in a new container; stdout text reaches {@code stdout} as it arrives (in chunks that need
     * not end at line boundaries), and {@code ended} runs when the output ends (the process exited or was killed).
     *
     * @param cpuset CPUs the container may use ("0", "2-3"), or null for all
     */
    public Handle start(String name, List<String> command, List<Path> readWriteDirs, long memoryBytes, String cpuset,
                        Consumer<String> stdout, Runnable ended) {
        List<Bind> binds = new ArrayList<>();
        for (Path entry : classPath) binds.add(new Bind(entry.toString(), new Volume(entry.toString()), AccessMode.ro));
        for (Path dir : readWriteDirs) {
            String path = dir.toAbsolutePath().toString();
            binds.add(new Bind(path, new Volume(path), AccessMode.rw));
        }
        LiveContainers.add(client, name);
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(image.tag()));
        try {
            container.withNetworkMode("none")
                    .withCommand(command.toArray(String[]::new))
                    .withLabel(BenchmarkContainer.LABEL, "killable")
                    .withStartupCheckStrategy(new BenchmarkContainer.StartedOrExited())
                    .waitingFor(new BenchmarkContainer.NoWait())
                    .withCreateContainerCmdModifier(cmd -> {
                        cmd.withName(name).withUser(user);
                        cmd.getHostConfig().withBinds(binds).withMemory(memoryBytes).withMemorySwap(memoryBytes);
                        if (cpuset != null) cmd.getHostConfig().withCpusetCpus(cpuset);
                    });
            container.start();
            container.followOutput(frame -> {
                if (frame.getType() == OutputFrame.OutputType.STDOUT) stdout.accept(frame.getUtf8String());
                else if (frame.getType() == OutputFrame.OutputType.END) ended.run();
            }, OutputFrame.OutputType.STDOUT);
            return new Handle(container, name);
        } catch (RuntimeException e) {
            container.close();
            LiveContainers.remove(client, name);
            throw new InfrastructureException("cannot start container " + name + ": " + RuntimeImage.rootMessage(e), e);
        }
    }

    /** One started container. */
    public final class Handle implements AutoCloseable {
        private final GenericContainer<?> container;
        private final String name;

        private Handle(GenericContainer<?> container, String name) {
            this.container = container;
            this.name = name;
        }

        /** SIGKILL to the container's process (PID 1: the JVM); a no-op if it already exited. */
        public void kill() {
            try {
                client.killContainerCmd(container.getContainerId()).withSignal("KILL").exec();
            } catch (RuntimeException alreadyExited) {
                // Docker refuses to kill a container that is not running: nothing left to kill
            }
        }

        /** The exit code, or empty if it is still running after {@code timeout}. */
        public Optional<Long> awaitExit(Duration timeout) throws InterruptedException {
            try (WaitContainerResultCallback wait = client.waitContainerCmd(container.getContainerId())
                    .exec(new WaitContainerResultCallback())) {
                if (!wait.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)) return Optional.empty();
            } catch (java.io.IOException e) {
                // closing the callback failed; the state below is what counts
            }
            Long code = client.inspectContainerCmd(container.getContainerId()).exec().getState().getExitCodeLong();
            return Optional.of(code == null ? -1L : code);
        }

        /** Everything the process wrote to stdout (complete once it has exited). */
        public String stdout() {
            return container.getLogs(OutputFrame.OutputType.STDOUT);
        }

        /** Everything it wrote to stderr, for failure messages. */
        public String stderr() {
            return container.getLogs(OutputFrame.OutputType.STDERR);
        }

        @Override
        public void close() {
            container.close();
            if (!LiveContainers.remove(client, name)) {
                System.err.println("kvbench: could not remove container " + name + "; remove it with docker rm -f " + name);
            }
        }
    }
}
