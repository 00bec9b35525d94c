package io.kvbench.baseline;

import java.util.Map;
import java.util.TreeMap;

/**
 * The benchmarks a change adds before their baselines exist, the content of
 * {@code perf-baselines/<profile>/new-benchmarks.json}: the change that adds an engine or a workload to a profile lists
 * them here (it is reviewed with the change), so that on a machine class declared complete ({@link CompleteClass})
 * their NEW rows are informational instead of failing. {@code baseline update} removes an entry once every complete
 * class of the profile has its baseline. Anything else without a baseline on a complete class fails: a baseline that
 * was deleted and never recorded again cannot pass for a new benchmark.
 *
 * @param benchmarks "engine/workload" and why it is new (the change that added it)
 */
public record NewBenchmarks(int schemaVersion, String profile, Map<String, String> benchmarks) {

    public static final int SCHEMA_VERSION = 1;
    public static final String FILE = "new-benchmarks.json";

    public NewBenchmarks {
        benchmarks = benchmarks == null ? Map.of() : new TreeMap<>(benchmarks);
    }

    public static NewBenchmarks none(String profile) {
        return new NewBenchmarks(SCHEMA_VERSION, profile, Map.of());
    }

    /** Why a change added this benchmark, or null when it is not listed. */
    public String why(BenchmarkKey key) {
        return benchmarks.get(CompleteClass.name(key));
    }
}
