package io.kvbench.calibration;

import io.kvbench.workload.Orders;
import io.kvbench.workload.Workload;
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

    /** Loads per sample: long enough that the clock's cost is nothing beside it, short enough for many per second. */
    static final int LOADS_PER_SAMPLE = 1 << 20;

    private CacheChase() {
    }

    /**
     * The working set: {@code lines} lines of which each holds, in its first int, the index of the next line's first
     * int, all lines on one cycle visited in a random order (the seeded permutation of a random-order pass), so that no
     * prefetcher guesses the next one.
     */
    static int[] cycle(int lines, long seed) {
        if (lines < 2) throw new IllegalArgumentException("a chase needs at least 2 lines, not " + lines);
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

    /** Arguments: working-set bytes, seconds. Chases for one second unmeasured (compilation), then prints samples. */
    public static void main(String[] args) {
        long bytes = Long.parseLong(args[0]);
        double seconds = Double.parseDouble(args[1]);
        int[] next = cycle((int) Math.max(2, bytes / 64), 1);
        int at = 0;
        long warm = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < warm) at = chase(next, at, LOADS_PER_SAMPLE);
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        StringBuilder out = new StringBuilder();
        for (long now = start; now < end; ) {
            at = chase(next, at, LOADS_PER_SAMPLE);
            long after = System.nanoTime();
            out.append(String.format(Locale.ROOT, "%.4f %.3f%n", (after - start) / 1e9,
                    (after - now) / (double) LOADS_PER_SAMPLE));
            now = after;
        }
        System.out.print(out);
        System.out.println("end " + at); // the chain's end, so that no compiler drops the loads
    }
}
