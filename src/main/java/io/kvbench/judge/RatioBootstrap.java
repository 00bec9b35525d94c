package io.kvbench.judge;

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
 *
 * <p>Resampling k values with replacement reproduces their spread times (k-1)/k: with the two forks of a ci run that
 * halves the fork-to-fork variance, and fork-to-fork differences are the largest noise measured here (5-19 % between
 * the two forks of one run). So, as in Davison and Hinkley's adjusted bootstrap for small samples, fork means are
 * spread about the grand mean by sqrt(F/(F-1)) and residuals within a fork by sqrt(n/(n-1)) before resampling; the
 * resampled mean then has the unbiased variance of the mean.
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
        Adjusted b = Adjusted.of(before.forks());
        Adjusted a = Adjusted.of(after.forks());
        double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++) ratios[i] = a.resampledMean(random) / b.resampledMean(random);
        Arrays.sort(ratios);
        return new RatioBootstrap(ratios);
    }

    /** One side, ready to resample: fork means and within-fork residuals, both spread for small-sample bias. */
    private record Adjusted(double[] forkMeans, double[][] residuals) {

        static Adjusted of(List<double[]> forks) {
            int f = forks.size();
            double[] means = new double[f];
            double grand = 0;
            int n = 0;
            for (int i = 0; i < f; i++) {
                means[i] = Arrays.stream(forks.get(i)).average().orElse(Double.NaN);
                grand += Arrays.stream(forks.get(i)).sum();
                n += forks.get(i).length;
            }
            grand /= n;
            double forkSpread = f > 1 ? Math.sqrt(f / (f - 1.0)) : 1;
            double[][] residuals = new double[f][];
            for (int i = 0; i < f; i++) {
                double[] fork = forks.get(i);
                double spread = fork.length > 1 ? Math.sqrt(fork.length / (fork.length - 1.0)) : 1;
                residuals[i] = new double[fork.length];
                for (int j = 0; j < fork.length; j++) residuals[i][j] = (fork[j] - means[i]) * spread;
                means[i] = grand + (means[i] - grand) * forkSpread;
            }
            return new Adjusted(means, residuals);
        }

        /** Forks drawn with replacement, then each drawn fork's iterations with replacement; the mean of it all. */
        double resampledMean(RandomGenerator random) {
            int f = forkMeans.length;
            double sum = 0;
            int n = 0;
            for (int k = 0; k < f; k++) {
                int fork = f == 1 ? 0 : random.nextInt(f);
                double[] r = residuals[fork];
                for (int j = 0; j < r.length; j++) sum += forkMeans[fork] + r[random.nextInt(r.length)];
                n += r.length;
            }
            return sum / n;
        }
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
