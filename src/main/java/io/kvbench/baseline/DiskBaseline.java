package io.kvbench.baseline;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import java.util.List;

/**
 * The accepted disk footprint of one (engine, workload) under one profile and engine version, on any machine: the
 * content of {@code perf-baselines/disk/<profile>/<engine>/<workload>.json} (one flat object). Unlike throughput, the
 * allocated size of a store after the same seeded work does not depend on the CPU or the core count (see
 * docs/results/2026-11-23-disk-portability.md), so one file serves every machine class and {@code mvn test} checks disk
 * on a hosted runner too.
 *
 * @param key       engine and workload
 * @param measuredOn the engine version and file system the footprint holds for
 * @param footprint the footprint and the runs it was recorded from
 * @param recorded  when and why it was recorded
 */
public record DiskBaseline(int schemaVersion, @JsonUnwrapped BenchmarkKey key, String profile,
                           @JsonUnwrapped MeasuredOn measuredOn, @JsonUnwrapped Footprint footprint,
                           @JsonUnwrapped Recorded recorded) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * @param engineVersion the engine version it was measured with; another version is not compared (its format may
     *                      differ)
     * @param fileSystem    the data directory's file system type: allocation differs between file systems, so another
     *                      type is not compared
     */
    public record MeasuredOn(String engineVersion, String fileSystem) {
    }

    /**
     * @param diskBytes  the smallest footprint of the runs it pools (a disk regression must show in every run)
     * @param runs       the footprint of each run it was recorded from
     * @param recordedOn the machine classes those runs came from
     */
    public record Footprint(long diskBytes, List<Long> runs, List<String> recordedOn) {
        public Footprint {
            runs = runs == null ? List.of() : List.copyOf(runs);
            recordedOn = recordedOn == null ? List.of() : List.copyOf(recordedOn);
        }
    }

    /**
     * @param recordedAt ISO-8601 instant it was written
     * @param reason     why it was (re)recorded
     */
    public record Recorded(String recordedAt, String reason) {
        public Recorded {
            reason = reason == null ? "" : reason;
        }
    }

    public DiskBaseline {
        key = key == null ? new BenchmarkKey(null, null) : key;
        measuredOn = measuredOn == null ? new MeasuredOn(null, null) : measuredOn;
        footprint = footprint == null ? new Footprint(0, null, null) : footprint;
        recorded = recorded == null ? new Recorded(null, null) : recorded;
    }

    public String engine() {
        return key.engine();
    }

    public String workload() {
        return key.workload();
    }

    public String engineVersion() {
        return measuredOn.engineVersion();
    }

    public String fileSystem() {
        return measuredOn.fileSystem();
    }

    public long diskBytes() {
        return footprint.diskBytes();
    }

    public List<Long> runs() {
        return footprint.runs();
    }

    public List<String> recordedOn() {
        return footprint.recordedOn();
    }

    public String recordedAt() {
        return recorded.recordedAt();
    }

    public String reason() {
        return recorded.reason();
    }

    /** True when it was measured with the engine version and on the file system type of this result. */
    public boolean appliesTo(BenchmarkResult result) {
        return whyNotComparable(result) == null;
    }

    /** Why this result cannot be compared with it, or null when it can. */
    public String whyNotComparable(BenchmarkResult result) {
        if (result.context() == null) return "the result has no context";
        if (!engineVersion().equals(result.context().engineVersion())) {
            return "its baseline is for " + engine() + " " + engineVersion() + ", this run measured "
                    + result.context().engineVersion();
        }
        String fs = fileSystemOf(result);
        if (!fileSystem().equals(fs)) {
            return "its baseline was measured on " + fileSystem() + ", this run's data directory is on "
                    + (fs == null ? "an unrecorded file system" : fs);
        }
        return null;
    }

    /** The file system type a result recorded for its data directory, or null. */
    public static String fileSystemOf(BenchmarkResult result) {
        return result.context() == null || result.context().resources() == null ? null
                : result.context().resources().get(ResultContext.DATA_FILE_SYSTEM);
    }

    /**
     * A baseline that judges disk only: it has the result's own score and no samples, so that no score change can be
     * significant, and this footprint. The policy's disk rule, and the gate's confirmation of a disk regression (it
     * must
     * show in every run), then apply unchanged.
     */
    public Baseline judgingDiskOf(BenchmarkResult result, String machineClass) {
        Baseline.Measured footprintOnly = new Baseline.Measured(result.metric(), result.unit(), result.score(),
                Double.NaN, List.of(), diskBytes());
        return new Baseline(Baseline.SCHEMA_VERSION, key, profile, machineClass, footprintOnly,
                new Baseline.Recorded(result.context(), recordedAt(), reason()));
    }
}
