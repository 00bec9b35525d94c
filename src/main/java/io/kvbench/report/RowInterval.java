package io.kvbench.report;

import io.kvbench.judge.ForkSamples;
import io.kvbench.judge.ResampledMean;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;
import java.util.Arrays;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * The 95 % interval a reproduction row carries: the wider of Student's t over every measured iteration (what a run's
 * tables print) and a bootstrap of the mean that draws forks before iterations ({@link ResampledMean}, as tau's
 * interval and the perf gate do). Iterations of one JVM fork are not independent: when forks settle at different
 * speeds, t over all iterations is narrow while the forks disagree, and a second run of the same command lands outside
 * it. The bootstrap widens such a row to what its forks allow; where the forks agree, the two are about the same.
 */
final class RowInterval {

    static final int RESAMPLES = 4_000;
    /** Fixed, so that a report rendered twice from the same results marks the same rows. */
    static final long SEED = 35;

    private RowInterval() {
    }

    /** The row's 95 % half-width in the result's unit; NaN for a row measured with fewer than two samples. */
    static double halfWidth(BenchmarkResult measured) {
        double iterations = Intervals.of(measured);
        ForkSamples samples = ForkSamples.of(measured);
        if (!Double.isFinite(iterations) || samples.forkCount() < 2) return iterations;
        return Math.max(iterations, forkBootstrap(samples, measured.score()));
    }

    private static double forkBootstrap(ForkSamples samples, double mean) {
        ResampledMean resampler = ResampledMean.of(samples);
        RandomGenerator random = new Well19937c(SEED);
        double[] means = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) means[i] = resampler.next(random);
        Arrays.sort(means);
        double tail = (1 - Intervals.CONFIDENCE) / 2;
        double low = means[(int) Math.round(tail * (RESAMPLES - 1))];
        double high = means[(int) Math.round((1 - tail) * (RESAMPLES - 1))];
        return Math.max(mean - low, high - mean);
    }
}
