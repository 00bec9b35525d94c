package io.kvbench.judge;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.input.BadInputException;
import io.kvbench.result.Verdict;

/**
 * One line of the verdict table, written as one flat object (comparison.json, interleave.json). Built by name: a row
 * judged on numbers with its {@link Scores} and {@link Significance}, the others with {@link #unmeasured} (nothing
 * measured: MISSING, ERROR, KNOWN_ISSUE) or {@link #unjudged} (measured, not compared: NEW, NOT_COMPARED).
 *
 * @param key          engine and workload
 * @param unit         unit of both scores
 * @param scores       baseline and measured scores and their difference
 * @param significance the policy's test, for people
 * @param note         why the verdict is what it is
 * @param flagged      the comparison crossed JDKs or base images (the note says which): made, but not to be trusted
 *                     without a look
 */
public record ComparisonRow(@JsonUnwrapped BenchmarkKey key, Verdict verdict, String unit,
                            @JsonUnwrapped Scores scores, @JsonUnwrapped Significance significance, String note,
                            @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean flagged) {

    /**
     * @param baselineScore NaN when there is no baseline
     * @param measuredScore NaN when nothing was measured (MISSING, ERROR)
     * @param deltaPercent  (measured - baseline) / baseline in percent; NaN unless both scores are known
     */
    public record Scores(double baselineScore, double measuredScore, double deltaPercent) {

        /** Both scores, and the difference between them. */
        public static Scores of(double baselineScore, double measuredScore) {
            return new Scores(baselineScore, measuredScore, (measuredScore - baselineScore) / baselineScore * 100);
        }
    }

    /**
     * @param pValue     from the policy's significance test; NaN when it used none
     * @param confidence the policy's confidence, for people ("p=0.0031", "CI overlap"); "-" when none
     */
    public record Significance(double pValue, String confidence) {

        /** No test was made. */
        public static final Significance NONE = new Significance(Double.NaN, "-");
    }

    public ComparisonRow {
        if (verdict != null && !Verdict.OF_BENCHMARKS.contains(verdict)) {
            throw new BadInputException(verdict + " is not a benchmark's verdict");
        }
        key = key == null ? new BenchmarkKey(null, null) : key;
        scores = scores == null ? new Scores(Double.NaN, Double.NaN, Double.NaN) : scores;
        significance = significance == null ? Significance.NONE : significance;
    }

    /** A row judged on numbers. */
    public static ComparisonRow judged(BenchmarkKey key, Verdict verdict, String unit, Scores scores,
                                       Significance significance, String note) {
        return new ComparisonRow(key, verdict, unit, scores, significance, note, false);
    }

    /** A row with nothing measured (MISSING, ERROR, KNOWN_ISSUE); {@code baselineScore} NaN when there is none. */
    public static ComparisonRow unmeasured(BenchmarkKey key, Verdict verdict, String unit, double baselineScore,
                                           String note) {
        return judged(key, verdict, unit, new Scores(baselineScore, Double.NaN, Double.NaN), Significance.NONE, note);
    }

    /** A measured row whose score was not compared with a baseline (NEW, NOT_COMPARED, disk only). */
    public static ComparisonRow unjudged(BenchmarkKey key, Verdict verdict, String unit, double measuredScore,
                                         String note) {
        return judged(key, verdict, unit, new Scores(Double.NaN, measuredScore, Double.NaN), Significance.NONE, note);
    }

    public ComparisonRow withVerdict(Verdict other) {
        return new ComparisonRow(key, other, unit, scores, significance, note, flagged);
    }

    /** The same row with {@code other} as its whole note. */
    public ComparisonRow withNote(String other) {
        return new ComparisonRow(key, verdict, unit, scores, significance, other, flagged);
    }

    /** The same row with {@code extra} appended to its note. */
    public ComparisonRow withMoreNote(String extra) {
        return withNote(note == null || note.isEmpty() ? extra : note + "; " + extra);
    }

    /** The same row marked as a comparison across JDKs or base images. */
    public ComparisonRow asFlagged() {
        return new ComparisonRow(key, verdict, unit, scores, significance, note, true);
    }

    public String engine() {
        return key.engine();
    }

    public String workload() {
        return key.workload();
    }

    public double baselineScore() {
        return scores.baselineScore();
    }

    public double measuredScore() {
        return scores.measuredScore();
    }

    public double deltaPercent() {
        return scores.deltaPercent();
    }

    public double pValue() {
        return significance.pValue();
    }

    public String confidence() {
        return significance.confidence();
    }
}
