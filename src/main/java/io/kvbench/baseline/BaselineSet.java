package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every baseline of one profile and machine class, and the profile's disk and cost baselines, which hold on every
 * machine.
 *
 * @param directory where the throughput baselines live ({@code <root>/<profile>/<machineClass>})
 * @param exists    false when nothing was ever recorded for this machine class: throughput is then NOT_COMPARED
 * @param portable  the profile's baselines that hold on every machine class: disk and costs
 * @param coverage  what the baselines promise to cover, and why a benchmark has none
 */
public record BaselineSet(String profile, String machineClass, Path directory, boolean exists,
                          SortedMap<BenchmarkKey, Baseline> baselines, Portable portable, Coverage coverage) {

    /**
     * @param disk  disk baselines by (engine, workload)
     * @param costs cost baselines by (engine, workload)
     */
    public record Portable(SortedMap<BenchmarkKey, DiskBaseline> disk, SortedMap<BenchmarkKey, CostBaseline> costs) {

        public static final Portable NONE = new Portable(new TreeMap<>(), new TreeMap<>());

        public Portable {
            disk = Collections.unmodifiableSortedMap(new TreeMap<>(disk));
            costs = Collections.unmodifiableSortedMap(new TreeMap<>(costs));
        }
    }

    public BaselineSet {
        baselines = Collections.unmodifiableSortedMap(new TreeMap<>(baselines));
        portable = portable == null ? Portable.NONE : portable;
        coverage = coverage == null ? Coverage.NONE : coverage;
    }

    /** Throughput baselines only (no disk baselines). */
    public BaselineSet(String profile, String machineClass, Path directory, boolean exists,
                       SortedMap<BenchmarkKey, Baseline> baselines) {
        this(profile, machineClass, directory, exists, baselines, Portable.NONE, Coverage.NONE);
    }

    public static BaselineSet absent(String profile, String machineClass, Path directory) {
        return new BaselineSet(profile, machineClass, directory, false, new TreeMap<>());
    }

    public BaselineSet withDisk(Map<BenchmarkKey, DiskBaseline> diskBaselines) {
        return new BaselineSet(profile, machineClass, directory, exists, baselines,
                new Portable(new TreeMap<>(diskBaselines), portable.costs()), coverage);
    }

    public BaselineSet withCosts(Map<BenchmarkKey, CostBaseline> costBaselines) {
        return new BaselineSet(profile, machineClass, directory, exists, baselines,
                new Portable(portable.disk(), new TreeMap<>(costBaselines)), coverage);
    }

    public BaselineSet withCoverage(Coverage value) {
        return new BaselineSet(profile, machineClass, directory, exists, baselines, portable, value);
    }

    /** Disk baselines of the profile by (engine, workload), for every machine class. */
    public SortedMap<BenchmarkKey, DiskBaseline> disk() {
        return portable.disk();
    }

    /** Cost baselines of the profile by (engine, workload), for every machine class. */
    public SortedMap<BenchmarkKey, CostBaseline> costs() {
        return portable.costs();
    }

    /** Why a benchmark that has data here still has no throughput baseline ({@link Coverage#unjudged}). */
    public SortedMap<BenchmarkKey, String> unjudged() {
        return coverage.unjudged();
    }

    /** True when a result of this benchmark without a baseline fails the gate ({@link Coverage#requires}). */
    public boolean requiresBaseline(BenchmarkKey key) {
        return exists && coverage.requires(key);
    }

    public Baseline get(BenchmarkKey key) {
        return baselines.get(key);
    }

    /**
     * What a result is judged against: its machine class's baseline, with the footprint of the disk baseline where one
     * applies (same engine version), or, without a throughput baseline, a baseline that judges disk only; null when
     * there is neither.
     */
    public Baseline effective(BenchmarkResult result) {
        BenchmarkKey key = BenchmarkKey.of(result);
        Baseline throughput = baselines.get(key);
        DiskBaseline d = disk().get(key);
        boolean diskApplies = d != null && d.appliesTo(result);
        if (throughput == null) return diskApplies ? d.judgingDiskOf(result, machineClass) : null;
        return diskApplies ? throughput.withDiskBytes(d.diskBytes()) : throughput;
    }

    /** Why a disk baseline was not used for this result, or null when it was (or none exists). */
    public String diskNotUsed(BenchmarkResult result) {
        DiskBaseline d = disk().get(BenchmarkKey.of(result));
        String why = d == null ? null : d.whyNotComparable(result);
        return why == null ? null : "disk not compared: " + why;
    }
}
