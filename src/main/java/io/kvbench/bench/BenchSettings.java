package io.kvbench.bench;

import io.kvbench.task.BenchmarkTask;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What the runner passes to the benchmark JVM: the task file ({@value BenchmarkTask#PROPERTY}), read once into a static
 * final, and system properties for checking kvbench itself, each read once and never on a measured path.
 */
public final class BenchSettings {

    /**
     * Where stores are created when the JVM has no task (a test); with a task, its data directory (a bind-mounted host
     * directory in the container; never tmpfs).
     */
    public static final String DATA_DIR = "kvbench.dataDir";

    /**
     * Untimed work added to every iteration's setup and teardown: 4 MiB written and fsync'd, then a sleep of this many
     * milliseconds. Only for checking that CPU % and bytes written leave setup and teardown out (TimedRegionTest);
     * never set in a real measurement.
     */
    public static final String UNTIMED_CHORE_MILLIS = "kvbench.untimedChoreMillis";

    /**
     * {@code -Dkvbench.quiesce=false} skips {@link io.kvbench.engine.KvStore#quiesce()} after loading: only to measure
     * what quiescing buys (docs/results/2026-11-25-noise-at-source.md); every real measurement quiesces.
     */
    public static final String QUIESCE = "kvbench.quiesce";

    /** This fork's task, or null in a JVM started without one. */
    private static final BenchmarkTask TASK = BenchmarkTask.fromSystemProperty();
    private static final long CHORE_MILLIS = Long.getLong(UNTIMED_CHORE_MILLIS, 0);
    static final boolean QUIESCE_AFTER_LOADING = !"false".equals(System.getProperty(QUIESCE));
    private static final int CHORE_BYTES = 4 << 20;

    private BenchSettings() {
    }

    /** The task this JVM runs; a benchmark JVM without one was started wrongly. */
    static BenchmarkTask task() {
        if (TASK == null) throw new IllegalStateException("no task: start the benchmark JVM with -D"
                + BenchmarkTask.PROPERTY + "=<task.json>");
        return TASK;
    }

    static Path dataDir() {
        if (TASK != null) return Path.of(TASK.dataDir());
        return Path.of(System.getProperty(DATA_DIR, Path.of(System.getProperty("java.io.tmpdir"), "kvbench-data")
                .toString()));
    }

    /**
     * The injected untimed chore, if any: a no-op unless {@value #UNTIMED_CHORE_MILLIS} is set. Its file lies beside
     * the store directories, never in one, so that it changes no store's disk size.
     */
    static void untimedChore() {
        if (CHORE_MILLIS <= 0) return;
        Path file = dataDir().resolve("untimed-chore-" + Thread.currentThread().getId() + ".bin");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer zeros = ByteBuffer.allocate(1 << 20);
            for (int written = 0; written < CHORE_BYTES; written += zeros.capacity()) {
                zeros.clear();
                while (zeros.hasRemaining()) channel.write(zeros);
            }
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("untimed chore: cannot write " + file, e);
        }
        try {
            Files.delete(file);
            Thread.sleep(CHORE_MILLIS);
        } catch (IOException e) {
            throw new UncheckedIOException("untimed chore: cannot delete " + file, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
