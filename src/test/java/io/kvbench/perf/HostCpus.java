package io.kvbench.perf;

import io.kvbench.infra.Commands;
import io.kvbench.task.ContainerResources;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Keeps this test JVM, its threads and every process they start from now on, off the CPUs the perf gate's containers
 * measure on, while the gate runs beside the other test classes (junit-platform.properties): the host tests share the
 * other CPUs and the gate's container has its core to itself, as when it runs alone. {@link #close()} gives the JVM
 * its CPUs back. Uses {@code taskset} (util-linux). Nothing is pinned, with a note saying why, where taskset is
 * missing or fails, where the Docker engine is not this machine's (DOCKER_HOST names another host), or where no CPU
 * would be left for the host; the gate still runs, its container then sharing its core with the host tests.
 */
final class HostCpus implements AutoCloseable {

    private final String restore;

    private HostCpus(String restore) {
        this.restore = restore;
    }

    /** Pins this JVM to its CPUs outside {@code gateCpuset} ("1", "2-3"). */
    static HostCpus keepOff(String gateCpuset, Consumer<String> note) {
        String dockerHost = System.getenv("DOCKER_HOST");
        if (dockerHost != null && !dockerHost.isBlank() && !dockerHost.startsWith("unix://")) {
            note.accept("host tests not pinned: the Docker engine is at " + dockerHost
                    + ", not on this machine's CPUs");
            return new HostCpus(null);
        }
        try {
            String mine = affinity();
            TreeSet<Integer> left = ContainerResources.cpus(mine);
            left.removeAll(ContainerResources.cpus(gateCpuset));
            if (left.isEmpty()) {
                note.accept("host tests not pinned: this JVM's CPUs " + mine + " are all the gate's (" + gateCpuset
                        + "); the gate's container shares its core with them");
                return new HostCpus(null);
            }
            String list = left.stream().map(String::valueOf).collect(Collectors.joining(","));
            taskset("-a", "-c", "-p", list, pid());
            note.accept("host tests pinned to CPU " + list + " while the gate measures on CPU " + gateCpuset);
            return new HostCpus(mine);
        } catch (IOException e) {
            note.accept("host tests not pinned (" + e.getMessage()
                    + "); the gate's container shares its core with them");
            return new HostCpus(null);
        }
    }

    /** The CPUs this JVM may run on, as taskset lists them ("0-1", "0,2"). */
    static String affinity() throws IOException {
        String out = taskset("-c", "-p", pid());
        int colon = out.lastIndexOf(':');
        if (colon < 0) throw new IOException("taskset said '" + out.strip() + "'");
        return out.substring(colon + 1).strip();
    }

    @Override
    public void close() throws IOException {
        if (restore != null) taskset("-a", "-c", "-p", restore, pid());
    }

    private static String pid() {
        return String.valueOf(ProcessHandle.current().pid());
    }

    private static String taskset(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("taskset"));
        command.addAll(List.of(args));
        return Commands.output(command, Duration.ofSeconds(10));
    }
}
