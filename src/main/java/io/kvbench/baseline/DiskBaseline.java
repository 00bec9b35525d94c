package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import java.util.List;

/**
 * The accepted disk footprint of one (engine, workload) under one profile and engine version, on any machine: the
 * content of {@code perf-baselines/disk/<profile>/<engine>/<workload>.json}. Unlike throughput, the allocated size of
 * a store after the same seeded work does not depend on the CPU or the core count (measured: README, "What holds
 * where"), so one file serves every machine class and {@code mvn test} checks disk on a hosted runner too.
 *
 * @param engineVersion the engine version it was measured with; another version is not compared (its format may differ)
 * @param fileSystem    the data directory's file system type: allocation differs between file systems (XFS preallocates
 *                      up to 1.5x what ext4 allocates for the same store), so another type is not compared
 * @param diskBytes     the smallest footprint of the runs it pools (a disk regression must show in every run)
 * @param runs          the footprint of each run it was recorded from
 * @param recordedOn    the machine classes those runs came from
 */
public record DiskBaseline(int schemaVersion, String engine, String workload, String profile, String engineVersion,
                           String fileSystem, long diskBytes, List<Long> runs, List<String> recordedOn, String recordedAt, String reason) {

    public static final int SCHEMA_VERSION = 1;

    public DiskBaseline {
        runs = runs == null ? List.of() : List.copyOf(runs);
        recordedOn = recordedOn == null ? List.of() : List.copyOf(recordedOn);
        reason = reason == null ? "" : reason;
    }

    public BenchmarkKey key() {
        return new BenchmarkKey(engine, workload);
    }

    /** True when it was measured with the engine version and on the file system type of this result. */
    public boolean appliesTo(BenchmarkResult result) {
        return whyNotComparable(result) == null;
    }

    /** Why this result cannot be compared with it, or null when it can. */
    public String whyNotComparable(BenchmarkResult result) {
        if (result.context() == null) return "the result has no context";
        if (!engineVersion.equals(result.context().engineVersion())) {
            return "its baseline is for " + engine + " " + engineVersion + ", this run measured " + result.context().engineVersion();
        }
        String fs = fileSystemOf(result);
        if (!fileSystem.equals(fs)) {
            return "its baseline was measured on " + fileSystem + ", this run's data directory is on " + (fs == null ? "an unrecorded file system" : fs);
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
     * significant, and this footprint. The policy's disk rule, and the gate's confirmation of a disk regression (it must
     * show in every run), then apply unchanged.
     */
    public Baseline judgingDiskOf(BenchmarkResult result, String machineClass) {
        return new Baseline(Baseline.SCHEMA_VERSION, engine, workload, profile, machineClass, result.metric(), result.unit(),
                result.score(), Double.NaN, List.of(), diskBytes, result.context(), recordedAt, reason);
    }
}
