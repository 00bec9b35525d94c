package io.kvbench.result;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The confidence level of the intervals the reports print. results.json keeps JMH's 99.9 % half-widths (Student t over
 * the measurement iterations, what baselines and earlier files hold); a 99.9 % interval over a handful of iterations is
 * wider than the score itself (t = 8.6 at 5 iterations), which tells a reader nothing, so tables and charts show the
 * conventional 95 % and say so. The rescaling is exact for JMH's errors and kvbench's pooled ones: both are
 * t(0.9995, n-1) * sd / sqrt(n) over the same n samples, so only the t quantile changes.
 */
public final class Intervals {

    /** The level printed beside every interval. */
    public static final double CONFIDENCE = 0.95;
    public static final String LABEL = "95% confidence interval";

    private static final double STORED = 0.999;

    private Intervals() {
    }

    /** Half-width at {@link #CONFIDENCE} of a score whose stored 99.9 % half-width came from {@code samples} values. */
    public static double halfWidth(double storedError, int samples) {
        if (!Double.isFinite(storedError) || samples < 2) return Double.NaN;
        TDistribution t = new TDistribution(samples - 1);
        return storedError * t.inverseCumulativeProbability(0.5 + CONFIDENCE / 2) / t.inverseCumulativeProbability(0.5
                + STORED / 2);
    }

    /** The printed half-width of a result's score. */
    public static double of(BenchmarkResult r) {
        return halfWidth(r.error(), r.samples().size());
    }

    /** The printed half-width of one of a result's secondary metrics (JMH aggregates them over the same iterations). */
    public static double ofSecondary(BenchmarkResult r, double storedError) {
        return halfWidth(storedError, r.samples().size());
    }
}
