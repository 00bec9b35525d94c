package io.kvbench.judge;

import io.kvbench.input.BadInputException;
import java.util.Arrays;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * The bootstrap distribution of mean(after) / mean(before), each side's mean resampled hierarchically
 * ({@link ResampledMean}: forks, then iterations within each chosen fork), so that a fork-to-fork difference widens the
 * interval instead of being called a change. Seeded from the data, so the same comparison always gives the same answer.
 * Fork-to-fork differences are the largest noise measured here (5-19 % between the two forks of one ci run), which is
 * why the small-sample spreading of {@link ResampledMean} matters.
 */
final class RatioBootstrap {

    static final int RESAMPLES = 10_000;

    private final double[] sortedRatios;

    private RatioBootstrap(double[] sortedRatios) {
        this.sortedRatios = sortedRatios;
    }

    static RatioBootstrap of(ForkSamples before, ForkSamples after) {
        return of(before, after, RESAMPLES);
    }

    static RatioBootstrap of(ForkSamples before, ForkSamples after, int resamples) {
        if (before.count() == 0 || after.count() == 0) throw new BadInputException("both sides need samples");
        RandomGenerator random = new Well19937c(31L * Arrays.hashCode(before.all()) + Arrays.hashCode(after.all()));
        ResampledMean b = ResampledMean.of(before);
        ResampledMean a = ResampledMean.of(after);
        double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++) ratios[i] = a.next(random) / b.next(random);
        Arrays.sort(ratios);
        return new RatioBootstrap(ratios);
    }

    /** The q-quantile of the ratio (0 &lt;= q &lt;= 1), nearest rank. */
    double quantile(double q) {
        int index = (int) Math.round(q * (sortedRatios.length - 1));
        return sortedRatios[Math.max(0, Math.min(sortedRatios.length - 1, index))];
    }

    /**
     * Two-sided bootstrap p-value of "ratio = 1": twice the smaller share of resamples on either side of 1, with the
     * usual +1 so that it is never exactly 0 from a finite number of resamples.
     */
    double pValue() {
        int below = 0;
        int above = 0;
        for (double r : sortedRatios) {
            if (r <= 1) below++;
            if (r >= 1) above++;
        }
        return Math.min(1.0, 2.0 * (Math.min(below, above) + 1) / (sortedRatios.length + 1));
    }
}
