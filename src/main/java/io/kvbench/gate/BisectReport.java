package io.kvbench.gate;

import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.judge.Bisection;
import io.kvbench.result.ResultsJson;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code kvbench bisect} writes as {@code bisect.json}: the versions (or commits) searched and every step, each
 * with the interleaved session that judged its version (B) against the good end (A).
 *
 * @param engine    the engine whose versions were searched
 * @param workloads the workloads every step ran, judged together
 * @param versions  the labels searched, from the good end to the bad end, in order: released versions, or the short
 *                  hashes of commits ({@link Source})
 * @param minEffect the smallest slowdown that counts, a fraction
 * @param search    how the search ended, and its steps
 * @param minutes   how long the whole bisection took
 * @param source    what the labels are; absent in files written before commits could be searched: versions
 */
public record BisectReport(String engine, List<String> workloads, List<String> versions, double minEffect,
                           Bisection.Result<InterleaveReport> search, double minutes, Source source) {

    public static final String JSON_FILE = "bisect.json";
    public static final String MARKDOWN_FILE = "bisect.md";

    public BisectReport {
        workloads = List.copyOf(workloads);
        versions = List.copyOf(versions);
        if (source == null) source = Source.RELEASED;
    }

    /** A bisection of released versions. */
    public BisectReport(String engine, List<String> workloads, List<String> versions, double minEffect,
                        Bisection.Result<InterleaveReport> search, double minutes) {
        this(engine, workloads, versions, minEffect, search, minutes, Source.RELEASED);
    }

    /** What the labels of a bisection are. */
    public enum Labels {
        /** Released versions from a Maven repository. */
        VERSIONS,
        /** Commits of a local git repository, by short hash. */
        COMMITS
    }

    /** One commit searched: its label (short hash), full hash and subject. */
    public record Commit(String label, String hash, String subject) {
    }

    /**
     * Where the labels come from.
     *
     * @param repo     the git repository of the commits; null for versions
     * @param build    the build command run in each commit's checkout; null for versions
     * @param artifact the glob of the jar the build makes; null for versions
     * @param commits  the commits searched, in the order of {@link #versions()}; empty for versions
     * @param skipped  why a commit has no jar (its build failed), by label, in the order met; empty for versions
     */
    public record Source(Labels labels, String repo, String build, String artifact, List<Commit> commits,
                         Map<String, String> skipped) {

        static final Source RELEASED = new Source(Labels.VERSIONS, null, null, null, List.of(), Map.of());

        public Source {
            if (labels == null) labels = Labels.VERSIONS;
            commits = commits == null ? List.of() : List.copyOf(commits);
            skipped = skipped == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(skipped));
        }

        /** The subject of the commit labelled {@code label}; "" for a version. */
        public String subject(String label) {
            return commits.stream().filter(c -> c.label().equals(label)).map(Commit::subject).findFirst().orElse("");
        }
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
