package io.kvbench.baseline;

import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every baseline of one profile and machine class.
 *
 * @param directory  where they live ({@code <root>/<profile>/<machineClass>})
 * @param exists     false when nothing was ever recorded for this machine class (every result is then NEW)
 * @param unjudged   why a benchmark that has data here still has no baseline (e.g. a history with too few nights);
 *                   the NEW row of such a benchmark says so instead of "no baseline yet"
 */
public record BaselineSet(String profile, String machineClass, Path directory, boolean exists,
                          SortedMap<BenchmarkKey, Baseline> baselines, SortedMap<BenchmarkKey, String> unjudged) {

    public BaselineSet {
        baselines = Collections.unmodifiableSortedMap(new TreeMap<>(baselines));
        unjudged = Collections.unmodifiableSortedMap(new TreeMap<>(unjudged == null ? Map.of() : unjudged));
    }

    public BaselineSet(String profile, String machineClass, Path directory, boolean exists,
                       SortedMap<BenchmarkKey, Baseline> baselines) {
        this(profile, machineClass, directory, exists, baselines, null);
    }

    public static BaselineSet absent(String profile, String machineClass, Path directory) {
        return new BaselineSet(profile, machineClass, directory, false, new TreeMap<>());
    }

    public Baseline get(BenchmarkKey key) {
        return baselines.get(key);
    }
}
