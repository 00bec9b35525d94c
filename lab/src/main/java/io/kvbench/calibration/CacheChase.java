package io.kvbench.calibration;

import io.kvbench.input.BadInputException;
import io.kvbench.workload.Orders;
import io.kvbench.workload.Workload;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A pointer chase over one random cycle through every 64-byte line of a working set: each load's address is the value
 * the previous load returned, so the loads cannot overlap and the time per load is the latency of wherever the lines
 * live (a private cache, the shared last-level cache, or memory). {@link CacheProbe} runs it as a child JVM pinned to
 * one core; the child prints one line per sample, "seconds-since-start nanoseconds-per-load".
 */
public final class CacheChase {

    /** Ints per 64-byte line: the chase touches one int of each line. */
    static final int STRIDE = 16;

    /**
     * Loads per sample: long enough that the clock's cost is nothing beside it, short enough that every second holds
     * samples even where a load takes microseconds (a working set only memory holds, on a loaded machine), so that no
     * second of a run goes without a sample.
     */
    static final int LOADS_PER_SAMPLE = 1 << 16;

    /**
     * The young generation of the chase's JVM, fixed and small: an array larger than it is allocated in the old
     * generation, which is the rest of the heap, so the working set's arrays need not fit a share of the heap that
     * the JVM's default (a third of it young) would leave them.
     */
    static final int YOUNG_MIB = 16;

    /** The old generation's room beyond the two arrays: the JVM's own objects, and what the young one promotes. */
    static final int ROOM_MIB = 32;

    private CacheChase() {
    }

    /**
     * The working set: {@code lines} lines of which each holds, in its first int, the index of the next line's first
     * int, all lines on one cycle visited in a random order (the seeded permutation of a random-order pass), so that no
     * prefetcher guesses the next one.
     */
    static int[] cycle(int lines, long seed) {
        if (lines < 2) throw new BadInputException("a chase needs at least 2 lines, not " + lines);
        int[] order = Orders.of(Workload.Order.RANDOM, lines, 1.0, seed);
        int[] next = new int[lines * STRIDE];
        for (int i = 0; i < lines; i++) next[order[i] * STRIDE] = order[(i + 1) % lines] * STRIDE;
        return next;
    }

    /** Follows the chain for {@code loads} loads from {@code start}; returns where it ended (keeps the loads live). */
    static int chase(int[] next, int start, int loads) {
        int at = start;
        for (int i = 0; i < loads; i++) at = next[at];
        return at;
    }

    /** The lines of a working set of {@code bytes}: one per 64 bytes, at least 2. */
    static int lines(long bytes) {
        long lines = Math.max(2, bytes / 64);
        if (lines * STRIDE > Integer.MAX_VALUE) throw new BadInputException("a chase over " + bytes
                + " bytes needs more than one Java array");
        return (int) lines;
    }

    /**
     * The heap, in MiB, of a chase over {@code bytes} with a {@link #YOUNG_MIB} young generation: what {@link #cycle}
     * holds at once (the cycle, an int per 4 bytes of the working set, and the order it is built from, an int per
     * line), plus {@link #ROOM_MIB} and the young generation. Derived from the working set alone, so it holds for any
     * cache sizes.
     */
    static long heapMiB(long bytes) {
        long lines = lines(bytes);
        long arrays = lines * STRIDE * Integer.BYTES + lines * Integer.BYTES;
        long mib = 1 << 20;
        return (arrays + mib - 1) / mib + ROOM_MIB + YOUNG_MIB;
    }

    /**
     * Arguments: working-set bytes, seconds. Chases for one second unmeasured (compilation), then prints samples as
     * it goes, through a buffer of fixed size, so that its heap does not grow with the seconds.
     */
    public static void main(String[] args) {
        long bytes = Long.parseLong(args[0]);
        double seconds = Double.parseDouble(args[1]);
        int[] next = cycle(lines(bytes), 1);
        int at = 0;
        long warm = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < warm) at = chase(next, at, LOADS_PER_SAMPLE);
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                false, StandardCharsets.US_ASCII);
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        for (long now = start; now < end; ) {
            at = chase(next, at, LOADS_PER_SAMPLE);
            long after = System.nanoTime();
            out.printf(Locale.ROOT, "%.4f %.3f%n", (after - start) / 1e9, (after - now) / (double) LOADS_PER_SAMPLE);
            now = after;
        }
        out.println("end " + at); // the chain's end, so that no compiler drops the loads
        out.flush();
    }
}
