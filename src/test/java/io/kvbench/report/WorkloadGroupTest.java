package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static io.kvbench.fixtures.SampleResults.throughput;
import static io.kvbench.fixtures.SampleResults.timePerPass;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadGroupTest {

    private static List<String> engines(WorkloadGroup group) {
        return group.rows().stream().map(r -> r.result().engine()).toList();
    }

    @Test
    void throughputIsRankedHighestFirst() {
        WorkloadGroup group = WorkloadGroup.rank("put", List.of(throughput("a", "put", 100, 1),
                throughput("b", "put", 300, 1), throughput("c", "put", 200, 1)));
        assertThat(group.higherIsBetter()).isTrue();
        assertThat(engines(group)).containsExactly("b", "c", "a");
        assertThat(group.rows().get(0).vsFastest()).isEqualTo(1.0);
        assertThat(group.rows().get(2).vsFastest()).as("a third of the throughput takes three times as long")
                .isCloseTo(3.0, within(1e-12));
    }

    @Test
    void timeIsRankedLowestFirst() {
        WorkloadGroup group = WorkloadGroup.rank("load", List.of(timePerPass("a", "load", 4.0, 0.1),
                timePerPass("b", "load", 1.0, 0.1), timePerPass("c", "load", 2.0, 0.1)));
        assertThat(group.higherIsBetter()).isFalse();
        assertThat(engines(group)).containsExactly("b", "c", "a");
        assertThat(group.rows().stream().map(WorkloadGroup.Row::vsFastest)).as("the same direction as throughput's")
                .containsExactly(1.0, 2.0, 4.0);
        assertThat(group.direction()).isEqualTo("time-per-pass, lower is better");
    }

    @Test
    void unmeasuredRowsComeLastErrorsBeforeNotApplicableWithoutARelativeScore() {
        WorkloadGroup group = WorkloadGroup.rank("scan", List.of(
                BenchmarkResult.notApplicable("h", "scan", "hash", null),
                throughput("z", "scan", 5, 1),
                BenchmarkResult.failed("e", "scan", FailureKind.ENGINE_FAILURE, "boom", null),
                BenchmarkResult.notApplicable("g", "scan", "hash", null),
                throughput("y", "scan", 7, 1)));
        assertThat(engines(group)).containsExactly("y", "z", "e", "g", "h");
        assertThat(group.measuredRows()).hasSize(2);
        assertThat(group.unmeasuredRows()).allSatisfy(r -> assertThat(r.vsFastest()).isNaN());
    }

    @Test
    void equalScoresAreOrderedByEngine() {
        WorkloadGroup group = WorkloadGroup.rank("w", List.of(throughput("b", "w", 5, 0), throughput("a", "w", 5, 0)));
        assertThat(engines(group)).containsExactly("a", "b");
    }

    @Test
    void workloadsKeepTheOrderTheyRanIn() {
        List<WorkloadGroup> groups = WorkloadGroup.of(SampleResults.sixByFour());
        assertThat(groups).extracting(WorkloadGroup::workload)
                .containsExactly("put-random", "get-random", "range-scan", "bulk-load");
        assertThat(groups.get(0).rows()).hasSize(6);
    }

    @Test
    void aWorkloadWithNothingMeasuredHasNoUnitAndNoBest() {
        WorkloadGroup group = WorkloadGroup.rank("w", List.of(BenchmarkResult.failed("a", "w",
                FailureKind.ENGINE_FAILURE, "x", null)));
        assertThat(group.unit()).isNull();
        assertThat(group.measuredRows()).isEmpty();
        assertThat(group.direction()).isEmpty();
    }
}
