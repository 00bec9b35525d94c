package io.kvbench.gate;

import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.judge.Bisection;
import io.kvbench.result.ResultsJson;
import java.nio.file.Path;
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

    /** Reads a bisect.json; a malformed one, or one without its engine, versions or search, is bad input. */
    public static BisectReport read(Path file) {
        BisectReport report = Inputs.parse(ResultsJson.MAPPER, file, Inputs.readFile(file, "a " + JSON_FILE),
                BisectReport.class, "a bisection");
        Inputs.id(file, "engine", report.engine());
        if (report.versions().size() < 2) throw new InputException(file, "versions", "needs the good and bad ends");
        if (report.search() == null || report.search().end() == null) {
            throw new InputException(file, "search", "is missing");
        }
        return report;
    }
}
