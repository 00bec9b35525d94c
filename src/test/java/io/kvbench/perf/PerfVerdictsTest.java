package io.kvbench.perf;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.result.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.opentest4j.TestAbortedException;

/** Which perf-gate verdicts fail, which skip with their reason, which pass: a lost benchmark must never just skip. */
class PerfVerdictsTest {

    private static ComparisonRow row(Verdict verdict) {
        return new ComparisonRow(new BenchmarkKey("rocksdb", "ycsb-c"), verdict, "ops/s",
                new ComparisonRow.Scores(1000, Double.NaN, Double.NaN), new ComparisonRow.Significance(Double.NaN,
                "-"), "the note", false);
    }

    @ParameterizedTest
    @EnumSource(value = Verdict.class, names = {"MISSING", "ERROR", "REGRESSION"})
    void fails(Verdict verdict) {
        assertThatThrownBy(() -> PerfVerdicts.check(row(verdict), "smoke", "test-cpu-2c", false))
                .isInstanceOf(AssertionError.class).hasMessageContaining("the note");
    }

    @ParameterizedTest
    @EnumSource(value = Verdict.class, names = {"NOT_COMPARED", "KNOWN_ISSUE"})
    void skipsWithTheReason(Verdict verdict) {
        assertThatThrownBy(() -> PerfVerdicts.check(row(verdict), "smoke", "test-cpu-2c", false))
                .isInstanceOf(TestAbortedException.class).hasMessageContaining("the note");
    }

    @ParameterizedTest
    @EnumSource(value = Verdict.class, names = {"PASS", "IMPROVEMENT", "NEW"})
    void passes(Verdict verdict) {
        assertThatCode(() -> PerfVerdicts.check(row(verdict), "smoke", "test-cpu-2c", false))
                .doesNotThrowAnyException();
    }

    /** Throughput not compared, but costs judged within their allowance: what holds on every machine passed. */
    @Test
    void notComparedPassesWhereItsCostsWereJudged() {
        assertThatCode(() -> PerfVerdicts.check(row(Verdict.NOT_COMPARED), "smoke", "test-cpu-2c", false,
                java.util.List.of("alloc.bytes.op"))).doesNotThrowAnyException();
    }

    /** On a class declared complete a benchmark without a baseline is a gap, unless a change listed it as new. */
    @Test
    void newFailsWhereTheClassRequiresABaseline() {
        assertThatThrownBy(() -> PerfVerdicts.check(row(Verdict.NEW), "smoke", "test-cpu-2c", true))
                .isInstanceOf(AssertionError.class).hasMessageContaining("baselines are complete")
                .hasMessageContaining("the note");
    }
}
