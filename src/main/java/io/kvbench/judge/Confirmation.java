package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Confirmation reruns, as careful CI systems do them: a benchmark that looks regressed (that the policy suspects:
 * {@link ComparisonPolicy#suspect}) is measured again, up to a bounded number of times, and judged on the pooled
 * samples of all its runs. A regression stands only if it survives every rerun; the first pooled verdict the policy
 * no longer suspects ends the reruns. One noisy run (a neighbour's burst,
 * an unlucky fork) cannot fail the gate on its own, while a real slowdown shows again in every rerun and the pooled
 * samples only make it clearer.
 */
public final class Confirmation {

    /** Measures the benchmark once more; an ERROR result ends the confirmation. */
    @FunctionalInterface
    public interface Rerun {
        BenchmarkResult next(int attempt) throws Exception;
    }

    /**
     * @param assessment the final assessment (of the pooled runs when there were reruns)
     * @param pooled     the result it judged: the first run, or all runs pooled
     * @param reruns     how many reruns were made
     * @param firstRun   the assessment of the first run alone
     * @param failure    the reason a rerun failed (its result was an ERROR), else null
     */
    public record Decision(Assessment assessment, BenchmarkResult pooled, int reruns, Assessment firstRun,
                           String failure) {

        /** A REGRESSION of the first run that the reruns did not clear (and no rerun failed). */
        public boolean confirmed() {
            return failure == null && assessment.verdict() == Verdict.REGRESSION;
        }

        /** What the reruns did, for the note of a verdict row; empty when there were none. */
        public String summary() {
            if (reruns == 0) return "";
            if (failure != null) return "confirmation rerun " + reruns + " failed: " + failure;
            String samples = pooled.samples().size() + " samples of " + (reruns + 1) + " runs";
            return assessment.verdict() == Verdict.REGRESSION
                    ? "confirmed by " + reruns + (reruns == 1 ? " rerun" : " reruns") + " (pooled " + samples + ")"
                    : "not confirmed: " + assessment.verdict() + " on the pooled " + samples + " (first run: "
                            + firstRun.note() + ")";
        }
    }

    private Confirmation() {
    }

    public static Decision decide(ComparisonPolicy policy, Baseline baseline, BenchmarkResult first, int maxReruns,
                                 Rerun rerun) throws Exception {
        if (maxReruns < 0) throw new BadInputException("reruns must be >= 0, not " + maxReruns);
        Assessment firstRun = policy.assess(baseline, first);
        Assessment current = firstRun;
        List<BenchmarkResult> runs = new ArrayList<>(List.of(first));
        BenchmarkResult pooled = first;
        int reruns = 0;
        while (policy.suspect(baseline, pooled, current) && reruns < maxReruns) {
            BenchmarkResult next = rerun.next(++reruns);
            if (next.status() != Status.OK) return new Decision(current, pooled, reruns, firstRun, next.reason());
            runs.add(next);
            pooled = Pooling.pool(runs);
            current = policy.assess(baseline, pooled);
        }
        return new Decision(current, pooled, reruns, firstRun, null);
    }
}
