package io.kvbench.judge;

import io.kvbench.input.BadInputException;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * Wald's sequential probability ratio test on the per-round log ratios of an interleaved A/B, log(B / A): after every
 * round it accepts "B is worse" (a regression), accepts "B is not worse by the minimum effect", or asks for another
 * round, so that a clear difference stops after a few rounds and a doubtful one gets the rounds it needs (Wald 1945).
 *
 * <p>A large slowdown stops in the fewest rounds: the evidence for "worse" is a mixture of likelihood ratios, one per
 * effect of {@link #EFFECTS} (the minimum effect and 2 to 32 times it on the log scale), weighted by
 * {@link #WEIGHTS}; a regression is accepted when the mixture reaches Wald's upper bound. Each ratio is a nonnegative
 * martingale of mean 1 under "unchanged" and so is their weighted mean, so by Ville's inequality the false-alarm rate
 * stays at alpha however many effects there are (with a known spread): the weights split alpha among them, half to
 * the minimum effect. "Not worse" is accepted only by the minimum effect's ratio, at Wald's lower bound, so a PASS
 * still means a slowdown of the minimum effect is missed at most at rate beta.
 *
 * <p>The log ratios of rounds are taken as normal with a spread estimated from the rounds so far; an estimate from few
 * rounds is too small as often as not, which would stop too early, so the spread used is an upper confidence bound of
 * it ({@link #SPREAD_CONFIDENCE}), no decision is taken before {@code minRounds}, and the spread is never taken below
 * {@code minSpread}. At {@code maxRounds} without a decision the test is undecided and the caller judges the rounds
 * with its fixed-sample test. Error rates with an estimated spread are measured, not assumed: {@link #simulate}.
 *
 * @param alpha     the false-alarm rate aimed at (accepting a regression when B is unchanged)
 * @param beta      the miss rate aimed at (accepting "not worse" when B is worse by exactly minEffect)
 * @param minEffect the slowdown that matters, as a fraction (0.05: 5 % fewer ops/s, or 5 % more s/op)
 * @param minRounds rounds before any decision (at least 3: a spread needs two)
 * @param maxRounds rounds after which the test stops undecided
 * @param minSpread the smallest per-round standard deviation of log ratios used
 */
public record SequentialTest(double alpha, double beta, double minEffect, int minRounds, int maxRounds,
                             double minSpread) {

    /**
     * A floor for the per-round spread of log ratios: a few rounds can estimate an implausibly small one (the spreads
     * interleave sessions showed: docs/results/2026-11-25-ab-detection.md).
     */
    public static final double DEFAULT_MIN_SPREAD = 0.01;
    /** The defaults of {@code interleave} and of the calibration's replay (docs/methodology/sequential-test.md). */
    public static final double DEFAULT_BETA = 0.05;
    public static final int DEFAULT_MIN_ROUNDS = 4;
    public static final int DEFAULT_MAX_ROUNDS = 30;

    /** The slowdowns the mixture weighs, as multiples of the minimum effect's mean log ratio. */
    static final double[] EFFECTS = {1, 2, 4, 8, 16, 32};
    /** Their weights (summing to 1): half to the minimum effect, the rest split evenly among the larger ones. */
    static final double[] WEIGHTS = {0.5, 0.1, 0.1, 0.1, 0.1, 0.1};

    /** The test with the defaults at this false-alarm rate and minimum effect. */
    public static SequentialTest withDefaults(double alpha, double minEffect) {
        return new SequentialTest(alpha, DEFAULT_BETA, minEffect, DEFAULT_MIN_ROUNDS, DEFAULT_MAX_ROUNDS,
                DEFAULT_MIN_SPREAD);
    }

    public enum Decision { CONTINUE, REGRESSION, NO_REGRESSION, UNDECIDED }

    /**
     * @param decision           what the rounds so far say
     * @param rounds             rounds used
     * @param logLikelihoodRatio the minimum effect's: log of P(rounds | worse by minEffect) / P(rounds | unchanged)
     * @param mixture            log of the weighted mean of every effect's likelihood ratio: decides a regression
     * @param spread             the standard deviation of log ratios used (the upper bound, at least minSpread)
     * @param measuredSpread     the rounds' sample standard deviation of log ratios (NaN below 2 rounds)
     * @param leadingEffect      the slowdown (a fraction) whose weighted ratio contributes most to the mixture
     */
    public record Step(Decision decision, int rounds, double logLikelihoodRatio, double mixture, double spread,
                       double measuredSpread, double leadingEffect) {

        /** "a slowdown accepted after 4 rounds (the 18.5 % effect leads; mixture LLR 7.10 >= 4.55, spread 4.8 %)". */
        public String describe(SequentialTest test) {
            String what = switch (decision) {
                case REGRESSION -> "a slowdown accepted";
                case NO_REGRESSION -> "no slowdown of " + pct(test.minEffect()) + " accepted";
                case CONTINUE -> "undecided so far";
                case UNDECIDED -> "undecided at the round limit";
            };
            String evidence = switch (decision) {
                case REGRESSION -> "the " + pct(leadingEffect) + " effect leads; mixture LLR " + fmt(mixture) + " >= "
                        + fmt(test.upper());
                case NO_REGRESSION -> "LLR " + fmt(logLikelihoodRatio) + " <= " + fmt(test.lower());
                default -> "LLR " + fmt(logLikelihoodRatio) + " above " + fmt(test.lower()) + ", mixture LLR "
                        + fmt(mixture) + " below " + fmt(test.upper());
            };
            return "sequential test: " + what + " after " + rounds + " rounds (" + evidence + ", spread "
                    + pct(spread) + ")";
        }
    }

    public SequentialTest {
        if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5)) {
            throw new BadInputException("alpha and beta must be in (0, 0.5), were " + alpha + " and " + beta);
        }
        if (!(minEffect > 0 && minEffect < 1)) {
            throw new BadInputException("minimum effect must be in (0, 1), was " + minEffect);
        }
        if (minRounds < 3) {
            throw new BadInputException("min rounds must be >= 3 (a spread needs rounds), was " + minRounds);
        }
        if (maxRounds < minRounds) {
            throw new BadInputException("max rounds (" + maxRounds + ") below min rounds (" + minRounds + ")");
        }
        if (!(minSpread > 0)) throw new BadInputException("minimum spread must be > 0, was " + minSpread);
    }

    /** Accept a regression at or above this log likelihood ratio (of the mixture). */
    public double upper() {
        return Math.log((1 - beta) / alpha);
    }

    /** Accept "not worse" at or below this log likelihood ratio (of the minimum effect). */
    public double lower() {
        return Math.log(beta / (1 - alpha));
    }

    /** The mean log ratio of a slowdown of the minimum effect, in the direction that is worse for the metric. */
    public double minEffectLog(boolean higherIsBetter) {
        return higherIsBetter ? Math.log(1 - minEffect) : Math.log(1 + minEffect);
    }

    /**
     * The decision after these rounds.
     *
     * @param ratios         B / A per round, in round order
     * @param higherIsBetter true for throughput (a regression lowers the ratio), false for time per pass
     */
    public Step decide(double[] ratios, boolean higherIsBetter) {
        double sum = 0;
        double sumOfSquares = 0;
        for (int i = 0; i < ratios.length; i++) {
            if (!(ratios[i] > 0) || Double.isInfinite(ratios[i])) {
                throw new BadInputException("round " + (i + 1) + " ratio " + ratios[i]);
            }
            double x = Math.log(ratios[i]);
            sum += x;
            sumOfSquares += x * x;
        }
        return decide(ratios.length, sum, sumOfSquares, higherIsBetter);
    }

    /** The decision from the count, sum and sum of squares of the log ratios (what {@link #simulate} keeps). */
    private Step decide(int n, double sum, double sumOfSquares, boolean higherIsBetter) {
        double measured = n < 2 ? Double.NaN : Math.sqrt(Math.max(0, (sumOfSquares - sum * sum / n) / (n - 1)));
        double spread = n < 2 ? minSpread : Math.max(minSpread, measured * spreadFactor(n));
        double variance = spread * spread;
        double mu1 = minEffectLog(higherIsBetter);
        double llr1 = Double.NaN;
        double mixture = Double.NEGATIVE_INFINITY;
        double leading = Double.NEGATIVE_INFINITY;
        double leadingEffect = minEffect;
        for (int k = 0; k < EFFECTS.length; k++) {
            double mu = EFFECTS[k] * mu1;
            double llr = mu * (sum - n * mu / 2) / variance;
            if (k == 0) llr1 = llr;
            double weighted = Math.log(WEIGHTS[k]) + llr;
            mixture = logSum(mixture, weighted);
            if (weighted > leading) {
                leading = weighted;
                leadingEffect = higherIsBetter ? 1 - Math.exp(mu) : Math.exp(mu) - 1;
            }
        }
        Decision decision;
        if (n < minRounds) decision = Decision.CONTINUE;
        else if (mixture >= upper()) decision = Decision.REGRESSION;
        else if (llr1 <= lower()) decision = Decision.NO_REGRESSION;
        else decision = n >= maxRounds ? Decision.UNDECIDED : Decision.CONTINUE;
        return new Step(decision, n, llr1, mixture, spread, measured, leadingEffect);
    }

    /** log(e^a + e^b) without overflow. */
    private static double logSum(double a, double b) {
        if (a == Double.NEGATIVE_INFINITY) return b;
        double high = Math.max(a, b);
        return high + Math.log1p(Math.exp(-Math.abs(a - b)));
    }

    /**
     * The spread used is the upper bound of this one-sided confidence interval of the rounds' standard deviation. With
     * the plain estimate (Wald's known spread replaced by the sample's) false alarms exceed alpha several times over in
     * simulation: the estimate of a few rounds is often small, and a small spread makes every round count more. A
     * higher confidence lowers them at the cost of rounds (simulated rates:
     * docs/results/2026-11-24-sequential-test.md).
     */
    static final double SPREAD_CONFIDENCE = 0.9;

    private static final double[] SPREAD_FACTORS = new double[257];

    static {
        for (int n = 2; n < SPREAD_FACTORS.length; n++) SPREAD_FACTORS[n] = computeSpreadFactor(n);
    }

    /** The sample standard deviation of n rounds times this is that upper bound (chi-squared, n - 1 degrees). */
    static double spreadFactor(int n) {
        return n < SPREAD_FACTORS.length ? SPREAD_FACTORS[n] : computeSpreadFactor(n);
    }

    private static double computeSpreadFactor(int n) {
        double q = new ChiSquaredDistribution(n - 1).inverseCumulativeProbability(1 - SPREAD_CONFIDENCE);
        return Math.sqrt((n - 1) / q);
    }

    /**
     * Outcomes of the test on simulated sessions whose per-round log ratios are normal with mean log(1 - slowdown) and
     * this spread: what the test does where the rounds are as noisy as measured. Counts, so that exact binomial bounds
     * can be put on the rates.
     *
     * @param regressions sessions that accepted a regression (false alarms when the slowdown is 0)
     * @param accepted    sessions that accepted "not worse" (misses when the slowdown is the minimum effect)
     * @param undecided   sessions that reached maxRounds undecided
     * @param rounds      rounds all sessions used together
     * @param atMinRounds sessions that accepted a regression in exactly minRounds rounds
     */
    public record Simulation(Scenario scenario, int sessions, int regressions, int accepted, int undecided,
                             long rounds, int atMinRounds) {

        public double regressionRate() {
            return (double) regressions / sessions;
        }

        public double undecidedRate() {
            return (double) undecided / sessions;
        }

        public double meanRounds() {
            return (double) rounds / sessions;
        }

        public double atMinRoundsRate() {
            return (double) atMinRounds / sessions;
        }
    }

    /**
     * A simulated slowdown (a fraction of throughput) at a per-round spread of log ratios.
     *
     * @param slowdown 0 for unchanged, 0.05 for 5 % fewer ops/s
     * @param spread   the standard deviation of the per-round log ratios
     */
    public record Scenario(double slowdown, double spread) {
    }

    public Simulation simulate(Scenario scenario, int sessions, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double mean = Math.log(1 - scenario.slowdown());
        double[] sums = new double[2];
        int[] outcomes = new int[Decision.values().length];
        int atMin = 0;
        long rounds = 0;
        for (int s = 0; s < sessions; s++) {
            Step step = simulatedSession(random, mean, scenario.spread(), sums);
            rounds += step.rounds();
            outcomes[step.decision().ordinal()]++;
            if (step.decision() == Decision.REGRESSION && step.rounds() == minRounds) atMin++;
        }
        return new Simulation(scenario, sessions, outcomes[Decision.REGRESSION.ordinal()],
                outcomes[Decision.NO_REGRESSION.ordinal()], outcomes[Decision.UNDECIDED.ordinal()], rounds, atMin);
    }

    /**
     * The share of simulated sessions (as {@link #simulate}) that end in a regression the way {@code interleave}
     * ends them: by the sequential test, or, still undecided at maxRounds, by the paired test of all the rounds (a
     * two-sided t-test of the log ratios at alpha, and slower by at least the minimum effect).
     */
    public double regressionShare(Scenario scenario, int sessions, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double mean = Math.log(1 - scenario.slowdown());
        double critical = PairedRounds.critical(maxRounds, alpha);
        double[] sums = new double[2];
        int regressions = 0;
        for (int s = 0; s < sessions; s++) {
            Step step = simulatedSession(random, mean, scenario.spread(), sums);
            if (step.decision() == Decision.REGRESSION) {
                regressions++;
            } else if (step.decision() == Decision.UNDECIDED
                    && pairedRegression(sums[0] / step.rounds(), step.measuredSpread(), step.rounds(), critical)) {
                regressions++;
            }
        }
        return (double) regressions / sessions;
    }

    /**
     * The paired test's verdict on rounds of a higher-is-better ratio B/A, by {@link PairedRounds} as
     * {@code ThresholdPolicy.assessPaired} reaches it: a regression when the log ratios differ from 0 at alpha and B
     * is slower by at least the minimum effect.
     *
     * @param logMean        the rounds' mean log ratio
     * @param measuredSpread their sample standard deviation
     * @param rounds         how many rounds, at least 2
     */
    public boolean pairedRegression(double logMean, double measuredSpread, int rounds) {
        return pairedRegression(logMean, measuredSpread, rounds, PairedRounds.critical(rounds, alpha));
    }

    private boolean pairedRegression(double logMean, double measuredSpread, int rounds, double critical) {
        return logMean <= minEffectLog(true) && PairedRounds.significant(logMean, measuredSpread, rounds, critical);
    }

    /** One simulated session of normal log ratios, to its decision; {@code sums} ends with their sum and squares. */
    private Step simulatedSession(SplittableRandom random, double mean, double spread, double[] sums) {
        sums[0] = 0;
        sums[1] = 0;
        for (int r = 1; ; r++) {
            double x = mean + spread * random.nextGaussian();
            sums[0] += x;
            sums[1] += x * x;
            Step step = decide(r, sums[0], sums[1], true);
            if (step.decision() != Decision.CONTINUE) return step;
        }
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v * 100);
    }
}
