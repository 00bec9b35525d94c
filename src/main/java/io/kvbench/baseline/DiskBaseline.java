package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import java.util.List;

/**
 * The accepted disk footprint of one (engine, workload) under one profile and engine version, on any machine: the
 * content of {@code perf-baselines/disk/<profile>/<engine>/<workload>.json}. Unlike throughput, the allocated size of
 * a store after the same seeded work does not depend on the CPU or the core count (measured: README, "What holds
 * where"), so one file serves every machine class and {@code mvn test} checks disk on a hosted runner too.
 *
 * @param engineVersion the engine version it was measured with; another version is not compared (its format may differ)
 * @param diskBytes     the smallest footprint of the runs it pools (a disk regression must show in every run)
 * @param runs          the footprint of each run it was recorded from
 * @param recordedOn    the machine classes those runs came from
 */
public record DiskBaseline(int schemaVersion, String engine, String workload, String profile, String engineVersion,
                           long diskBytes, List<Long> runs, List<String> recordedOn, String recordedAt, String reason) {

    public static final int SCHEMA_VERSION = 1;

    public DiskBaseline {
        runs = runs == null ? List.of() : List.copyOf(runs);
        recordedOn = recordedOn == null ? List.of() : List.copyOf(recordedOn);
        reason = reason == null ? "" : reason;
    }

    public BenchmarkKey key() {
        return new BenchmarkKey(engine, workload);
    }

    /** True when it was measured with the engine version of this result, so that the two are comparable. */
    public boolean appliesTo(BenchmarkResult result) {
        return result.context() != null && engineVersion.equals(result.context().engineVersion());
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
