package io.kvbench.judge;

import java.util.Locale;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The smallest slowdown a comparison could have caught, at its false-alarm rate alpha with probability 1 - beta: what
 * a PASS actually says ("no slowdown of 5 % or more"), so that a pass from a noisy runner does not read like one from a
 * quiet runner. The formulas (docs/methodology/sequential-test.md):
 *
 * <ul>
 *   <li>{@link Basis#SEQUENTIAL}: the sequential test accepted "not worse by the minimum effect"; by its construction a
 *       slowdown of the minimum effect reaches that answer with probability at most beta (measured across spreads:
 *       SequentialTestTest), so the resolution is the minimum effect.</li>
 *   <li>{@link Basis#PAIRED}: n rounds judged by the paired t-test (fixed rounds, or the sequential test undecided at
 *       its limit or budget): a slowdown is flagged when its mean log ratio is significant (two-sided t at alpha, n - 1
 *       degrees of freedom) and at least the minimum effect. With the rounds' spread s the resolution is the slowdown
 *       d (on the log scale, m the minimum effect's) that is caught with probability 1 - beta: about
 *       max(t(1 - alpha/2) s / sqrt(n), m) + t(1 - beta) s / sqrt(n), computed exactly for normal rounds
 *       ({@link #pairedLogEffect}).</li>
 *   <li>{@link Basis#INTERVAL}: a stored-baseline comparison whose test gave a (1 - alpha) interval of half-width h
 *       (as a log ratio): d = max(h, m) + h z(1 - beta) / z(1 - alpha/2).</li>
 * </ul>
 *
 * @param slowdown the smallest slowdown caught, a fraction in the metric's sense (fewer ops/s, or a longer pass)
 * @param spread   what it was computed from: the per-round standard deviation of the log ratios (A/B) or the
 *                 interval's half-width as a log ratio (stored baselines); NaN when unknown
 * @param rounds   rounds of an A/B (0 for a stored-baseline comparison)
 * @param basis    which formula
 */
public record Resolution(double slowdown, double spread, int rounds, Basis basis) {

    /** How the resolution was derived; see the class comment. */
    public enum Basis { SEQUENTIAL, PAIRED, INTERVAL }

    /** The miss rate a stored-baseline comparison's resolution is stated at (it has no beta of its own). */
    public static final double DEFAULT_BETA = SequentialTest.DEFAULT_BETA;

    /** The sequential test accepted "not worse": the minimum effect, measured spread for the record. */
    public static Resolution sequential(SequentialTest test, SequentialTest.Step step) {
        return new Resolution(test.minEffect(), step.measuredSpread(), step.rounds(), Basis.SEQUENTIAL);
    }

    /**
     * What n paired rounds with these per-round ratios B/A resolve; null with fewer than 3 rounds or a ratio that is
     * not a positive number (no paired test is made then).
     *
     * @param thresholds     alpha and the minimum effect of the paired test
     * @param higherIsBetter true for throughput
     */
    public static Resolution paired(double[] ratios, Thresholds thresholds, double beta, boolean higherIsBetter) {
        int n = ratios.length;
        if (n < 3) return null;
        double sum = 0;
        double sumOfSquares = 0;
        for (double r : ratios) {
            if (!(r > 0) || Double.isInfinite(r)) return null;
            double x = Math.log(r);
            sum += x;
            sumOfSquares += x * x;
        }
        double spread = Math.sqrt(Math.max(0, (sumOfSquares - sum * sum / n) / (n - 1)));
        double d = pairedLogEffect(spread, n, thresholds, beta, higherIsBetter);
        return new Resolution(slowdownOf(d, higherIsBetter), spread, n, Basis.PAIRED);
    }

    /**
     * The paired formula on the log scale (see the class comment): the slowdown d whose power is 1 - beta, where the
     * power is P(mean >= max(m, t s' / sqrt(n))) over both the mean and the spread s' the test will estimate (normal
     * rounds of spread s, s'^2 ~ s^2 chi2(n - 1) / (n - 1)), averaged over {@link #QUANTILES} quantiles of the
     * chi-squared distribution and solved by bisection. Where one condition dominates this is the textbook
     * (t(1 - alpha/2) + t(1 - beta)) s / sqrt(n) or m + z(1 - beta) s / sqrt(n); where both bind it is larger than
     * either, as it must be for the pair to hold together.
     */
    static double pairedLogEffect(double spread, int n, Thresholds thresholds, double beta, boolean higherIsBetter) {
        double m = minEffectLog(thresholds.minEffect(), higherIsBetter);
        if (!(spread > 0)) return m;
        double standardError = spread / Math.sqrt(n);
        double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - thresholds.alpha() / 2);
        ChiSquaredDistribution chi2 = new ChiSquaredDistribution(n - 1);
        double[] thresholdsOfMean = new double[QUANTILES];
        for (int i = 0; i < QUANTILES; i++) {
            double q = chi2.inverseCumulativeProbability((i + 0.5) / QUANTILES);
            thresholdsOfMean[i] = Math.max(m, t * standardError * Math.sqrt(q / (n - 1)));
        }
        NormalDistribution z = new NormalDistribution();
        double low = m;
        double high = m + (t + 10) * standardError * 4;
        for (int step = 0; step < 60; step++) {
            double d = (low + high) / 2;
            double power = 0;
            for (double threshold : thresholdsOfMean) power += z.cumulativeProbability((d - threshold) / standardError);
            if (power / QUANTILES < 1 - beta) low = d;
            else high = d;
        }
        return high;
    }

    /** Quantiles of the spread's distribution the paired power is averaged over. */
    static final int QUANTILES = 400;

    /**
     * What a stored-baseline comparison resolves whose (1 - alpha) interval of the ratio after / before runs from
     * {@code low} to {@code high}; null when the interval is not finite and positive.
     */
    public static Resolution interval(double low, double high, Thresholds thresholds, boolean higherIsBetter) {
        if (!(low > 0 && high >= low) || Double.isInfinite(high)) return null;
        double halfWidth = Math.log(high / low) / 2;
        NormalDistribution z = new NormalDistribution();
        double d = Math.max(halfWidth, minEffectLog(thresholds.minEffect(), higherIsBetter))
                + halfWidth * z.inverseCumulativeProbability(1 - DEFAULT_BETA)
                / z.inverseCumulativeProbability(1 - thresholds.alpha() / 2);
        return new Resolution(slowdownOf(d, higherIsBetter), halfWidth, 0, Basis.INTERVAL);
    }

    /** The log ratio that a slowdown of the minimum effect moves the score by, as a positive number. */
    static double minEffectLog(double minEffect, boolean higherIsBetter) {
        return higherIsBetter ? -Math.log(1 - minEffect) : Math.log1p(minEffect);
    }

    /** A positive log ratio as a slowdown: fewer ops/s for throughput, a longer time otherwise. */
    static double slowdownOf(double logEffect, boolean higherIsBetter) {
        return higherIsBetter ? -Math.expm1(-logEffect) : Math.expm1(logEffect);
    }

    /** True when it resolves no more than the minimum effect (within rounding of the printed figure). */
    public boolean atMinimumEffect(double minEffect) {
        return slowdown <= minEffect + 5e-4;
    }

    /**
     * For people: "no slowdown of 5 % or more", or where the spread made it coarser "no slowdown of 12 % or more
     * (this runner's spread 11 %)"; for a stored-baseline comparison "(its interval ±3 %, minimum effect 20 %)".
     */
    public String describe(double minEffect) {
        String claim = "no slowdown of " + percentUp(slowdown) + " or more";
        if (atMinimumEffect(minEffect) || Double.isNaN(spread)) return claim;
        if (basis == Basis.INTERVAL) {
            return claim + " (its interval ±" + percent(spread) + ", minimum effect " + percent(minEffect)
                    + ")";
        }
        return claim + " (this runner's spread " + percent(spread) + ")";
    }

    /** "5 %", "5.3 %", "12 %": one decimal below 10 %, none from there. */
    public static String percent(double fraction) {
        double p = fraction * 100;
        return digits(p >= 9.95 ? Math.rint(p) : Math.rint(p * 10) / 10);
    }

    /**
     * As {@link #percent}, rounded up (beyond a rounding error of the computation): a resolution is a bound, and "no
     * slowdown of 20 % or more" must not claim more than was resolved.
     */
    public static String percentUp(double fraction) {
        double p = fraction * 100 - 1e-9;
        double tenths = Math.ceil(p * 10) / 10;
        return digits(tenths >= 10 ? Math.ceil(p) : tenths);
    }

    private static String digits(double p) {
        String digits = String.format(Locale.ROOT, "%.1f", p);
        return (digits.endsWith(".0") ? digits.substring(0, digits.length() - 2) : digits) + " %";
    }
}
