package io.kvbench.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.input.BadInputException;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What {@code kvbench versions} writes as {@code versions.json}: the versions of one engine measured in the same
 * interleaved rounds, and per workload a point per version and a paired step between consecutive measured versions.
 * Read back to merge the shards of a matrix ({@link VersionsMerge}).
 *
 * @param subject what was measured: the engine, its artifact and versions
 * @param session how: the profile, rounds, shard and minutes
 * @param judging how the steps were judged
 * @param series  one per workload, in the order given
 */
public record VersionsReport(@JsonUnwrapped Subject subject, @JsonUnwrapped Session session,
                             @JsonUnwrapped Judging judging, List<Series> series) {

    /**
     * @param engine   the engine whose versions were measured
     * @param artifact its Maven artifact, groupId:artifactId
     * @param versions the versions, in Maven's order
     */
    public record Subject(String engine, String artifact, List<String> versions) {
        public Subject {
            versions = versions == null ? List.of() : List.copyOf(versions);
        }
    }

    /**
     * @param profile the profile's name (with its overrides)
     * @param rounds  rounds run (each round runs every version once)
     * @param shard   "K/N" of a shard; null for a whole series or a merge
     * @param minutes how long the rounds took (a merge: the longest shard's)
     */
    public record Session(String profile, int rounds, @JsonInclude(JsonInclude.Include.NON_NULL) String shard,
                          double minutes) {
    }

    public static final String JSON_FILE = "versions.json";
    public static final String MARKDOWN_FILE = "versions.md";
    public static final String HTML_FILE = "versions.html";

    /**
     * @param policy    the comparison policy, in words
     * @param alpha     the significance level of the paired test and of the intervals
     * @param minEffect the smallest change of a step that counts, a fraction
     * @param seed      seed of the order of the versions in the rounds
     */
    public record Judging(String policy, double alpha, double minEffect, long seed) {
    }

    /** What a version's point says: measured, or why not. */
    public enum State { MEASURED, LINKAGE, ERROR, NOT_APPLICABLE }

    /**
     * The mean score of a version over its rounds; every figure NaN unless the version was MEASURED.
     *
     * @param mean     the mean score over its rounds
     * @param low      the low end of the mean's t interval over its rounds; NaN with fewer than 2 rounds
     * @param high     its high end
     * @param relative the mean over the first measured version's mean
     */
    public record Mean(double mean, double low, double high, double relative) {
        public static final Mean NONE = new Mean(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * One version on one workload.
     *
     * @param state  MEASURED when every round of it measured
     * @param score  its mean with its interval
     * @param scores its score per round, in round order (NaN where a round failed)
     * @param note   why it is not MEASURED (the failure's reason); empty when it is
     */
    public record Point(String version, State state, @JsonUnwrapped Mean score, List<Double> scores, String note) {
        public Point {
            score = score == null ? Mean.NONE : score;
            scores = scores == null ? List.of() : List.copyOf(scores);
            note = note == null ? "" : note;
        }

        public double mean() {
            return score.mean();
        }

        public double low() {
            return score.low();
        }

        public double high() {
            return score.high();
        }

        public double relative() {
            return score.relative();
        }
    }

    /**
     * One step between consecutive measured versions, judged by the A/B's paired rule ({@link Interleaving#judge}:
     * {@code from} as A, {@code to} as B).
     *
     * @param skipped versions between them that were not measured (LINKAGE, ERROR): the step spans them
     */
    public record Step(String from, String to, List<String> skipped, Interleaving.Result result) {
        public Step {
            skipped = skipped == null ? List.of() : List.copyOf(skipped);
        }
    }

    /** @param unit the score's unit; null when no version measured */
    public record Series(String workload, String unit, List<Point> points, List<Step> steps) {
        public Series {
            points = points == null ? List.of() : List.copyOf(points);
            steps = steps == null ? List.of() : List.copyOf(steps);
        }
    }

    public VersionsReport {
        subject = subject == null ? new Subject(null, null, List.of()) : subject;
        session = session == null ? new Session(null, 0, null, 0) : session;
        series = series == null ? List.of() : List.copyOf(series);
        judging = judging == null ? new Judging(null, Double.NaN, Double.NaN, 0) : judging;
    }

    public String engine() {
        return subject.engine();
    }

    public String artifact() {
        return subject.artifact();
    }

    public List<String> versions() {
        return subject.versions();
    }

    public String profile() {
        return session.profile();
    }

    public int rounds() {
        return session.rounds();
    }

    public String shard() {
        return session.shard();
    }

    public double minutes() {
        return session.minutes();
    }

    /** Whether any version of any workload failed other than by not linking. */
    public boolean anyError() {
        return series.stream().flatMap(s -> s.points().stream()).anyMatch(p -> p.state() == State.ERROR);
    }

    /**
     * Reads {@code dir/versions.json}, validated: a missing or malformed file, fewer than two versions, a workload
     * without a point per version, or a ratio that is not a positive number is bad input naming the file and field.
     */
    public static VersionsReport read(Path dir) {
        Path file = dir.resolve(JSON_FILE);
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file + ": not found (the shard did not finish, or this is not the "
                    + "output of kvbench versions)");
        }
        VersionsReport report = Inputs.parse(ResultsJson.MAPPER, file, Inputs.readFile(file, "a " + JSON_FILE),
                VersionsReport.class, "a version series");
        Inputs.id(file, "engine", report.engine());
        if (report.versions().size() < 2) throw new InputException(file, "versions", "needs at least two versions");
        if (!(report.judging().alpha() > 0 && report.judging().alpha() < 1)) {
            throw new InputException(file, "alpha", "is " + report.judging().alpha() + "; it must be between 0 and 1");
        }
        for (int i = 0; i < report.series().size(); i++) {
            Series s = report.series().get(i);
            String at = "series[" + i + "]";
            if (s == null) throw new InputException(file, at, "is missing");
            Inputs.id(file, at + ".workload", s.workload());
            List<String> pointVersions = s.points().stream().map(p -> p == null ? null : p.version()).toList();
            if (!pointVersions.equals(report.versions())) {
                throw new InputException(file, at + ".points", "are " + pointVersions + ", not one per version "
                        + report.versions());
            }
            for (int p = 0; p < s.points().size(); p++) {
                if (s.points().get(p).state() == null) {
                    throw new InputException(file, at + ".points[" + p + "].state", "is missing");
                }
            }
            for (int k = 0; k < s.steps().size(); k++) {
                Step step = s.steps().get(k);
                String stepAt = at + ".steps[" + k + "]";
                if (step == null || step.result() == null || step.result().row() == null) {
                    throw new InputException(file, stepAt + ".result", "is missing");
                }
                List<Double> ratios = Objects.requireNonNullElse(step.result().roundRatios(), List.of());
                for (int r = 0; r < ratios.size(); r++) {
                    Inputs.positive(file, stepAt + ".result.roundRatios[" + r + "]",
                            ratios.get(r) == null ? Double.NaN : ratios.get(r));
                }
            }
        }
        return report;
    }
}
