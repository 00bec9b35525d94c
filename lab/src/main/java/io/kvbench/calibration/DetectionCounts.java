package io.kvbench.calibration;

import java.util.Locale;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * How many comparisons were flagged: as a single comparison (the first run alone) and after confirmation reruns (what
 * the gate reports). Rates come with a 95 % Clopper-Pearson interval, which assumes independent comparisons; the
 * comparisons of a calibration share runs, so read the interval as optimistic.
 */
public record DetectionCounts(int comparisons, int single, int confirmed) {

    public static final DetectionCounts NONE = new DetectionCounts(0, 0, 0);

    public DetectionCounts plus(DetectionCounts other) {
        return new DetectionCounts(comparisons + other.comparisons, single + other.single, confirmed + other.confirmed);
    }

    public double confirmedRate() {
        return comparisons == 0 ? Double.NaN : (double) confirmed / comparisons;
    }

    /** Upper end of the 95 % interval of the confirmed rate. */
    public double confirmedUpper() {
        return interval(confirmed)[1];
    }

    /** Lower end of the 95 % interval of the confirmed rate. */
    public double confirmedLower() {
        return interval(confirmed)[0];
    }

    /** Clopper-Pearson from beta quantiles (exact also at 0 and n successes, where F-distribution forms break). */
    private double[] interval(int successes) {
        if (comparisons == 0) return new double[] {Double.NaN, Double.NaN};
        int n = comparisons;
        double lower = successes == 0 ? 0 : new BetaDistribution(successes, n - successes + 1)
                .inverseCumulativeProbability(0.025);
        double upper = successes == n ? 1 : new BetaDistribution(successes + 1, n - successes)
                .inverseCumulativeProbability(0.975);
        return new double[] {lower, upper};
    }

    /** "3/42 (7.1 %)" for the confirmed count, or "-" without comparisons. */
    public String confirmedText() {
        return text(confirmed);
    }

    /** "6/6 (95 % CI 54-100 %)": the confirmed count with its exact interval. */
    public String withInterval() {
        if (comparisons == 0) return "-";
        return confirmed + "/" + comparisons + " (95 % CI " + Math.round(confirmedLower() * 100) + "-"
                + Math.round(confirmedUpper() * 100) + " %)";
    }

    public String singleText() {
        return text(single);
    }

    private String text(int count) {
        if (comparisons == 0) return "-";
        return String.format(Locale.ROOT, "%d/%d (%.1f %%)", count, comparisons, 100.0 * count / comparisons);
    }
}
