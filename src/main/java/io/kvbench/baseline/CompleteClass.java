package io.kvbench.baseline;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The declaration that a machine class's throughput baselines of a profile are complete, the content of
 * {@code perf-baselines/<profile>/<machine class>/class.json}: {@code baseline update} writes it when, after the
 * update, every benchmark of the profile (every registered engine that is not opt-in, on every workload of the
 * profile it can run) has a baseline pooled from at least {@link #MIN_RUNS} runs, or its runs hit a recorded engine
 * issue. On such a class a benchmark without a baseline is a gap the gate refuses (its NEW fails), unless the
 * profile's {@link NewBenchmarks} list says a change added it; on a class without the declaration NEW is
 * informational, because nobody can record a class's missing baselines without a machine of that class.
 *
 * @param minRuns         runs every listed baseline pools, at least
 * @param benchmarks      the benchmarks it covers, "engine/workload", each with a baseline
 * @param withoutBaseline benchmarks of the profile that have none and why (a known engine issue in their runs)
 * @param recorded        when and why it was written
 */
public record CompleteClass(int schemaVersion, String profile, String machineClass, int minRuns,
                            List<String> benchmarks, Map<String, String> withoutBaseline,
                            @JsonUnwrapped Recorded recorded) {

    public static final int SCHEMA_VERSION = 1;
    public static final String FILE = "class.json";
    /** The fewest runs a baseline of a complete class pools: what {@code baseline update} asks for by default. */
    public static final int MIN_RUNS = 3;

    /**
     * @param recordedAt ISO-8601 instant it was written
     * @param reason     the reason given to {@code baseline update}
     */
    public record Recorded(String recordedAt, String reason) {
        public Recorded {
            reason = reason == null ? "" : reason;
        }
    }

    public CompleteClass {
        benchmarks = benchmarks == null ? List.of() : List.copyOf(benchmarks);
        withoutBaseline = withoutBaseline == null ? Map.of() : new TreeMap<>(withoutBaseline);
        recorded = recorded == null ? new Recorded(null, null) : recorded;
    }

    /** "rocksdb/ycsb-c": how a benchmark is named in this file and in new-benchmarks.json. */
    public static String name(BenchmarkKey key) {
        return key.engine() + "/" + key.workload();
    }

    /** Why this benchmark has no baseline on the class, or null when the declaration does not say. */
    public String whyWithout(BenchmarkKey key) {
        return withoutBaseline.get(name(key));
    }
}
