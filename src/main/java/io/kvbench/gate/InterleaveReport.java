package io.kvbench.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.input.BadInputException;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code kvbench interleave} writes as {@code interleave.json}: the settings of the session and B against A per
 * benchmark with the ratio of every round. Read back to combine the shards of a pull request's A/B check.
 *
 * @param configurations what A and B were
 * @param judging        how B was judged against A
 * @param counts         rows per verdict
 * @param results        B against A per benchmark, with the ratio of every round
 * @param minutes        how long the session took, both sides; null in files written before it was recorded
 */
public record InterleaveReport(String profile, int rounds, @JsonUnwrapped Configurations configurations,
                               @JsonUnwrapped Judging judging, Map<Verdict, Long> counts,
                               List<Interleaving.Result> results,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Double minutes) {

    /** What configurations A and B were, for people. */
    public record Configurations(String a, String b) {
    }

    /**
     * @param policy the comparison policy and schedule, in words
     * @param alpha  significance level of the paired test, for the interval of the ratio
     * @param metric the cost B was judged on ({@link JudgedMetric#name()}); null for time, and in files written
     *               before it was recorded
     */
    public record Judging(String policy, double alpha,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String metric) {

        /** Judged on time. */
        public Judging(String policy, double alpha) {
            this(policy, alpha, null);
        }

        /** What B was judged on. */
        public JudgedMetric judged() {
            return new JudgedMetric(metric);
        }
    }

    public static final String JSON_FILE = "interleave.json";
    public static final String MARKDOWN_FILE = "interleave.md";

    public InterleaveReport {
        configurations = configurations == null ? new Configurations(null, null) : configurations;
        judging = judging == null ? new Judging(null, Double.NaN) : judging;
        results = results == null ? List.of() : List.copyOf(results);
        counts = counts == null ? Map.of() : Map.copyOf(counts);
    }

    public String a() {
        return configurations.a();
    }

    public String b() {
        return configurations.b();
    }

    public String policy() {
        return judging.policy();
    }

    public double alpha() {
        return judging.alpha();
    }

    /**
     * Reads {@code dir/interleave.json}, validated: a missing, malformed or implausible file (fewer rounds than its
     * verdicts need, a path-like id, a ratio that is not a positive number, a verdict without its row) is bad input
     * naming the file and the field.
     */
    public static InterleaveReport read(Path dir) throws IOException {
        Path file = dir.resolve(JSON_FILE);
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file
                    + ": not found (the A/B shard did not finish, or this is not an interleave output)");
        }
        InterleaveReport report = Inputs.parse(ResultsJson.MAPPER, file, Inputs.readFile(file, "interleave report"),
                InterleaveReport.class, "an interleave report");
        if (!(report.alpha() > 0 && report.alpha() < 1)) {
            throw new InputException(file, "alpha", "is " + report.alpha() + "; it must be between 0 and 1");
        }
        boolean judged = false;
        for (int i = 0; i < report.results().size(); i++) {
            Interleaving.Result result = report.results().get(i);
            String at = "results[" + i + "]";
            if (result == null || result.row() == null) throw new InputException(file, at + ".row", "is missing");
            Inputs.id(file, at + ".row.engine", result.row().engine());
            Inputs.id(file, at + ".row.workload", result.row().workload());
            if (result.row().verdict() == null) throw new InputException(file, at + ".row.verdict", "is missing");
            if (result.row().verdict() == Verdict.ERROR) continue; // not judged on ratios: its failed round has none
            judged = true;
            List<Double> ratios = result.roundRatios() == null ? List.of() : result.roundRatios();
            for (int r = 0; r < ratios.size(); r++) {
                Double ratio = ratios.get(r);
                Inputs.positive(file, at + ".roundRatios[" + r + "]", ratio == null ? Double.NaN : ratio);
            }
            if (result.resolution() != null) {
                Inputs.positive(file, at + ".resolution.slowdown", result.resolution().slowdown());
                if (result.resolution().basis() == null) {
                    throw new InputException(file, at + ".resolution.basis", "is missing");
                }
            }
        }
        // A verdict needs two paired rounds; a session that an ERROR stopped in its first round has one, and is
        // reported (as ERROR), not refused.
        int needed = judged ? 2 : 1;
        if (report.rounds() < needed) {
            throw new InputException(file, "rounds", "is " + report.rounds() + "; " + (judged
                    ? "a verdict needs at least 2 rounds" : "no rounds recorded"));
        }
        return report;
    }
}
