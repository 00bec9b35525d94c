package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import java.util.Comparator;

/** One (engine, workload) combination: what a baseline file and a comparison row are about. */
public record BenchmarkKey(String engine, String workload) implements Comparable<BenchmarkKey> {

    private static final Comparator<BenchmarkKey> ORDER =
            Comparator.comparing(BenchmarkKey::engine).thenComparing(BenchmarkKey::workload);

    public static BenchmarkKey of(BenchmarkResult result) {
        return new BenchmarkKey(result.engine(), result.workload());
    }

    @Override
    public int compareTo(BenchmarkKey other) {
        return ORDER.compare(this, other);
    }

    /** "engine / workload", as {@link BenchmarkResult#key()} prints it. */
    @Override
    public String toString() {
        return engine + " / " + workload;
    }
}
