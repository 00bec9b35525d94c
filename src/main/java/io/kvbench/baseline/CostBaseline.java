package io.kvbench.baseline;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Workload;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one (engine, workload) of a profile costs per operation on any machine: the content of
 * {@code perf-baselines/costs/<profile>/<engine>/<workload>.json} (one flat object). Heap bytes allocated per
 * operation and the write amplification of fixed work depend on the engine version, the JDK and (for device bytes) the
 * file system, far less on the CPU or the core count, so one file serves every machine class, and {@code mvn test}
 * judges them on a runner without throughput baselines too; where a cost does differ between classes, the file pools
 * runs of each ({@code recordedOn}). Judged by {@link io.kvbench.judge.CostCheck}.
 *
 * @param key        engine and workload
 * @param measuredOn what the costs hold for
 * @param costs      each judged cost's value in every run it was recorded from, by its name in results.json
 * @param recorded   where, when and why it was recorded
 */
public record CostBaseline(int schemaVersion, @JsonUnwrapped BenchmarkKey key, String profile,
                           @JsonUnwrapped MeasuredOn measuredOn, SortedMap<String, List<Double>> costs,
                           @JsonUnwrapped Recorded recorded) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * @param engineVersion the engine version; another version is not compared (it may allocate differently)
     * @param jdk           the JDK's feature release ("17"): allocation depends on the JIT's escape analysis
     * @param fileSystem    the data directory's file system type: device bytes differ between file systems
     */
    public record MeasuredOn(String engineVersion, String jdk, String fileSystem) {
    }

    /**
     * @param recordedOn the machine classes the runs came from
     * @param recordedAt ISO-8601 instant it was written
     * @param reason     why it was (re)recorded
     */
    public record Recorded(List<String> recordedOn, String recordedAt, String reason) {
        public Recorded {
            recordedOn = recordedOn == null ? List.of() : List.copyOf(recordedOn);
            reason = reason == null ? "" : reason;
        }
    }

    public CostBaseline {
        key = key == null ? new BenchmarkKey(null, null) : key;
        measuredOn = measuredOn == null ? new MeasuredOn(null, null, null) : measuredOn;
        costs = costs == null ? Collections.emptySortedMap() : Collections.unmodifiableSortedMap(new TreeMap<>(costs));
        recorded = recorded == null ? new Recorded(null, null, null) : recorded;
    }

    public String engine() {
        return key.engine();
    }

    public String workload() {
        return key.workload();
    }

    /** The largest value of a cost over the runs it was recorded from: what a run must stay near. */
    public double worst(String cost) {
        return costs.get(cost).stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** How far apart the runs it was recorded from put a cost: its spread between identical runs. */
    public double range(String cost) {
        return worst(cost) - costs.get(cost).stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /** Why this result's costs cannot be compared with it, or null when they can. */
    public String whyNotComparable(BenchmarkResult result) {
        MeasuredOn now = of(result);
        if (now == null) return "the result has no context";
        if (!measuredOn.engineVersion().equals(now.engineVersion())) {
            return "its baseline is for " + engine() + " " + measuredOn.engineVersion() + ", this run measured "
                    + now.engineVersion();
        }
        if (!measuredOn.jdk().equals(now.jdk())) {
            return "its baseline was measured on JDK " + measuredOn.jdk() + ", this run on " + now.jdk();
        }
        if (!measuredOn.fileSystem().equals(now.fileSystem())) {
            return "its baseline was measured on " + measuredOn.fileSystem() + ", this run's data directory is on "
                    + (now.fileSystem() == null ? "an unrecorded file system" : now.fileSystem());
        }
        return null;
    }

    /** What a result's costs hold for, or null when it recorded no context. */
    public static MeasuredOn of(BenchmarkResult result) {
        if (result.context() == null) return null;
        return new MeasuredOn(result.context().engineVersion(), feature(result.context().jdk()),
                DiskBaseline.fileSystemOf(result));
    }

    /**
     * The judged costs a result recorded, by name: allocation and native memory for every workload; write
     * amplification and syncs only for fixed work ({@link Workload#fixedWork}), since a timed write workload's follow
     * how far it got.
     */
    public static Map<String, Double> costs(BenchmarkResult r) {
        Map<String, Double> costs = new TreeMap<>();
        Double alloc = value(r, MetricNames.ALLOC_BYTES_PER_OP);
        if (alloc != null && alloc >= 0) costs.put(MetricNames.ALLOC_BYTES_PER_OP, alloc);
        boolean fixedWork = Catalog.known(r.workload()).map(Workload::fixedWork).orElse(false);
        Double amplification = value(r, MetricNames.WRITE_AMPLIFICATION);
        if (fixedWork && amplification != null && amplification > 0) {
            costs.put(MetricNames.WRITE_AMPLIFICATION, amplification);
        }
        Double syncs = value(r, MetricNames.SYNCS_PER_OP);
        if (fixedWork && syncs != null && syncs >= 0) costs.put(MetricNames.SYNCS_PER_OP, syncs);
        Double nativeBytes = value(r, MetricNames.NATIVE_BYTES);
        if (nativeBytes != null && nativeBytes > 0) costs.put(MetricNames.NATIVE_BYTES, nativeBytes);
        return costs;
    }

    /** A result's value of a cost, or null when it recorded none. */
    public static Double value(BenchmarkResult result, String cost) {
        Metric m = result.measurement() == null ? null : result.measurement().secondary().get(cost);
        return m == null || !Double.isFinite(m.score()) ? null : m.score();
    }

    /**
     * The feature release of a result's JDK (java.vm.name, a space, java.runtime.version): "OpenJDK 64-Bit Server VM
     * 17.0.21.1+2-1-deb12u1-Debian" is "17"; null stays null.
     */
    static String feature(String jdk) {
        if (jdk == null) return null;
        String version = jdk.substring(jdk.lastIndexOf(' ') + 1);
        int end = 0;
        while (end < version.length() && Character.isDigit(version.charAt(end))) end++;
        return end == 0 ? version : version.substring(0, end);
    }
}
