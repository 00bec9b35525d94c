package io.kvbench.gate;

import io.kvbench.judge.Bisection;
import java.util.List;

/**
 * What {@code kvbench bisect} writes as {@code bisect.json}: the versions searched and every step, each with the
 * interleaved session that judged its version (B) against the good end (A).
 *
 * @param engine    the engine whose versions were searched
 * @param workloads the workloads every step ran, judged together
 * @param versions  the versions searched, from the good end to the bad end, in order
 * @param minEffect the smallest slowdown that counts, a fraction
 * @param search    how the search ended, and its steps
 * @param minutes   how long the whole bisection took
 */
public record BisectReport(String engine, List<String> workloads, List<String> versions, double minEffect,
                           Bisection.Result<InterleaveReport> search, double minutes) {

    public static final String JSON_FILE = "bisect.json";
    public static final String MARKDOWN_FILE = "bisect.md";

    public BisectReport {
        workloads = List.copyOf(workloads);
        versions = List.copyOf(versions);
    }

    public String good() {
        return versions.get(0);
    }

    public String bad() {
        return versions.get(versions.size() - 1);
    }
}
