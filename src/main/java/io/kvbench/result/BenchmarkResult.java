package io.kvbench.result;

import java.util.List;
import java.util.Map;

/**
 * The outcome of one (engine, workload) benchmark.
 *
 * @param engine     engine id
 * @param workload   workload name
 * @param status     OK, NOT_APPLICABLE (with the reason) or ERROR (with the reason)
 * @param reason     why it is not OK; empty when OK
 * @param metric     "throughput" (higher is better) or "time-per-pass" (lower is better)
 * @param score      the primary score (mean over samples); NaN unless OK
 * @param error      half-width of the 99.9 % confidence interval of the score; NaN when unknown
 * @param unit       "ops/s" or "s/op"
 * @param samples    every measurement-iteration score, across forks (the raw data comparisons use)
 * @param secondary  secondary metrics by name (latency percentiles, disk bytes, CPU, RSS, bytes written ...)
 * @param context    what ran and where
 */
public record BenchmarkResult(String engine, String workload, Status status, String reason, String metric,
                              double score, double error, String unit, List<Double> samples,
                              Map<String, Metric> secondary, ResultContext context) {

    public static final String THROUGHPUT = "throughput";
    public static final String TIME_PER_PASS = "time-per-pass";

    public BenchmarkResult {
        samples = samples == null ? List.of() : List.copyOf(samples);
        secondary = secondary == null ? Map.of() : Map.copyOf(secondary);
        reason = reason == null ? "" : reason;
    }

    /** True when a larger score is better (throughput); false for times. */
    public boolean higherIsBetter() {
        return THROUGHPUT.equals(metric);
    }

    /** A row for a combination that cannot run, with the reason; never a zero score. */
    public static BenchmarkResult notApplicable(String engine, String workload, String reason, ResultContext context) {
        return new BenchmarkResult(engine, workload, Status.NOT_APPLICABLE, reason, null, Double.NaN, Double.NaN, null,
                List.of(), Map.of(), context);
    }

    /** A row for a combination that failed, with the reason. */
    public static BenchmarkResult error(String engine, String workload, String reason, ResultContext context) {
        return new BenchmarkResult(engine, workload, Status.ERROR, reason, null, Double.NaN, Double.NaN, null,
                List.of(), Map.of(), context);
    }

    /** A secondary metric, or null when it was not recorded. */
    public Metric secondary(String name) {
        return secondary.get(name);
    }

    /** "engine / workload", for messages. */
    public String key() {
        return engine + " / " + workload;
    }
}
