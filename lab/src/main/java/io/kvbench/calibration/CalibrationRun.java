package io.kvbench.calibration;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.judge.ForkSamples;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.Software;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One measured run of a calibration, kept compact (what the policy needs, no context) so that the raw data can be
 * committed beside the figures and analysed again ({@code kvbench calibrate --from FILE}). Written as one flat object.
 *
 * @param injected   the round and the slowdown injected into it
 * @param status     how the run ended
 * @param reason     why it failed; empty when OK
 * @param scores     what it measured
 * @param finishedAt ISO-8601 instant the run finished
 */
public record CalibrationRun(String engine, String workload, @JsonUnwrapped Injected injected, Status status,
                             String reason, @JsonUnwrapped Scores scores, String finishedAt) {

    /**
     * How the slowdown was injected: by a delay in every engine call, or, in runs recorded before 2026-11-28, by
     * Blackhole.consumeCPU work in every operation of the benchmark loop. Each way is written only where it was used.
     *
     * @param round      0 is the sizing run (unchanged); 1.. are the interleaved rounds
     * @param slowdown   injected slowdown as a fraction (0 for an unchanged run)
     * @param tokens     Blackhole.consumeCPU tokens per operation (0 for an unchanged run); null in later runs
     * @param delayNanos busy work per engine get and put, in nanoseconds (0 for an unchanged run); null in runs
     *                   recorded before
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Injected(int round, double slowdown, Long tokens, Long delayNanos) {

        /** A run of this build: unchanged (0) or with its engine calls delayed by {@code delayNanos}. */
        static Injected delayed(int round, double slowdown, long delayNanos) {
            return new Injected(round, slowdown, null, delayNanos);
        }
    }

    /**
     * @param forks     JMH forks the samples came from, in order
     * @param diskBytes the store's footprint, or null when not recorded
     */
    public record Scores(String metric, String unit, double score, int forks, List<Double> samples, Long diskBytes) {
        public Scores {
            samples = samples == null ? List.of() : List.copyOf(samples);
        }
    }

    public CalibrationRun {
        reason = reason == null ? "" : reason;
        injected = injected == null ? Injected.delayed(0, 0, 0) : injected;
        scores = scores == null ? new Scores(null, null, Double.NaN, 0, List.of(), null) : scores;
    }

    static CalibrationRun of(Injected injected, BenchmarkResult r, String finishedAt) {
        Scores scores = new Scores(r.metric(), r.unit(), r.score(), ForkSamples.forkCount(r.context()), r.samples(),
                r.status() == Status.OK ? Baseline.diskBytes(r) : null);
        return new CalibrationRun(r.engine(), r.workload(), injected, r.status(), r.reason(), scores, finishedAt);
    }

    /** The runs that {@code keep} accepts, grouped by (engine, workload) in the order they first ran. */
    static Map<BenchmarkKey, List<CalibrationRun>> byBenchmark(List<CalibrationRun> runs,
            Predicate<CalibrationRun> keep) {
        Map<BenchmarkKey, List<CalibrationRun>> out = new LinkedHashMap<>();
        for (CalibrationRun run : runs) {
            if (keep.test(run)) out.computeIfAbsent(new BenchmarkKey(run.engine(), run.workload()),
                    k -> new ArrayList<>()).add(run);
        }
        return out;
    }

    public boolean ok() {
        return status == Status.OK;
    }

    public boolean unchanged() {
        return slowdown() == 0;
    }

    public int round() {
        return injected.round();
    }

    public double slowdown() {
        return injected.slowdown();
    }

    /** Blackhole tokens per operation in a run recorded before the engine delay; null in later runs. */
    public Long tokens() {
        return injected.tokens();
    }

    /** The engine-call delay of the run, in nanoseconds; null in runs recorded before it. */
    public Long delayNanos() {
        return injected.delayNanos();
    }

    public String metric() {
        return scores.metric();
    }

    public String unit() {
        return scores.unit();
    }

    public double score() {
        return scores.score();
    }

    public int forks() {
        return scores.forks();
    }

    public List<Double> samples() {
        return scores.samples();
    }

    public Long diskBytes() {
        return scores.diskBytes();
    }

    /** The result the comparison policy judges: samples, fork count and disk use. */
    public BenchmarkResult toResult() {
        ResultContext context = new ResultContext(new Software("", "", ""), "", "", finishedAt, null, Map.of(),
                Map.of(ForkSamples.FORKS_PARAMETER, String.valueOf(forks())));
        Map<String, Metric> secondary = diskBytes() == null ? Map.of()
                : Map.of(MetricNames.DISK_BYTES, new Metric(diskBytes(), Double.NaN, "B"));
        Measurement measured = new Measurement(metric(), score(), Double.NaN, unit(), samples(), secondary);
        return new BenchmarkResult(engine, workload, status, null, reason, measured, context);
    }
}
