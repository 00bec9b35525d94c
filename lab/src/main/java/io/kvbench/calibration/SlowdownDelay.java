package io.kvbench.calibration;

import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.workload.Orders;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;

/**
 * Sizes an injected slowdown: how many nanoseconds of busy work per engine call (the benchmark JVM's engine delay,
 * {@code -Dkvbench.engine.delayNanos}) make a benchmark X % slower, given its unchanged score. "X % slower" is what the
 * comparison policy measures: throughput X % lower (each operation takes 1/(1-X) as long), or a pass X % longer.
 *
 * <p>Cost per operation: a pass visits {@link Orders#passLength} records, one operation each, so it is the pass time
 * divided by that; for throughput it is 1/score of CPU time per operation on each of min(threads, cores) cores (on the
 * one-core container, 8 reader threads share one core, so an operation costs 1/score of it). The delay burns CPU, so
 * the conversion assumes the benchmark is CPU-bound, and one get or put per operation (an operation that makes
 * several gets and puts is delayed for each, a scan not at all); a calibration reports the slowdown it achieved,
 * measured.
 */
public final class SlowdownDelay {

    private SlowdownDelay() {
    }

    /** Nanoseconds one operation costs in an unchanged run. */
    public static double nanosPerOperation(BenchmarkResult unchanged, Workload workload, Profile profile, int cores) {
        if (!(unchanged.score() > 0)) throw new BadInputException(unchanged.key()
                + " has no score to size a slowdown from");
        if (unchanged.higherIsBetter()) {
            // ops/s across all threads; the threads share min(threads, cores) cores.
            return 1e9 * Math.min(workload.threads(), Math.max(1, cores)) / unchanged.score();
        }
        int operations = Orders.passLength(profile.records(workload.family()), workload.fraction());
        return unchanged.score() * secondsPer(unchanged.unit()) * 1e9 / operations;
    }

    /**
     * Nanoseconds of delay per operation that add {@code slowdown} (0.1 = 10 %) to an operation costing
     * {@code nanosPerOperation}; at least 1.
     */
    public static long delayNanos(double slowdown, double nanosPerOperation, boolean throughput) {
        if (!(slowdown > 0 && slowdown < 1)) throw new BadInputException("slowdown must be in (0, 1), not "
                + slowdown);
        // Throughput X % lower: each operation takes 1/(1-X) times as long, i.e. X/(1-X) more; a pass X % longer: X
        // more.
        double extra = throughput ? slowdown / (1 - slowdown) : slowdown;
        return Math.max(1, Math.round(extra * nanosPerOperation));
    }

    private static double secondsPer(String unit) {
        return switch (unit) {
            case "s/op" -> 1;
            case "ms/op" -> 1e-3;
            case "us/op" -> 1e-6;
            case "ns/op" -> 1e-9;
            default -> throw new BadInputException("cannot size a slowdown for a time in '" + unit + "'");
        };
    }
}
