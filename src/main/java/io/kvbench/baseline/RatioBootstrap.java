package io.kvbench.baseline;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * The bootstrap distribution of mean(after) / mean(before), resampled hierarchically: first forks with replacement,
 * then iterations with replacement within each chosen fork. When forks settle at different speeds (a bimodal JIT
 * outcome, a compaction in one fork), fork-level resampling lets the distribution span both modes, so the interval
 * widens instead of calling the fork-to-fork difference a change; when forks agree it reduces to the ordinary
 * iteration bootstrap. Seeded from the data, so the same comparison always gives the same answer.
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
        if (before.count() == 0 || after.count() == 0) throw new IllegalArgumentException("both sides need samples");
        RandomGenerator random = new Well19937c(31L * Arrays.hashCode(before.all()) + Arrays.hashCode(after.all()));
        double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            ratios[i] = resampledMean(after.forks(), random) / resampledMean(before.forks(), random);
        }
        Arrays.sort(ratios);
        return new RatioBootstrap(ratios);
    }

    private static double resampledMean(List<double[]> forks, RandomGenerator random) {
        double sum = 0;
        int n = 0;
        for (int f = 0; f < forks.size(); f++) {
            double[] fork = forks.size() == 1 ? forks.get(0) : forks.get(random.nextInt(forks.size()));
            for (int i = 0; i < fork.length; i++) sum += fork[random.nextInt(fork.length)];
            n += fork.length;
        }
        return sum / n;
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
