package io.kvbench.infra;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Java processes in containers that a test kills with SIGKILL on purpose (crash tests): the runtime image, the host's
 * class path mounted read-only at the same paths, given host directories mounted read-write at the same paths (so that
 * a command line means the same inside and out), network none, a memory limit. Stdout is streamed to the caller while
 * the process runs; every container is removed on close, also after a failure or Ctrl-C.
 */
public final class KillableContainers {

    private final RuntimeImage.Image image;
    private final List<Path> classPath;
    private final String user;

    private KillableContainers(RuntimeImage.Image image, List<Path> classPath, String user) {
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
        return new KillableContainers(image, ClassPaths.mountable(), KvbenchContainer.hostUser());
    }

    /** The java command line prefix for the image's JDK: engine flags, then the given JVM options and the class path.
     * */
    public List<String> javaCommand(List<String> jvmOptions, String mainClass, List<String> arguments) {
        return JavaCommand.inImage().flags(jvmOptions).classPath(classPath).main(mainClass, arguments).build();
    }

    /**
     * Starts {@code command} in a new container with {@code readWriteDirs} mounted at the same paths; stdout text
     * reaches {@code stdout} as it arrives, and {@code ended} runs when the output ends (the process exited or was
     * killed). The caller closes the container, which removes it.
     *
     * @param cpuset CPUs the container may use ("0", "2-3"), or null for all
     */
    public KvbenchContainer start(String name, List<String> command, List<Path> readWriteDirs, long memoryBytes,
            String cpuset,
                                  Consumer<String> stdout, Runnable ended) {
        KvbenchContainer container = new KvbenchContainer(image.tag(), "killable").withContainerName(name)
                .withUser(user)
                .withReadOnlyPaths(classPath).withReadWritePaths(readWriteDirs).withMemory(memoryBytes)
                .withCpuset(cpuset)
                .withCommand(command);
        try {
            container.startFollowing(stdout, ended);
            return container;
        } catch (RuntimeException e) {
            container.close();
            throw new InfrastructureException("cannot start container " + name + ": " + RuntimeImage.rootMessage(e), e);
        }
    }
}
