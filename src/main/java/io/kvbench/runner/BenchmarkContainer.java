package io.kvbench.runner;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.Bind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.utility.DockerImageName;

/** One process in its own fixed-resource container: started, awaited (bounded), inspected, and always removed. */
final class BenchmarkContainer {

    /** Label on every container kvbench starts: {@code docker ps -a --filter label=io.kvbench} finds any leftover. */
    static final String LABEL = "io.kvbench";

    /**
     * @param binds       host directories and files, mounted at the given container paths
     * @param user        "uid:gid" of the host user, so files written into bind mounts stay the host user's
     * @param memoryBytes memory limit; swap is set to the same value, so the container cannot swap
     */
    record Spec(String image, String name, List<String> command, List<Bind> binds, String cpuset, long memoryBytes,
                String user, Duration timeout) {
    }

    /**
     * @param exitCode  the process's exit code (137 after a kill)
     * @param oomKilled the kernel killed a process of the container for exceeding its memory limit
     * @param timedOut  it ran longer than the timeout and was killed
     * @param logs      stdout and stderr
     */
    record Outcome(long exitCode, boolean oomKilled, boolean timedOut, String logs, Duration took) {
    }

    private BenchmarkContainer() {
    }

    static Outcome run(DockerClient client, Spec spec) throws InterruptedException, IOException {
        long start = System.nanoTime();
        // Tracked by name from before its creation: Docker accepts the name wherever it takes an id, so a Ctrl-C that
        // lands while Testcontainers is still creating or starting it removes it too.
        LiveContainers.add(client, spec.name());
        try (GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(spec.image()))) {
            container.withNetworkMode("none")
                    .withCommand(spec.command().toArray(String[]::new))
                    .withLabel(LABEL, "benchmark")
                    .withStartupCheckStrategy(new StartedOrExited())
                    .waitingFor(new NoWait())
                    // Binds go on the create command, not through withFileSystemBind: that one makes Testcontainers
                    // check file mounting by running an alpine image, which cannot be pulled without a registry.
                    .withCreateContainerCmdModifier(cmd -> {
                        cmd.withName(spec.name()).withUser(spec.user());
                        cmd.getHostConfig().withBinds(spec.binds()).withCpusetCpus(spec.cpuset())
                                .withMemory(spec.memoryBytes()).withMemorySwap(spec.memoryBytes());
                    });
            container.start();
            String id = container.getContainerId();
            boolean exited;
            try (WaitContainerResultCallback wait = client.waitContainerCmd(id).exec(new WaitContainerResultCallback())) {
                exited = wait.awaitCompletion(spec.timeout().toSeconds(), TimeUnit.SECONDS);
            }
            if (!exited) client.killContainerCmd(id).exec();
            InspectContainerResponse.ContainerState state = client.inspectContainerCmd(id).exec().getState();
            Long exitCode = state.getExitCodeLong();
            return new Outcome(exitCode == null ? -1 : exitCode, Boolean.TRUE.equals(state.getOOMKilled()), !exited,
                    container.getLogs(), Duration.ofNanos(System.nanoTime() - start));
        } finally {
            // GenericContainer.close() removed it already; this catches the cases where it could not (and says so).
            if (!LiveContainers.remove(client, spec.name())) {
                System.err.println("kvbench: could not remove container " + spec.name() + "; remove it with docker rm -f " + spec.name());
            }
        }
    }

    /** "uid:gid" of this process, so that results and stores written in a container belong to the host user. */
    static String hostUser() {
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

    /** Nothing to wait for: the container serves nothing; ContainerRunner waits for it to exit. */
    static final class NoWait extends AbstractWaitStrategy {
        @Override
        protected void waitUntilReady() {
        }
    }
}
