package io.kvbench.baseline;

import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Direction;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.Status;
import java.time.Instant;
import java.util.List;

/**
 * The accepted performance of one (engine, workload) on one machine class under one profile: the content of
 * {@code perf-baselines/<profile>/<machineClass>/<engine>/<workload>.json} ({@link BaselineStore} writes and reads the
 * file field by field).
 *
 * @param schemaVersion format version of the file
 * @param key           engine and workload
 * @param profile       the profile it was measured with
 * @param machineClass  the machine class it holds for
 * @param measured      what the run measured
 * @param recorded      when, why and from what it was recorded
 */
public record Baseline(int schemaVersion, BenchmarkKey key, String profile, String machineClass, Measured measured,
                       Recorded recorded) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * @param metric    {@link BenchmarkResult#THROUGHPUT} or {@link BenchmarkResult#TIME_PER_PASS}
     * @param unit      unit of the score
     * @param score     the primary score (mean over samples), positive
     * @param error     half-width of the 99.9 % confidence interval; NaN when unknown (written as null)
     * @param samples   every iteration score the baseline was measured with; comparisons use them
     * @param diskBytes {@link MetricNames#DISK_BYTES} of the run, or null when it was not recorded
     */
    public record Measured(String metric, String unit, double score, double error, List<Double> samples,
                           Long diskBytes) {
        public Measured {
            samples = samples == null ? List.of() : List.copyOf(samples);
        }
    }

    /**
     * @param context    what ran and where, copied from the result
     * @param recordedAt ISO-8601 instant the baseline was written
     * @param reason     why it was (re)recorded, as given to {@code kvbench baseline update --reason}
     */
    public record Recorded(ResultContext context, String recordedAt, String reason) {
        public Recorded {
            reason = reason == null ? "" : reason;
        }
    }

    /** The baseline a measured result becomes; the result must be OK. */
    public static Baseline of(BenchmarkResult result, String profile, String machineClass, Instant recordedAt,
                              String reason) {
        if (result.status() != Status.OK) {
            throw new BadInputException(result.key() + " is " + result.status()
                    + ", only OK results become baselines");
        }
        Measured measured = new Measured(result.metric(), result.unit(), result.score(), result.error(),
                result.samples(), diskBytes(result));
        return new Baseline(SCHEMA_VERSION, BenchmarkKey.of(result), profile, machineClass, measured,
                new Recorded(result.context(), recordedAt.toString(), reason));
    }

    /** The disk footprint a result recorded, in whole bytes, or null when it recorded none. */
    public static Long diskBytes(BenchmarkResult result) {
        Metric disk = result.secondary(MetricNames.DISK_BYTES);
        return disk == null || !Double.isFinite(disk.score()) ? null : Math.round(disk.score());
    }

    /** The same baseline with another disk footprint (a disk baseline's, which holds on every machine). */
    public Baseline withDiskBytes(Long bytes) {
        Measured other = new Measured(metric(), unit(), score(), error(), samples(), bytes);
        return new Baseline(schemaVersion, key, profile, machineClass, other, recorded);
    }

    /** True for a baseline that carries only a footprint ({@link DiskBaseline#judgingDiskOf}): no samples, no error. */
    public boolean judgesDiskOnly() {
        return samples().isEmpty() && Double.isNaN(error()) && diskBytes() != null;
    }

    public String engine() {
        return key.engine();
    }

    public String workload() {
        return key.workload();
    }

    public String metric() {
        return measured.metric();
    }

    public String unit() {
        return measured.unit();
    }

    public double score() {
        return measured.score();
    }

    public double error() {
        return measured.error();
    }

    public List<Double> samples() {
        return measured.samples();
    }

    public Long diskBytes() {
        return measured.diskBytes();
    }

    public ResultContext context() {
        return recorded.context();
    }

    public String recordedAt() {
        return recorded.recordedAt();
    }

    public String reason() {
        return recorded.reason();
    }

    /** True when a larger score is better (throughput); false for times ({@link Direction}). */
    public boolean higherIsBetter() {
        return Direction.of(unit()).higherIsBetter();
    }

    /**
     * True when both record the same measurement (ignoring when and why they were recorded and the context), so that
     * re-recording it would only churn the file.
     */
    public boolean sameMeasurementAs(Baseline other) {
        return other != null && measured.equals(other.measured);
    }
}
