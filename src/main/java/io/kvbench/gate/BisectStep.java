package io.kvbench.gate;

import io.kvbench.judge.Bisection;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.util.List;

/**
 * What one step of {@code kvbench bisect} says of the version it measured (side B) against the good end (side A),
 * from the step's interleaved session, for all its workloads together: a version is bad when any workload regressed,
 * and good only when every workload judged resolves "no slowdown of the minimum effect".
 */
public final class BisectStep {

    private BisectStep() {
    }

    /**
     * In order: a REGRESSION of any workload makes the version bad; else B's adapter not linking (a typed LINKAGE
     * failure of side B) skips it; else any other failure (of either side) fails the step; else the version is good
     * when every workload judged (not-applicable ones aside) passed and resolves the minimum effect (the sequential
     * test accepted "not worse", or the paired test's rounds were tight enough): a PASS that resolves only a larger
     * slowdown says too little, so the step is undecided, as it is when nothing was judged.
     */
    public static Bisection.Outcome outcome(List<Interleaving.Result> results, double minEffect) {
        if (results.stream().anyMatch(r -> r.row().verdict() == Verdict.REGRESSION)) {
            return Bisection.Outcome.REGRESSION;
        }
        if (results.stream().anyMatch(r -> r.failure() != null && "B".equals(r.failure().side())
                && r.failure().kind() == FailureKind.LINKAGE)) {
            return Bisection.Outcome.SKIPPED;
        }
        if (results.isEmpty() || results.stream().anyMatch(r -> r.row().verdict() == Verdict.ERROR)) {
            return Bisection.Outcome.FAILED;
        }
        List<Interleaving.Result> judged = results.stream().filter(r -> r.row().verdict() != Verdict.NEW).toList();
        boolean allResolved = !judged.isEmpty() && judged.stream().allMatch(r ->
                (r.row().verdict() == Verdict.PASS || r.row().verdict() == Verdict.IMPROVEMENT)
                        && r.resolution() != null && r.resolution().atMinimumEffect(minEffect));
        return allResolved ? Bisection.Outcome.NO_REGRESSION : Bisection.Outcome.UNDECIDED;
    }
}
