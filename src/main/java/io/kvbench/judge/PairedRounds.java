package io.kvbench.judge;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The A/B's paired-rounds rule, in one place: B and A measured in the same rounds, their per-round log ratios
 * log(B/A) tested against 0 by a two-sided one-sample t-test at alpha (t with rounds - 1 degrees of freedom: honest
 * about a handful of rounds). {@link ThresholdPolicy#assessPaired} gives a session's verdict by it, and
 * {@link SequentialTest}'s simulated sessions count the fixed-round test's false alarms and power by it.
 */
final class PairedRounds {

    private PairedRounds() {
    }

    /** The critical |t| for this many rounds (at least 2) at alpha. */
    static double critical(int rounds, double alpha) {
        return new TDistribution(rounds - 1).inverseCumulativeProbability(1 - alpha / 2);
    }

    /**
     * Whether the rounds' mean log ratio differs from 0 at the test's level; with no spread at all, whenever it is not
     * 0.
     *
     * @param logMean  the mean of the log ratios
     * @param spread   their sample standard deviation
     * @param rounds   how many rounds
     * @param critical {@link #critical} for these rounds
     */
    static boolean significant(double logMean, double spread, int rounds, double critical) {
        if (spread == 0) return logMean != 0;
        return Math.abs(logMean) > critical * spread / Math.sqrt(rounds);
    }
}
