package io.kvbench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Lines up the iterations of a duet's two sides (A and B of a round, in two containers on two cores): before each
 * iteration, untimed, a side announces it in a directory both containers mount and waits until the other side has
 * announced the same iteration of the same benchmark. Without it the two sides drift apart by the seconds of a load or
 * a JVM start, and one side's short timed pass meets the other's load instead of its pass (measured: a duet of
 * tc-random-read scattered more than one after the other). A side that does not arrive within {@link #PATIENCE_SECONDS}
 * (it failed, or ran another benchmark) releases the barrier for good: both go on unaligned, and the duet's file
 * {@value #ABANDONED} says so.
 *
 * <p>Set by the container runner of a duet side: {@code -Dkvbench.duet.dir=DIR -Dkvbench.duet.sides=A,B} (this side
 * first); without them, {@link #await} does nothing.
 */
public final class DuetBarrier {

    public static final String DIR = "kvbench.duet.dir";
    public static final String SIDES = "kvbench.duet.sides";
    public static final String ABANDONED = "abandoned";
    static final long PATIENCE_SECONDS = 120;

    private static final String DIR_VALUE = System.getProperty(DIR);
    private static final String[] SIDES_VALUE = System.getProperty(SIDES, "").split(",");

    private DuetBarrier() {
    }

    /** Waits for the other side's same iteration of this fork's benchmark; a no-op outside a duet. */
    static void await() {
        if (DIR_VALUE == null || SIDES_VALUE.length != 2) return;
        await(Path.of(DIR_VALUE), BenchSettings.task().key(), SIDES_VALUE[0], SIDES_VALUE[1],
                TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS));
    }

    /**
     * Announces this side's next iteration of {@code key} as file {@code key.me.N} (N counts this side's announcements
     * of that benchmark, across its forks, which run one after the other) and waits for {@code key.other.N}.
     *
     * @return true when the other side arrived, false when the barrier is (or was just) abandoned
     */
    static boolean await(Path dir, String key, String me, String other, long patienceNanos) {
        try {
            Path abandoned = dir.resolve(ABANDONED);
            int n = 1;
            while (true) {
                try {
                    Files.createFile(dir.resolve(key + "." + me + "." + n));
                    break;
                } catch (FileAlreadyExistsException e) {
                    n++;
                }
            }
            Path theirs = dir.resolve(key + "." + other + "." + n);
            long deadline = System.nanoTime() + patienceNanos;
            while (!Files.exists(theirs)) {
                if (Files.exists(abandoned)) return false;
                if (System.nanoTime() - deadline > 0) {
                    Files.writeString(abandoned, me + " waited " + TimeUnit.NANOSECONDS.toSeconds(patienceNanos)
                            + " s for " + theirs.getFileName() + "\n");
                    return false;
                }
                LockSupport.parkNanos(100_000);
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("duet barrier in " + dir, e);
        }
    }
}
