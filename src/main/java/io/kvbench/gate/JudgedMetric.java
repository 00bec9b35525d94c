package io.kvbench.gate;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Status;
import java.util.List;

/**
 * What an A/B session judges B against A on: the time of each benchmark (its score: time per operation or
 * throughput) or one of the costs recorded beside it. A cost is judged by the same paired rule and sequential test as
 * time, on its value per round: B's value over A's per round. The costs that can be judged are those that are a
 * positive amount per operation or per store (allocation, CPU, device bytes, write amplification, disk, memory);
 * counts that are often zero (garbage collections) are not, since a ratio to zero says nothing.
 *
 * @param name the secondary metric's name ({@link MetricNames}); null for time
 */
public record JudgedMetric(String name) {

    /** The score: time per operation, or throughput. */
    public static final JudgedMetric TIME = new JudgedMetric(null);

    /** How time is named on the command line. */
    public static final String TIME_NAME = "time";

    /** The costs that can be judged, by their names in results.json. */
    public static final List<String> COSTS = List.of(MetricNames.ALLOC_BYTES_PER_OP, MetricNames.THREAD_CPU_NS_PER_OP,
            MetricNames.IO_WRITE_BYTES, MetricNames.WRITE_AMPLIFICATION, MetricNames.DISK_BYTES,
            MetricNames.RSS_PEAK_BYTES, MetricNames.NATIVE_BYTES);

    public JudgedMetric {
        if (name != null && !COSTS.contains(name)) {
            throw new IllegalArgumentException("no cost named '" + name + "' can be judged: give " + TIME_NAME
                    + " or one of " + String.join(", ", COSTS));
        }
    }

    /** {@code time} or a cost's name. */
    public static JudgedMetric of(String value) {
        return value == null || value.equals(TIME_NAME) ? TIME : new JudgedMetric(value);
    }

    /** The name on the command line and in reports. */
    public String label() {
        return name == null ? TIME_NAME : name;
    }

    /** The results as this metric judges them: for a cost, each result's score is that cost. */
    List<BenchmarkResult> view(List<BenchmarkResult> results) {
        return name == null ? results : results.stream().map(this::view).toList();
    }

    /**
     * One result with the cost as its score (its one sample), its unit the cost's (so that lower is better). A result
     * that does not record the cost, or records it as zero, is a failure of kind UNRECORDED: kvbench's, not the
     * engine's.
     */
    private BenchmarkResult view(BenchmarkResult result) {
        if (result.status() != Status.OK) return result;
        Metric cost = result.measurement().secondary().get(name);
        if (cost == null || !(cost.score() > 0) || Double.isInfinite(cost.score())) {
            return BenchmarkResult.failed(result.engine(), result.workload(), FailureKind.UNRECORDED,
                    (cost == null ? "no " + name + " recorded" : name + " is " + cost.score())
                            + ": it cannot be judged as a ratio of B to A", result.context());
        }
        Measurement m = result.measurement();
        return result.withMeasurement(new Measurement(name, cost.score(), cost.error(), cost.unit(),
                List.of(cost.score()), m.secondary()));
    }
}
