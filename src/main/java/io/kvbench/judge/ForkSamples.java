package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The iteration samples of one measurement, grouped by the JVM fork that produced them. Iterations of one fork share
 * its JIT decisions, memory layout and store, so they are not independent of each other: forks are the unit of
 * run-to-run noise.
 *
 * <p>results.json and baseline files keep the samples flat, in fork order, and the fork count in
 * {@code context.parameters.forks}; JMH runs the same number of measurement iterations in every fork (a failed fork
 * fails the whole benchmark), so the list splits evenly. A list that does not split evenly, or a result that does not
 * say its fork count, is one group: nothing is assumed about forks that were not recorded.
 */
public final class ForkSamples {

    /** The key in {@link ResultContext#parameters()} that holds the fork count. */
    public static final String FORKS_PARAMETER = "forks";

    private final List<double[]> forks;
    private final double[] all;

    private ForkSamples(List<double[]> forks) {
        this.forks = List.copyOf(forks);
        this.all = forks.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    /** Samples split into {@code forkCount} equal groups, or one group when they do not split evenly. */
    public static ForkSamples split(List<Double> samples, int forkCount) {
        double[] flat = samples.stream().mapToDouble(Double::doubleValue).toArray();
        if (flat.length == 0) return new ForkSamples(List.of());
        if (forkCount < 2 || flat.length % forkCount != 0) return new ForkSamples(List.of(flat));
        int perFork = flat.length / forkCount;
        List<double[]> groups = new ArrayList<>();
        for (int f = 0; f < forkCount; f++) groups.add(Arrays.copyOfRange(flat, f * perFork, (f + 1) * perFork));
        return new ForkSamples(groups);
    }

    public static ForkSamples of(BenchmarkResult result) {
        return split(result.samples(), forkCount(result.context()));
    }

    public static ForkSamples of(Baseline baseline) {
        return split(baseline.samples(), forkCount(baseline.context()));
    }

    /** The fork count a context records, or 1 when it records none (or something unreadable). */
    public static int forkCount(ResultContext context) {
        if (context == null || context.parameters() == null) return 1;
        String forks = context.parameters().get(FORKS_PARAMETER);
        if (forks == null) return 1;
        try {
            return Math.max(1, Integer.parseInt(forks.trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The groups, one per fork; callers must not modify the arrays. */
    public List<double[]> forks() {
        return forks;
    }

    public int forkCount() {
        return forks.size();
    }

    /** Every sample, in fork order (a copy). */
    public double[] all() {
        return all.clone();
    }

    public int count() {
        return all.length;
    }

    /** Each fork's mean, in fork order: one value per run-to-run draw. */
    public double[] means() {
        return forks.stream().mapToDouble(f -> Arrays.stream(f).average().orElse(Double.NaN)).toArray();
    }

    public double mean() {
        return Arrays.stream(all).average().orElse(Double.NaN);
    }
}
