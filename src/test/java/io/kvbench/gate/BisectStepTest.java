package io.kvbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.judge.Bisection.Outcome;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.Resolution;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A step's outcome from its session's rows, all workloads together. */
class BisectStepTest {

    private static final double MIN_EFFECT = 0.05;
    private static final Resolution AT_MIN = new Resolution(0.05, 0.02, 6, Resolution.Basis.SEQUENTIAL);
    private static final Resolution COARSE = new Resolution(0.15, 0.12, 30, Resolution.Basis.PAIRED);

    private static Interleaving.Result row(String workload, Verdict verdict, Resolution resolution) {
        ComparisonRow row = ComparisonRow.judged(new BenchmarkKey("lmdb", workload), verdict, "ops/s",
                ComparisonRow.Scores.of(100, 90), ComparisonRow.Significance.NONE, "");
        return new Interleaving.Result(row, List.of(0.9, 0.9, 0.9), resolution);
    }

    private static Interleaving.Result failed(String side, FailureKind kind) {
        ComparisonRow row = ComparisonRow.unmeasured(new BenchmarkKey("lmdb", "ycsb-c"), Verdict.ERROR, null,
                Double.NaN, side + ": does not link");
        return new Interleaving.Result(row, List.of(), null, new Interleaving.SideFailure(side, kind));
    }

    private static Outcome of(Interleaving.Result... results) {
        return BisectStep.outcome(List.of(results), MIN_EFFECT);
    }

    @Test
    void anyWorkloadRegressedMakesTheVersionBad() {
        assertThat(of(row("a", Verdict.PASS, AT_MIN), row("b", Verdict.REGRESSION, null)))
                .isEqualTo(Outcome.REGRESSION);
    }

    @Test
    void goodOnlyWhenEveryWorkloadResolvesTheMinimumEffect() {
        assertThat(of(row("a", Verdict.PASS, AT_MIN), row("b", Verdict.IMPROVEMENT, AT_MIN)))
                .isEqualTo(Outcome.NO_REGRESSION);
        assertThat(of(row("a", Verdict.PASS, AT_MIN), row("b", Verdict.PASS, COARSE)))
                .as("a pass that resolves only 15 %% says too little").isEqualTo(Outcome.UNDECIDED);
        assertThat(of(row("a", Verdict.NEW, null))).as("nothing judged").isEqualTo(Outcome.UNDECIDED);
    }

    @Test
    void bsLinkageIsASkipAndAnyOtherFailureFailsTheStep() {
        assertThat(of(failed("B", FailureKind.LINKAGE))).isEqualTo(Outcome.SKIPPED);
        assertThat(of(failed("A", FailureKind.LINKAGE))).as("the good end itself").isEqualTo(Outcome.FAILED);
        assertThat(of(failed("B", FailureKind.ENGINE_FAILURE))).isEqualTo(Outcome.FAILED);
        assertThat(of()).isEqualTo(Outcome.FAILED);
    }
}
