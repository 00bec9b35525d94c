package io.kvbench.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.SharedResources;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.DiskBaseline;
import io.kvbench.baseline.DiskBaselineStore;
import io.kvbench.gate.Gate;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.SignificanceTests;
import io.kvbench.result.Verdict;
import io.kvbench.run.ContainerRunner;
import io.kvbench.run.RunPlan;
import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The smoke gate's disk tolerance catches a 10 % larger store, through the path {@code mvn test} takes: a real smoke
 * benchmark in the one-core container, judged by the perf gate's {@link Gate} (with its confirmation rerun) and
 * {@link PerfVerdicts}, against the committed disk baseline shrunk by 10 % (the store then measures 10 % larger than
 * its baseline, as a store that grew by 10 % would). The unshrunk committed baseline passes. Needs Docker and a data
 * directory on the committed baseline's file system (ext4); skipped with the reason otherwise.
 */
@Tag("container")
@Execution(ExecutionMode.CONCURRENT) // beside the host-bound classes, never beside another Docker user
@ResourceLock(SharedResources.DOCKER)
@Order(5)
class DiskGrowthGateTest {

    private static final String PROFILE = "smoke";
    private static final BenchmarkKey KEY = new BenchmarkKey("h2-mvstore", "tc-random-read");

    @TempDir
    Path tmp;

    @Test
    void aStoreTenPercentLargerThanItsBaselineFailsTheSmokeGate() throws IOException {
        assumeTrue(ContainerRunner.dockerAvailable().isEmpty(), () -> "needs Docker: "
                + ContainerRunner.dockerAvailable().orElse(""));
        DiskBaseline committed = new DiskBaselineStore(BaselineStore.DEFAULT_ROOT).load(PROFILE).get(KEY);
        assertThat(committed).as("the committed disk baseline of " + KEY).isNotNull();

        ComparisonRow unchanged = gate(tmp.resolve("unchanged"), committed);
        assumeTrue(unchanged.note() == null || !unchanged.note().contains("disk not compared"),
                () -> "the data directory is not on the baseline's file system: " + unchanged.note());
        assertThat(unchanged.verdict()).as(unchanged.note()).isNotEqualTo(Verdict.REGRESSION);

        long shrunk = Math.round(committed.diskBytes() / 1.10);
        DiskBaseline smaller = new DiskBaseline(DiskBaseline.SCHEMA_VERSION, KEY, PROFILE, committed.measuredOn(),
                new DiskBaseline.Footprint(shrunk, List.of(shrunk), committed.recordedOn()), committed.recorded());
        ComparisonRow grown = gate(tmp.resolve("grown"), smaller);
        assertThat(grown.verdict()).as(grown.note()).isEqualTo(Verdict.REGRESSION);
        assertThat(grown.note()).contains("disk grew +10.0%");
        assertThatThrownBy(() -> PerfVerdicts.check(grown, PROFILE, "any", false)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("disk grew");
    }

    /** The smoke gate's judgement of one real run of {@link #KEY} against this disk baseline (no throughput ones). */
    private static ComparisonRow gate(Path dir, DiskBaseline disk) throws IOException {
        BaselineStore store = new BaselineStore(dir.resolve("perf-baselines"));
        new DiskBaselineStore(store.root()).writeAll(List.of(disk));
        RunPlan plan = RunPlan.of(List.of(KEY.engine()), List.of(KEY.workload()), PROFILE, dir.resolve("out"));
        Gate.Judgement outcome = new Gate(new ContainerRunner(ContainerResources.load(ContainerResources.DEFAULT)),
                store, SignificanceTests.forGate(Catalog.profile(PROFILE).gate()), 1,
                new PrintStream(OutputStream.nullOutputStream())).run(plan, KEY::equals);
        return outcome.rows().get(0);
    }
}
