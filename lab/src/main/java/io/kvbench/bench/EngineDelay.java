package io.kvbench.bench;

import io.kvbench.input.BadInputException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.locks.LockSupport;

/**
 * A fixed amount of busy work per call, for slowing an engine's calls on purpose ({@link DelayedEngine}): to measure
 * whether an A/B catches a slower engine rather than a slower benchmark loop. A benchmark JVM of the lab's delayed
 * side ({@link DelayedRunner}) measures its stores through a {@link DelayedEngine}, whose every get and put first runs
 * N nanoseconds of it on the calling thread.
 *
 * <p>The busy work is a counted loop, not a wait on the clock: a spin that reads {@link System#nanoTime} costs at
 * least two clock reads per call, which on a virtual machine's clock is as much as a short get itself, so a delay
 * meant as 5 % of such a call came out several times larger. The loop's rate (iterations per nanosecond) is measured
 * once per JVM, when the first delay is made (in the benchmark's setup, before anything is timed), after the JIT has
 * compiled the loop, so each call runs a fixed number of iterations and reads no clock.
 */
public final class EngineDelay {

    /** The largest delay accepted: beyond it a typo, not a slowdown. */
    public static final long MAX_NANOS = 1_000_000;

    /** How long the rate's measurement may wait for the JIT to settle. */
    private static final long CALIBRATION_LIMIT_NANOS = 1_000_000_000L;

    /** The loop's state: read by every call, written only if it reached 0 (never), so no cache line bounces. */
    private static long seed = 0x9E37_79B9_7F4A_7C15L;

    private final long nanos;
    private final int iterations;

    private EngineDelay(long nanos, int iterations) {
        this.nanos = nanos;
        this.iterations = iterations;
    }

    /**
     * A delay of {@code nanos} per call, at the loop's rate on this JVM (measured on the first call of this method,
     * which then takes up to about a second).
     *
     * @throws IllegalArgumentException when {@code nanos} is not in 1..{@value #MAX_NANOS}
     */
    public static EngineDelay of(long nanos) {
        check(nanos);
        return new EngineDelay(nanos, iterationsFor(nanos, Rate.ITERATIONS_PER_NANO));
    }

    /** Refuses a delay outside 1..{@value #MAX_NANOS} ns. */
    static void check(long nanos) {
        if (nanos < 1 || nanos > MAX_NANOS) {
            throw new BadInputException("an engine delay is 1 to " + MAX_NANOS + " ns, not " + nanos);
        }
    }

    /** The delay per call, in nanoseconds. */
    public long nanos() {
        return nanos;
    }

    /** Runs the busy work of one call. */
    void apply() {
        work(iterations);
    }

    /**
     * Busy work of {@code iterations} xorshift steps: a chain of dependent shifts and xors that the JIT can neither
     * vectorise nor fold, so its time grows with the count and nothing else; it reads no clock and allocates nothing.
     */
    static void work(int iterations) {
        long x = seed;
        for (int i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        if (x == 0) seed = x; // a use of the result, so the loop is kept; xorshift never reaches 0
    }

    /** Iterations of {@link #work} that take {@code nanos} at {@code perNano} iterations per nanosecond, at least 1. */
    static int iterationsFor(long nanos, double perNano) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(nanos * perNano)));
    }

    /** The loop's rate on this JVM, measured when a delay is first made. */
    private static final class Rate {
        static final double ITERATIONS_PER_NANO = iterationsPerNano();
    }

    /**
     * The loop's rate on this core: compiled first (enough calls for the JIT's last tier), then the fastest of several
     * timed runs of about a millisecond each, since an interruption can only lengthen a run. Rounds of such runs go on
     * until one is no faster than the best before it while the JIT compiled nothing, or for at most a second: on a
     * busy JVM the compiler threads may still have the loop queued when the first rounds run, and its profiled
     * interim code runs at about half the speed of the final one: a rate timed on it is too low, and every delay
     * comes out shorter than asked once the final code runs.
     */
    static double iterationsPerNano() {
        for (int i = 0; i < 20_000; i++) work(1_000);
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean jitTimed = jit != null && jit.isCompilationTimeMonitoringSupported();
        long deadline = System.nanoTime() + CALIBRATION_LIMIT_NANOS;
        double best = 0;
        while (true) {
            long compiledBefore = jitTimed ? jit.getTotalCompilationTime() : 0;
            double rate = fastestRate();
            boolean jitIdle = !jitTimed || jit.getTotalCompilationTime() == compiledBefore;
            if (rate <= best * 1.02 && jitIdle || System.nanoTime() - deadline > 0) return Math.max(best, rate);
            best = Math.max(best, rate);
            LockSupport.parkNanos(2_000_000); // the compiler threads may share this core: give them a turn
        }
    }

    /** Iterations per nanosecond in the fastest of nine runs of a million iterations. */
    private static double fastestRate() {
        int iterations = 1_000_000;
        long fastest = Long.MAX_VALUE;
        for (int run = 0; run < 9; run++) {
            long start = System.nanoTime();
            work(iterations);
            fastest = Math.min(fastest, System.nanoTime() - start);
        }
        return (double) iterations / Math.max(1, fastest);
    }
}
