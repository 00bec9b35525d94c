package io.kvbench.workload;

import io.kvbench.input.BadInputException;
import java.util.SplittableRandom;

/**
 * Zipfian-distributed integers in [0, items), popular items first, by the algorithm of Gray et al., "Quickly Generating
 * Billion-Record Synthetic Databases" (SIGMOD 1994), as YCSB's ZipfianGenerator uses it with constant 0.99.
 * Allocation-free: {@link #next(SplittableRandom)} is a few multiplications and one pow().
 */
public final class ZipfianGenerator {

    /** YCSB's default skew ("zipfian constant"). */
    public static final double YCSB_CONSTANT = 0.99;

    private final long items;
    private final double theta;
    private final double alpha;
    private final double zetan;
    private final double eta;
    private final double half;

    public ZipfianGenerator(long items, double theta) {
        this(items, theta, zeta(items, theta));
    }

    /** With a precomputed zeta(items, theta), which is O(items) to compute. */
    ZipfianGenerator(long items, double theta, double zetan) {
        if (items < 1) throw new BadInputException("items must be >= 1, was " + items);
        this.items = items;
        this.theta = theta;
        this.zetan = zetan;
        double zeta2 = zeta(2, theta);
        this.alpha = 1.0 / (1.0 - theta);
        this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetan);
        this.half = 1 + Math.pow(0.5, theta);
    }

    /** The next value in [0, items). */
    public long next(SplittableRandom random) {
        double u = random.nextDouble();
        double uz = u * zetan;
        if (uz < 1.0) return 0;
        if (uz < half) return Math.min(1, items - 1);
        long value = (long) (items * Math.pow(eta * u - eta + 1, alpha));
        return Math.min(value, items - 1);
    }

    public long items() {
        return items;
    }

    /** zeta(n, theta) = sum_{i=1..n} 1 / i^theta. */
    static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) sum += 1 / Math.pow(i, theta);
        return sum;
    }
}
