package io.kvbench.gate;

import io.kvbench.baseline.Formats;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Status;
import java.util.List;
import java.util.Map;

/**
 * What an A/B session judges B against A on: the time of each benchmark (its score: time per operation or
 * throughput) or one of the costs recorded beside it. A cost is judged by the same paired rule and sequential test as
 * time, on its value per round: B's value over A's per round. The costs that can be judged are those that are a
 * positive amount per operation or per store (allocation, CPU, device bytes, write amplification, disk, memory);
 * counts that are often zero (garbage collections) are not, since a ratio to zero says nothing.
 *
 * <p>A cost near zero would make the ratio noise: an engine that allocates nothing per put shows 0.2 B/op of
 * kvbench's own, and now and then a few bytes more (a compilation in the timed region), which are 20 times as much.
 * So a cost is judged with a floor added to both sides: 256 B/op of allocation, 64 KiB of device bytes and of disk
 * (the gate's disk slack), 1 MiB of memory, 0.01 syncs per operation (an engine that syncs only when it closes
 * shows close to none, one that syncs per put shows 1). A change smaller than the floor times the minimum effect is
 * not a change; at the default minimum effect of 5 %, one 16-byte object more per operation still is.
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
            MetricNames.RSS_PEAK_BYTES, MetricNames.NATIVE_BYTES, MetricNames.SYNCS_PER_OP);

    private static final Map<String, Double> FLOORS = Map.of(MetricNames.ALLOC_BYTES_PER_OP, 256.0,
            MetricNames.IO_WRITE_BYTES, 65536.0, MetricNames.DISK_BYTES, 65536.0,
            MetricNames.RSS_PEAK_BYTES, 1048576.0, MetricNames.NATIVE_BYTES, 1048576.0, MetricNames.SYNCS_PER_OP, 0.01);

    public JudgedMetric {
        if (name != null && !COSTS.contains(name)) {
            throw new BadInputException("no cost named '" + name + "' can be judged: give " + TIME_NAME
                    + " or one of " + String.join(", ", COSTS));
        }
    }

    /** {@code time} or a cost's name. */
    public static JudgedMetric of(String value) {
        return value == null || value.equals(TIME_NAME) ? TIME : new JudgedMetric(value);
    }

    /** The name on the command line. */
    public String label() {
        return name == null ? TIME_NAME : name;
    }

    /** What is judged, for reports: "alloc.bytes.op + 256" where a floor is added to both sides. */
    public String judged() {
        return floor() == 0 ? label() : label() + " + " + Formats.number(floor());
    }

    /** The amount added to both sides' cost before their ratio is taken; 0 for time and costs far from zero. */
    public double floor() {
        return name == null ? 0 : FLOORS.getOrDefault(name, 0.0);
    }

    /** The results as this metric judges them: for a cost, each result's score is that cost plus its floor. */
    List<BenchmarkResult> view(List<BenchmarkResult> results) {
        return name == null ? results : results.stream().map(this::view).toList();
    }

    /**
     * One result with the cost plus its floor as its score (its one sample), its unit the cost's (so that lower is
     * better). A result
     * that does not record the cost, or records it as zero, is a failure of kind UNRECORDED: kvbench's, not the
     * engine's.
     */
    private BenchmarkResult view(BenchmarkResult result) {
        if (result.status() != Status.OK) return result;
        Metric cost = result.measurement().secondary().get(name);
        if (cost == null || !(cost.score() + floor() > 0) || Double.isInfinite(cost.score())) {
            return BenchmarkResult.failed(result.engine(), result.workload(), FailureKind.UNRECORDED,
                    (cost == null ? "no " + name + " recorded" : name + " is " + cost.score())
                            + ": it cannot be judged as a ratio of B to A", result.context());
        }
        Measurement m = result.measurement();
        double judged = cost.score() + floor();
        return result.withMeasurement(new Measurement(name, judged, cost.error(), cost.unit(), List.of(judged),
                m.secondary()));
    }
}
