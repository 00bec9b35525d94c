package io.kvbench.result;

import java.util.List;
import java.util.Map;

/**
 * What one benchmark measured: its primary score with the samples it is the mean of, and its secondary metrics.
 *
 * @param metric    {@link BenchmarkResult#THROUGHPUT} (higher is better) or {@link BenchmarkResult#TIME_PER_PASS}
 * @param score     the primary score (mean over samples); NaN when nothing was measured
 * @param error     half-width of the 99.9 % confidence interval of the score; NaN when unknown
 * @param unit      "ops/s" or "s/op"
 * @param samples   every measurement-iteration score, across forks (the raw data comparisons use)
 * @param secondary secondary metrics by name (latency percentiles, disk bytes, CPU, RSS, bytes written ...)
 */
public record Measurement(String metric, double score, double error, String unit, List<Double> samples,
                          Map<String, Metric> secondary) {

    /** Nothing measured: a result that is not applicable or failed. */
    public static final Measurement NONE = new Measurement(null, Double.NaN, Double.NaN, null, List.of(), Map.of());

    public Measurement {
        samples = samples == null ? List.of() : List.copyOf(samples);
        secondary = secondary == null ? Map.of() : Map.copyOf(secondary);
    }

    /** The same measurement with other samples and the score and error they give (pooled runs). */
    public Measurement withScores(double score, double error, List<Double> samples) {
        return new Measurement(metric, score, error, unit, samples, secondary);
    }
}
