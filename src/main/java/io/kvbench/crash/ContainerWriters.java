package io.kvbench.crash;

import io.kvbench.infra.KillableContainers;
import io.kvbench.infra.KvbenchContainer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Each crash writer in a fresh container (the crash directory bind-mounted from the host, network none, a memory
 * limit); the kill is {@code docker kill --signal KILL}, which SIGKILLs the container's PID 1: the writer's JVM. The
 * next
 * cycle's container opens the same directory, like a restarted service on the same volume.
 */
final class ContainerWriters implements WriterLauncher {

    /** A writer needs its 256 MiB heap plus the engine's native memory (RocksDB, LMDB maps). */
    private static final long MEMORY_BYTES = 1L << 30;

    private final KillableContainers containers;
    private final String cpuset;

    /** @param cpuset CPUs the writers may use, or null for all */
    ContainerWriters(KillableContainers containers, String cpuset) {
        this.containers = containers;
        this.cpuset = cpuset;
    }

    @Override
    public String name() {
        return "container";
    }

    @Override
    public WriterProcess start(String name, List<String> writerArgs, Path dir) {
        List<String> command = containers.javaCommand(WRITER_JVM_OPTIONS, CrashWriter.class.getName(), writerArgs);
        ReadySignal signal = new ReadySignal();
        KvbenchContainer handle = containers.start(name, command, List.of(dir), MEMORY_BYTES, cpuset, signal::accept,
                signal::ended);
        return new WriterProcess() {
            @Override
            public boolean awaitReady(Duration timeout) throws InterruptedException {
                return signal.await(timeout.toMillis());
            }

            @Override
            public void kill() {
                handle.kill();
            }

            @Override
            public Optional<Long> awaitExit(Duration timeout) throws InterruptedException {
                return handle.awaitExit(timeout);
            }

            @Override
            public String stdout() {
                return handle.stdout();
            }

            @Override
            public String stderr() {
                return handle.stderr();
            }

            @Override
            public void close() {
                handle.close();
            }
        };
    }
}
