package io.kvbench.report;

import io.kvbench.result.Intervals;
import io.kvbench.baseline.KnownIssues;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Status;
import io.kvbench.result.Units;
import java.util.List;
import java.util.Optional;

/**
 * The text of a result's cells, shared by the console, Markdown and HTML reports so that all three say the same.
 * A result that was not measured never shows a number: its score cell says "n/a (reason)" or "ERROR (reason)", or,
 * for a failure that matches an engine bug recorded in known-issues.json, "KNOWN_ISSUE (reference: summary)", the
 * verdict and words compare and gate give the same failure.
 */
public final class ResultCells {

    /** A secondary metric column: its heading and the metric name it shows. */
    public record Column(String heading, String metric) {
    }

    /** The secondary metrics of the detail tables, in reading order. */
    public static final List<Column> SECONDARY = List.of(
            new Column("p50", MetricNames.LATENCY_P50),
            new Column("p99", MetricNames.LATENCY_P99),
            new Column("p99.9", MetricNames.LATENCY_P999),
            new Column("disk", MetricNames.DISK_BYTES),
            new Column("CPU", MetricNames.CPU_PERCENT),
            new Column("alloc/op", MetricNames.ALLOC_BYTES_PER_OP),
            new Column("RSS peak", MetricNames.RSS_PEAK_BYTES),
            new Column("native", MetricNames.NATIVE_BYTES),
            new Column("written", MetricNames.IO_WRITE_BYTES),
            new Column("write amp.", MetricNames.WRITE_AMPLIFICATION),
            new Column("syncs/op", MetricNames.SYNCS_PER_OP));

    /** The heading of the relative-speed column, the same in every table that compares engines. */
    public static final String VS_FASTEST = "vs fastest";

    /** What {@link #VS_FASTEST} means, said under every such table. */
    public static final String VS_FASTEST_LEGEND = VS_FASTEST + ": how many times slower than the fastest engine of "
            + "the workload (time per operation or per pass, divided by the fastest's; for throughput, the fastest's "
            + "ops/s divided by the row's); 1.00x is the fastest.";

    private ResultCells() {
    }

    /** The engine id; "?" for a result that lacks one (a hand-edited file), so no report fails on it. */
    public static String engine(BenchmarkResult r) {
        return r.engine() == null || r.engine().isBlank() ? "?" : r.engine();
    }

    /** "1.23M ± 0.05M ops/s", or "n/a (reason)" / "ERROR (reason)" / "KNOWN_ISSUE (...)" for a result that has no
     * score. */
    public static String score(BenchmarkResult r, Units units) {
        if (WorkloadGroup.measured(r)) return units.measurement(r.score(), Intervals.of(r), r.unit());
        return statusLabel(r) + (reason(r).isEmpty() ? "" : " (" + reason(r) + ")");
    }

    /** "n/a", "ERROR", "KNOWN_ISSUE" or, for an OK row that carries no score (a malformed file), "no score". */
    public static String statusLabel(BenchmarkResult r) {
        if (r.status() == Status.NOT_APPLICABLE) return "n/a";
        if (r.status() == Status.OK) return "no score";
        return knownIssue(r).isPresent() ? "KNOWN_ISSUE" : "ERROR";
    }

    /** The recorded engine bug an ERROR result matches, if any (the same lookup as compare's). */
    public static Optional<KnownIssues.KnownIssue> knownIssue(BenchmarkResult r) {
        return KnownIssues.of(r);
    }

    /**
     * The reason on one line (reasons are often exception messages with line breaks); for a known issue, its
     * reference and summary instead of the raw failure, which stays in results.json.
     */
    public static String reason(BenchmarkResult r) {
        Optional<KnownIssues.KnownIssue> known = knownIssue(r);
        if (known.isPresent()) return known.get().describe();
        String reason = r.reason() == null ? "" : r.reason().strip().replaceAll("\\s+", " ");
        if (reason.isEmpty() && r.status() == null) return "no status recorded";
        return reason;
    }

    /** A secondary metric's value, the "missing" mark when not recorded, and empty for an unmeasured result. */
    public static String secondary(BenchmarkResult r, String metricName, Units units) {
        if (!WorkloadGroup.measured(r)) return "";
        Metric m = r.secondary(metricName);
        if (m == null || !Double.isFinite(m.score())) return units.missing();
        return units.value(m.score(), m.unit());
    }

    /** "1.00x" for the fastest, "2.90x slower" for the others; empty for an unmeasured result. */
    public static String vsFastest(WorkloadGroup.Row row, Units units) {
        return row.measured() ? units.vsFastest(row.vsFastest()) : "";
    }
}
