package io.kvbench.run;

import com.github.dockerjava.api.command.InspectContainerResponse;
import io.kvbench.infra.KvbenchContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * One container that runs the benchmarks of one engine one after another ({@link TaskMain#serve}), so that a run
 * starts a container and its controller JVM once per engine instead of once per benchmark; each benchmark still runs
 * in JMH forks of its own. Its output directory (every benchmark's own below it, by key) is mounted at
 * {@link ContainerRunner#OUT}, the run's data directory at {@link ContainerRunner#DATA}. A benchmark that fails in it
 * (a dead container, a timeout, an error) ends it, so that the next benchmark starts in a fresh one and no failure is
 * read into another benchmark's log.
 */
final class EngineContainer implements AutoCloseable {

    /** How often the host looks for a finished benchmark, and how many looks between asking Docker if it still runs. */
    private static final long POLL_MILLIS = 10;
    private static final int POLLS_PER_LIVENESS_CHECK = 50;

    private final String engine;
    private final Path dir;
    private final KvbenchContainer container;
    /** Characters of the container's log that earlier benchmarks wrote: each benchmark's exit gets only its own. */
    private int logOffset;

    private EngineContainer(String engine, Path dir, KvbenchContainer container) {
        this.engine = engine;
        this.dir = dir;
        this.container = container;
    }

    /** Starts a container serving {@code engine}'s benchmarks from {@code dir} (already created). */
    static EngineContainer start(String engine, Path dir, KvbenchContainer container) {
        container.start();
        return new EngineContainer(engine, dir, container);
    }

    boolean serves(String engineId) {
        return engine.equals(engineId);
    }

    /**
     * Runs the benchmark whose task is in {@code <dir>/<key>/} and waits until it is done, the container dies, or
     * {@code timeout} passes (then the container is killed).
     *
     * @return how it ended, with this benchmark's part of the container's log
     */
    KvbenchContainer.Exit run(String key, Duration timeout) throws InterruptedException, IOException {
        long start = System.nanoTime();
        Path done = dir.resolve(key).resolve(TaskMain.DONE);
        Path request = dir.resolve(TaskMain.REQUEST + ".tmp");
        Files.writeString(request, key);
        Files.move(request, dir.resolve(TaskMain.REQUEST), StandardCopyOption.ATOMIC_MOVE);
        for (int polls = 1; !Files.exists(done); polls++) {
            if (System.nanoTime() - start > timeout.toNanos()) {
                container.kill();
                return exit(-1, false, true, start);
            }
            if (polls % POLLS_PER_LIVENESS_CHECK == 0) {
                InspectContainerResponse.ContainerState state = container.getCurrentContainerInfo().getState();
                if (!Boolean.TRUE.equals(state.getRunning()) && !Files.exists(done)) {
                    Long code = state.getExitCodeLong();
                    return exit(code == null ? -1 : code, Boolean.TRUE.equals(state.getOOMKilled()), false, start);
                }
            }
            Thread.sleep(POLL_MILLIS);
        }
        // "<exit code> <OOM kills meanwhile>": the kernel kills the benchmark's JMH fork, the controller lives on.
        String[] outcome = Files.readString(done).strip().split(" ");
        return exit(Long.parseLong(outcome[0]), Long.parseLong(outcome[1]) > 0, false, start);
    }

    private KvbenchContainer.Exit exit(long code, boolean oomKilled, boolean timedOut, long start) {
        String logs = container.getLogs();
        String mine = logs.substring(Math.min(logOffset, logs.length()));
        logOffset = logs.length();
        return new KvbenchContainer.Exit(code, oomKilled, timedOut, mine, Duration.ofNanos(System.nanoTime() - start));
    }

    /** Stops and removes the container. */
    @Override
    public void close() {
        container.close();
    }
}
