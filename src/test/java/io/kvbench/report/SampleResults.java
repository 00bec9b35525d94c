package io.kvbench.report;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Intervals;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs built in code, shaped like real ones: six engines, four workloads, wide ranges, n/a and error rows. */
public final class SampleResults {

    public static final MachineInfo MACHINE = new MachineInfo("AMD EPYC 7B13", 2, 24L << 30, "Linux 6.1",
            "epyc-7b13-2c");

    private SampleResults() {
    }

    public static ResultContext context(String engineVersion, Map<String, String> parameters) {
        return new ResultContext(new Software(engineVersion, "OpenJDK 64-Bit Server VM 17.0.15+6", "3f9c2e1"), "ci",
                "container", "2025-06-01T10:00:00Z", MACHINE, Map.of("cpuset", "0-1", "heap", "2g"), parameters);
    }

    /** A measured throughput result with the usual secondary metrics. */
    public static BenchmarkResult throughput(String engine, String workload, double opsPerSecond, double error) {
        return measured(engine, workload, BenchmarkResult.THROUGHPUT, "ops/s", opsPerSecond, error);
    }

    /** A measured time-per-pass result (lower is better). */
    public static BenchmarkResult timePerPass(String engine, String workload, double seconds, double error) {
        return measured(engine, workload, BenchmarkResult.TIME_PER_PASS, "s/op", seconds, error);
    }

    public static BenchmarkResult measured(String engine, String workload, String metric, String unit, double score,
                                           double error) {
        Map<String, Metric> secondary = new HashMap<>();
        double scale = Math.abs(engine.hashCode() % 97) / 97.0 + 0.5;
        secondary.put(MetricNames.LATENCY_P50, new Metric(800 * scale, Double.NaN, "ns"));
        secondary.put(MetricNames.LATENCY_P99, new Metric(12_400 * scale, Double.NaN, "ns"));
        secondary.put(MetricNames.LATENCY_P999, new Metric(2_300_000 * scale, Double.NaN, "ns"));
        secondary.put(MetricNames.DISK_BYTES, new Metric(180_000_000 * scale * scale * scale, Double.NaN, "B"));
        secondary.put(MetricNames.CPU_PERCENT, new Metric(95 * scale, Double.NaN, "%"));
        secondary.put(MetricNames.RSS_PEAK_BYTES, new Metric(900_000_000 * scale, Double.NaN, "B"));
        secondary.put(MetricNames.NATIVE_BYTES, new Metric(300_000_000 * scale, Double.NaN, "B"));
        secondary.put(MetricNames.IO_WRITE_BYTES, new Metric(2_000_000_000 * scale, Double.NaN, "B"));
        secondary.put(MetricNames.WRITE_AMPLIFICATION, new Metric(3.1 * scale, Double.NaN, "x"));
        // error is the half-width the reports print; results hold JMH's 99.9 % one over the same three samples
        double storedError = error / Intervals.halfWidth(1.0, 3);
        return BenchmarkResult.measured(engine, workload, new Measurement(metric, score, storedError,
                unit, List.of(score - error / 2, score,
                score + error / 2), secondary), context(engine.length()
                + ".2.1", Map.of("records", "1000000", "valueSize", "100", "threads", "1")));
    }

    public static RunResults run(List<BenchmarkResult> results) {
        return new RunResults(RunResults.SCHEMA_VERSION, true, "ci", "container", "2025-06-01T10:00:00Z", MACHINE,
                results);
    }

    /** Six engines by four workloads: throughputs over three orders of magnitude, one time workload, n/a and errors. */
    public static RunResults sixByFour() {
        List<BenchmarkResult> r = new ArrayList<>();
        ResultContext ctx = context("1.0", Map.of());
        // put-random: a wide range, so the chart needs a log scale.
        r.add(throughput("rocksdb", "put-random", 412_345, 9_800));
        r.add(throughput("lmdb", "put-random", 1_845_000, 61_000));
        r.add(throughput("mapdb", "put-random", 38_200, 4_100));
        r.add(throughput("xodus", "put-random", 96_500, 2_200));
        r.add(throughput("h2-mvstore", "put-random", 251_000, 15_000));
        r.add(BenchmarkResult.failed("chronicle-map", "put-random", FailureKind.ENGINE_FAILURE,
                "ChronicleHashRecoveryFailedException: <script>alert(1)</script> segment 3\n\tat net.openhft...", ctx));
        // get-random: a narrow range, linear scale.
        r.add(throughput("rocksdb", "get-random", 1_210_000, 40_000));
        r.add(throughput("lmdb", "get-random", 3_950_000, 120_000));
        r.add(throughput("mapdb", "get-random", 880_000, 70_000));
        r.add(throughput("xodus", "get-random", 1_020_000, 35_000));
        r.add(throughput("h2-mvstore", "get-random", 1_480_000, 52_000));
        r.add(throughput("chronicle-map", "get-random", 2_730_000, 95_000));
        // range-scan: hash engines cannot.
        r.add(throughput("rocksdb", "range-scan", 5_400_000, 210_000));
        r.add(throughput("lmdb", "range-scan", 21_700_000, 800_000));
        r.add(throughput("xodus", "range-scan", 3_100_000, Double.NaN));
        r.add(throughput("h2-mvstore", "range-scan", 6_800_000, 300_000));
        r.add(BenchmarkResult.notApplicable("chronicle-map", "range-scan", "hash map: no ordered iteration", ctx));
        r.add(BenchmarkResult.notApplicable("mapdb", "range-scan", "HTreeMap store is unordered", ctx));
        // bulk-load: time per pass, lower is better.
        r.add(timePerPass("rocksdb", "bulk-load", 4.21, 0.18));
        r.add(timePerPass("lmdb", "bulk-load", 1.93, 0.05));
        r.add(timePerPass("mapdb", "bulk-load", 27.4, 1.9));
        r.add(timePerPass("xodus", "bulk-load", 8.8, 0.6));
        r.add(timePerPass("h2-mvstore", "bulk-load", 0.640, 0.021));
        r.add(BenchmarkResult.failed("chronicle-map", "bulk-load", FailureKind.ENGINE_FAILURE,
                "fork exited with code 137 (out of memory?)", ctx));
        return run(r);
    }
}
