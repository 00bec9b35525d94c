package io.kvbench.judge;

import io.kvbench.input.BadInputException;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * One measurement's mean, resampled hierarchically: forks with replacement, then iterations with replacement within
 * each chosen fork. When forks settle at different speeds (a bimodal JIT outcome, a compaction in one fork),
 * fork-level resampling lets the resampled means span both modes; when forks agree it reduces to the ordinary
 * iteration bootstrap.
 *
 * <p>Resampling k values with replacement reproduces their spread times (k-1)/k: with two forks that halves the
 * fork-to-fork variance, the largest noise measured on these machines. So, as in Davison and Hinkley's adjusted
 * bootstrap for small samples, fork means are spread about the grand mean by sqrt(F/(F-1)) and residuals within a fork
 * by sqrt(n/(n-1)) before resampling; the resampled mean then has the unbiased variance of the mean.
 */
public final class ResampledMean {

    private final double[] forkMeans;
    private final double[][] residuals;

    private ResampledMean(double[] forkMeans, double[][] residuals) {
        this.forkMeans = forkMeans;
        this.residuals = residuals;
    }

    /** Ready to resample: fork means and within-fork residuals, both spread for small-sample bias. */
    public static ResampledMean of(ForkSamples samples) {
        if (samples.count() == 0) throw new BadInputException("a resampled mean needs samples");
        List<double[]> forks = samples.forks();
        int f = forks.size();
        double[] means = new double[f];
        double grand = samples.mean();
        double forkSpread = f > 1 ? Math.sqrt(f / (f - 1.0)) : 1;
        double[][] residuals = new double[f][];
        for (int i = 0; i < f; i++) {
            double[] fork = forks.get(i);
            means[i] = Arrays.stream(fork).average().orElse(Double.NaN);
            double spread = fork.length > 1 ? Math.sqrt(fork.length / (fork.length - 1.0)) : 1;
            residuals[i] = new double[fork.length];
            for (int j = 0; j < fork.length; j++) residuals[i][j] = (fork[j] - means[i]) * spread;
            means[i] = grand + (means[i] - grand) * forkSpread;
        }
        return new ResampledMean(means, residuals);
    }

    /** Forks drawn with replacement, then each drawn fork's iterations with replacement; the mean of it all. */
    public double next(RandomGenerator random) {
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
