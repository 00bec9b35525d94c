package io.kvbench.calibration;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.judge.ForkSamples;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One measured run of a calibration, kept compact (what the policy needs, no context) so that the raw data can be
 * committed beside the figures and analysed again ({@code kvbench calibrate --from FILE}).
 *
 * @param round    0 is the sizing run (unchanged); 1.. are the interleaved rounds
 * @param slowdown injected slowdown as a fraction (0 for an unchanged run)
 * @param tokens   Blackhole.consumeCPU tokens per operation that were injected (0 for an unchanged run)
 * @param reason   why it failed; empty when OK
 * @param forks    JMH forks the samples came from, in order
 */
public record CalibrationRun(String engine, String workload, int round, double slowdown, long tokens, Status status,
                             String reason, String metric, String unit, double score, int forks, List<Double> samples,
                             Long diskBytes, String finishedAt) {

    public CalibrationRun {
        samples = samples == null ? List.of() : List.copyOf(samples);
        reason = reason == null ? "" : reason;
    }

    static CalibrationRun of(int round, double slowdown, long tokens, BenchmarkResult r, String finishedAt) {
        return new CalibrationRun(r.engine(), r.workload(), round, slowdown, tokens, r.status(), r.reason(), r.metric(),
                r.unit(), r.score(), ForkSamples.forkCount(r.context()), r.samples(),
                r.status() == Status.OK ? Baseline.diskBytes(r) : null, finishedAt);
    }

    /** The runs that {@code keep} accepts, grouped by (engine, workload) in the order they first ran. */
    static Map<BenchmarkKey, List<CalibrationRun>> byBenchmark(List<CalibrationRun> runs, Predicate<CalibrationRun> keep) {
        Map<BenchmarkKey, List<CalibrationRun>> out = new LinkedHashMap<>();
        for (CalibrationRun run : runs) {
            if (keep.test(run)) out.computeIfAbsent(new BenchmarkKey(run.engine(), run.workload()), k -> new ArrayList<>()).add(run);
        }
        return out;
    }

    public boolean ok() {
        return status == Status.OK;
    }

    public boolean unchanged() {
        return slowdown == 0;
    }

    /** The result the comparison policy judges: samples, fork count and disk use. */
    public BenchmarkResult toResult() {
        ResultContext context = new ResultContext("", "", "", "", "", finishedAt, null, Map.of(),
                Map.of(ForkSamples.FORKS_PARAMETER, String.valueOf(forks)));
        Map<String, Metric> secondary = diskBytes == null ? Map.of()
                : Map.of(MetricNames.DISK_BYTES, new Metric(diskBytes, Double.NaN, "B"));
        return new BenchmarkResult(engine, workload, status, reason, metric, score, Double.NaN, unit, samples, secondary, context);
    }
}
