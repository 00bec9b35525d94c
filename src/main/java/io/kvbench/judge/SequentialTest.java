package io.kvbench.judge;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Wald's sequential probability ratio test on the per-round log ratios of an interleaved A/B, log(B / A): after every
 * round it accepts "B is worse by the minimum effect" (H1), accepts "B is not worse" (H0, mean log ratio 0), or asks
 * for another round, so that a clear difference stops after a few rounds and a doubtful one gets the rounds it needs
 * (Wald 1945). The log ratios of rounds are taken as normal with a spread estimated from the rounds so far (the
 * calibration measured it, it is not known in advance); an estimate from few rounds is too small as often as not,
 * which would stop too early, so the spread used is an upper confidence bound of it ({@link #SPREAD_CONFIDENCE}), no
 * decision is taken before {@code minRounds}, and the spread is never taken below {@code minSpread}. At {@code maxRounds} without a decision the test is undecided and the caller judges the rounds
 * with its fixed-sample test. Error rates with estimated spread are measured, not assumed: {@link #simulate}.
 *
 * @param alpha     the false-alarm rate aimed at (accepting H1 when B is unchanged)
 * @param beta      the miss rate aimed at (accepting H0 when B is worse by exactly minEffect)
 * @param minEffect the slowdown that matters, as a fraction (0.05: 5 % fewer ops/s, or 5 % more s/op)
 * @param minRounds rounds before any decision (at least 3: a spread needs two)
 * @param maxRounds rounds after which the test stops undecided
 * @param minSpread the smallest per-round standard deviation of log ratios used
 */
public record SequentialTest(double alpha, double beta, double minEffect, int minRounds, int maxRounds, double minSpread) {

    /**
     * A floor for the per-round spread of log ratios: a few rounds can estimate an implausibly small one (the spreads
     * interleave sessions showed: docs/results/2026-11-25-ab-detection.md).
     */
    public static final double DEFAULT_MIN_SPREAD = 0.01;
    /** The defaults of {@code interleave} and of the calibration's replay (docs/methodology/sequential-test.md). */
    public static final double DEFAULT_BETA = 0.05;
    public static final int DEFAULT_MIN_ROUNDS = 4;
    public static final int DEFAULT_MAX_ROUNDS = 30;

    /** The test with the defaults at this false-alarm rate and minimum effect. */
    public static SequentialTest withDefaults(double alpha, double minEffect) {
        return new SequentialTest(alpha, DEFAULT_BETA, minEffect, DEFAULT_MIN_ROUNDS, DEFAULT_MAX_ROUNDS, DEFAULT_MIN_SPREAD);
    }

    public enum Decision { CONTINUE, REGRESSION, NO_REGRESSION, UNDECIDED }

    /**
     * @param decision  what the rounds so far say
     * @param rounds    rounds used
     * @param logLikelihoodRatio log of P(rounds | H1) / P(rounds | H0)
     * @param spread    the standard deviation of log ratios used
     */
    public record Step(Decision decision, int rounds, double logLikelihoodRatio, double spread) {

        /** "regression accepted after 7 rounds (LLR 4.71 >= 4.54, spread 4.8 %)". */
        public String describe(SequentialTest test) {
            String bounds = switch (decision) {
                case REGRESSION -> " >= " + fmt(test.upper());
                case NO_REGRESSION -> " <= " + fmt(test.lower());
                default -> " between " + fmt(test.lower()) + " and " + fmt(test.upper());
            };
            String what = switch (decision) {
                case REGRESSION -> "a slowdown of " + pct(test.minEffect()) + " accepted";
                case NO_REGRESSION -> "no slowdown of " + pct(test.minEffect()) + " accepted";
                case CONTINUE -> "undecided so far";
                case UNDECIDED -> "undecided at the round limit";
            };
            return "sequential test: " + what + " after " + rounds + " rounds (LLR " + fmt(logLikelihoodRatio) + bounds
                    + ", spread " + pct(spread) + ")";
        }
    }

    public SequentialTest {
        if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5)) {
            throw new IllegalArgumentException("alpha and beta must be in (0, 0.5), were " + alpha + " and " + beta);
        }
        if (!(minEffect > 0 && minEffect < 1)) throw new IllegalArgumentException("minimum effect must be in (0, 1), was " + minEffect);
        if (minRounds < 3) throw new IllegalArgumentException("min rounds must be >= 3 (a spread needs rounds), was " + minRounds);
        if (maxRounds < minRounds) throw new IllegalArgumentException("max rounds (" + maxRounds + ") below min rounds (" + minRounds + ")");
        if (!(minSpread > 0)) throw new IllegalArgumentException("minimum spread must be > 0, was " + minSpread);
    }

    /** Accept H1 at or above this log likelihood ratio. */
    public double upper() {
        return Math.log((1 - beta) / alpha);
    }

    /** Accept H0 at or below this log likelihood ratio. */
    public double lower() {
        return Math.log(beta / (1 - alpha));
    }

    /**
     * The decision after these rounds.
     *
     * @param ratios        B / A per round, in round order
     * @param higherIsBetter true for throughput (a regression lowers the ratio), false for time per pass
     */
    public Step decide(double[] ratios, boolean higherIsBetter) {
        int n = ratios.length;
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(ratios[i] > 0) || Double.isInfinite(ratios[i])) throw new IllegalArgumentException("round " + (i + 1) + " ratio " + ratios[i]);
            logs[i] = Math.log(ratios[i]);
        }
        // H1: the mean log ratio of a slowdown of minEffect, in the direction that is worse for this metric.
        double mu1 = higherIsBetter ? Math.log(1 - minEffect) : Math.log(1 + minEffect);
        double spread = n < 2 ? minSpread : Math.max(minSpread, Math.sqrt(StatUtils.variance(logs)) * spreadFactor(n));
        double sum = 0;
        for (double x : logs) sum += x - mu1 / 2;
        double llr = mu1 * sum / (spread * spread);
        Decision decision;
        if (n < minRounds) decision = Decision.CONTINUE;
        else if (llr >= upper()) decision = Decision.REGRESSION;
        else if (llr <= lower()) decision = Decision.NO_REGRESSION;
        else decision = n >= maxRounds ? Decision.UNDECIDED : Decision.CONTINUE;
        return new Step(decision, n, llr, spread);
    }

    /**
     * The spread used is the upper bound of this one-sided confidence interval of the rounds' standard deviation. With
     * the plain estimate (Wald's known spread replaced by the sample's) false alarms exceed alpha several times over in
     * simulation: the estimate of a few rounds is often small, and a small spread makes every round count more. A
     * higher confidence lowers them at the cost of rounds (simulated rates:
     * docs/results/2026-11-24-sequential-test.md).
     */
    static final double SPREAD_CONFIDENCE = 0.9;

    /** The sample standard deviation of n rounds times this is that upper bound (chi-squared, n - 1 degrees of freedom). */
    static double spreadFactor(int n) {
        double q = new ChiSquaredDistribution(n - 1).inverseCumulativeProbability(1 - SPREAD_CONFIDENCE);
        return Math.sqrt((n - 1) / q);
    }

    /**
     * Outcome rates of the test on simulated sessions whose per-round log ratios are normal with mean log(1 - slowdown)
     * (or log(1 + slowdown) for time) and this spread: what the test does where the rounds are as noisy as measured.
     *
     * @param regressions share of sessions that accepted a regression (false alarms when slowdown is 0)
     * @param undecided   share that reached maxRounds undecided
     * @param meanRounds  rounds a session used on average
     */
    public record Simulation(double slowdown, double spread, int sessions, double regressions, double undecided, double meanRounds) {
    }

    public Simulation simulate(double slowdown, double spread, int sessions, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double mean = Math.log(1 - slowdown);
        int regressions = 0;
        int undecided = 0;
        long rounds = 0;
        double[] ratios = new double[maxRounds];
        for (int s = 0; s < sessions; s++) {
            for (int r = 1; r <= maxRounds; r++) {
                ratios[r - 1] = Math.exp(mean + spread * random.nextGaussian());
                Step step = decide(Arrays.copyOf(ratios, r), true);
                if (step.decision() == Decision.CONTINUE) continue;
                rounds += r;
                if (step.decision() == Decision.REGRESSION) regressions++;
                if (step.decision() == Decision.UNDECIDED) undecided++;
                break;
            }
        }
        return new Simulation(slowdown, spread, sessions, (double) regressions / sessions, (double) undecided / sessions,
                (double) rounds / sessions);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v * 100);
    }
}
