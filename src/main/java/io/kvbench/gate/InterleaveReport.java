package io.kvbench.gate;

import io.kvbench.judge.Verdict;
import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code kvbench interleave} writes as {@code interleave.json}: the settings of the session and B against A per
 * benchmark with the ratio of every round. Read back to combine the shards of a pull request's A/B check.
 *
 * @param alpha significance level of the paired test, for the interval of the ratio
 */
public record InterleaveReport(String profile, int rounds, String a, String b, String policy, double alpha,
                               Map<Verdict, Long> counts, List<Interleaving.Result> results) {

    public static final String JSON_FILE = "interleave.json";
    public static final String MARKDOWN_FILE = "interleave.md";

    public InterleaveReport {
        results = results == null ? List.of() : List.copyOf(results);
        counts = counts == null ? Map.of() : Map.copyOf(counts);
    }

    /** Reads {@code dir/interleave.json}; a missing or malformed file is bad input naming the file. */
    public static InterleaveReport read(Path dir) throws IOException {
        Path file = dir.resolve(JSON_FILE);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": not found (the A/B shard did not finish, or this is not an interleave output)");
        }
        try {
            InterleaveReport report = ResultsJson.MAPPER.readValue(file.toFile(), InterleaveReport.class);
            if (report == null || report.rounds() < 2) throw new IllegalArgumentException(file + ": no rounds recorded");
            return report;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not an interleave report (" + e.getOriginalMessage().lines().findFirst().orElse("") + ")");
        }
    }
}
