package io.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.input.BadInputException;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one (engine, workload) benchmark, written as one flat object of results.json. Built by name:
 * {@link #measured}, {@link #notApplicable} or {@link #failed}.
 *
 * @param engine      engine id
 * @param workload    workload name
 * @param status      OK, NOT_APPLICABLE or ERROR
 * @param kind        why it holds no measurement (decided where it failed); null when OK. Files written before kinds
 *                    were recorded read as NOT_APPLICABLE or {@link FailureKind#UNRECORDED}
 * @param reason      why it is not OK, for people; empty when OK
 * @param measurement what was measured; {@link Measurement#NONE} unless OK
 * @param context     what ran and where
 */
public record BenchmarkResult(String engine, String workload, Status status,
                              @JsonInclude(JsonInclude.Include.NON_NULL) FailureKind kind, String reason,
                              @JsonUnwrapped Measurement measurement, ResultContext context) {

    public static final String THROUGHPUT = "throughput";
    public static final String TIME_PER_PASS = "time-per-pass";

    public BenchmarkResult {
        reason = reason == null ? "" : reason;
        measurement = measurement == null ? Measurement.NONE : measurement;
        kind = kind != null || status == null ? kind : switch (status) {
            case OK -> null;
            case NOT_APPLICABLE -> FailureKind.NOT_APPLICABLE;
            case ERROR -> FailureKind.UNRECORDED;
        };
        if (status != null && (status == Status.OK) != (kind == null)) {
            throw new BadInputException("status " + status + " with failure kind " + kind);
        }
        if (status != null && (status == Status.NOT_APPLICABLE) != (kind == FailureKind.NOT_APPLICABLE)) {
            throw new BadInputException("status " + status + " with failure kind " + kind);
        }
    }

    /** A measured result. */
    public static BenchmarkResult measured(String engine, String workload, Measurement measurement,
                                           ResultContext context) {
        return new BenchmarkResult(engine, workload, Status.OK, null, "", measurement, context);
    }

    /** A row for a combination that cannot run, with the reason; never a zero score. */
    public static BenchmarkResult notApplicable(String engine, String workload, String reason, ResultContext context) {
        return new BenchmarkResult(engine, workload, Status.NOT_APPLICABLE, FailureKind.NOT_APPLICABLE, reason,
                Measurement.NONE, context);
    }

    /** A row for a combination that failed, with what failed and the reason. */
    public static BenchmarkResult failed(String engine, String workload, FailureKind kind, String reason,
                                         ResultContext context) {
        if (kind == null || kind == FailureKind.NOT_APPLICABLE) {
            throw new BadInputException("a failure needs its kind (not " + kind + ")");
        }
        return new BenchmarkResult(engine, workload, Status.ERROR, kind, reason, Measurement.NONE, context);
    }

    /** The same result with another context (a container's view merged with the host's). */
    public BenchmarkResult withContext(ResultContext other) {
        return new BenchmarkResult(engine, workload, status, kind, reason, measurement, other);
    }

    /** The same result with another measurement (pooled samples of several runs). */
    public BenchmarkResult withMeasurement(Measurement other) {
        return new BenchmarkResult(engine, workload, status, kind, reason, other, context);
    }

    /** True when a larger score is better (throughput); false for times ({@link Direction}). */
    public boolean higherIsBetter() {
        return Direction.of(unit()).higherIsBetter();
    }

    public String metric() {
        return measurement.metric();
    }

    public double score() {
        return measurement.score();
    }

    /** Half-width of the 99.9 % confidence interval of the score; NaN when unknown. */
    public double error() {
        return measurement.error();
    }

    public String unit() {
        return measurement.unit();
    }

    public List<Double> samples() {
        return measurement.samples();
    }

    public Map<String, Metric> secondary() {
        return measurement.secondary();
    }

    /** A secondary metric, or null when it was not recorded. */
    public Metric secondary(String name) {
        return measurement.secondary().get(name);
    }

    /** "engine / workload", for messages. */
    public String key() {
        return engine + " / " + workload;
    }
}
