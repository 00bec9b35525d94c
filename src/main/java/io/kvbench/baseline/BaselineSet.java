package io.kvbench.baseline;

import java.nio.file.Path;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every baseline of one profile and machine class.
 *
 * @param directory where they live ({@code <root>/<profile>/<machineClass>})
 * @param exists    false when nothing was ever recorded for this machine class (every result is then NEW)
 */
public record BaselineSet(String profile, String machineClass, Path directory, boolean exists,
                          SortedMap<BenchmarkKey, Baseline> baselines) {

    public BaselineSet {
        baselines = Collections.unmodifiableSortedMap(new TreeMap<>(baselines));
    }

    public static BaselineSet absent(String profile, String machineClass, Path directory) {
        return new BaselineSet(profile, machineClass, directory, false, new TreeMap<>());
    }

    public Baseline get(BenchmarkKey key) {
        return baselines.get(key);
    }
}
