package io.kvbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.DiskBaselineStore;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the gate runs on a machine class, against the committed baselines: all of it, what its costs and disk judge, or
 * nothing.
 */
class GateScopeTest {

    private static final BaselineStore COMMITTED = new BaselineStore(BaselineStore.DEFAULT_ROOT);
    private static final List<String> SMOKE = Catalog.profile("smoke").defaultWorkloads();

    @TempDir
    Path tmp;

    @Test
    void aClassWithThroughputBaselinesRunsTheWholePlan() throws IOException {
        RunPlan plan = plan();
        Gate.Scope scope = Gate.scope(COMMITTED, plan, "amd-epyc-f26-m2-s1-1c-3g");
        assertThat(scope.throughput()).isTrue();
        assertThat(scope.plan()).contains(plan);
        assertThat(scope.leftOut()).isEmpty();
    }

    /**
     * A class nobody recorded (a hosted runner's, a laptop's) still judges the costs per operation of every workload
     * the committed cost baselines cover, measured as they were recorded: JMH with the profile's iterations.
     */
    @Test
    void aClassWithoutThemMeasuresWhatTheCostBaselinesJudge() throws IOException {
        RunPlan plan = plan();
        Gate.Scope scope = Gate.scope(COMMITTED, plan, "intel-xeon-f6-m167-s8-1c-3g");
        assertThat(scope.throughput()).isFalse();
        assertThat(scope.costs()).isTrue();
        assertThat(scope.benchmarks()).isTrue();
        assertThat(scope.plan().orElseThrow().workloads()).extracting(Workload::name).containsExactlyElementsOf(SMOKE);
        assertThat(scope.plan().orElseThrow().profile()).as("the profile's own iterations")
                .isEqualTo(plan.profile());
        assertThat(scope.leftOut()).isEmpty();
    }

    /**
     * With disk baselines only, such a class runs only the workloads they judge, each doing its fixed work once: the
     * timed writes of ycsb-a have no disk baseline on any machine and are left out.
     */
    @Test
    void withDiskBaselinesOnlyItRunsTheFixedWorkTheyJudge() throws IOException {
        Path root = tmp.resolve("disk-only");
        Files.createDirectories(root);
        Files.createSymbolicLink(root.resolve(DiskBaselineStore.DIR),
                BaselineStore.DEFAULT_ROOT.resolve(DiskBaselineStore.DIR).toAbsolutePath());
        Gate.Scope scope = Gate.scope(new BaselineStore(root), plan(), "intel-xeon-f6-m167-s8-1c-3g");
        assertThat(scope.throughput()).isFalse();
        assertThat(scope.costs()).isFalse();
        RunPlan narrowed = scope.plan().orElseThrow();
        assertThat(narrowed.workloads()).extracting(Workload::name)
                .containsExactly("tc-seq-write", "tc-random-read", "halo-random-read-8t");
        assertThat(scope.leftOut()).containsExactly("ycsb-a");
        assertThat(narrowed.workloads()).allMatch(Workload::fixedWork);
        Profile once = narrowed.profile();
        assertThat(once.name()).as("judged by the profile's disk baselines").isEqualTo("smoke");
        assertThat(once.forks()).isEqualTo(1);
        for (Workload w : narrowed.workloads()) {
            Profile.Iterations it = once.iterations(w);
            assertThat(it.measurementIterations()).as(w.name()).isEqualTo(1);
            assertThat(it.warmupIterations()).as(w.name()).isEqualTo(w.warmupPasses());
        }
    }

    @Test
    void withoutAnyBaselineNothingRuns() throws IOException {
        Gate.Scope scope = Gate.scope(new BaselineStore(tmp.resolve("none")), plan(), "amd-epyc-f26-m2-s1-1c-3g");
        assertThat(scope.plan()).isEmpty();
        assertThat(scope.throughput()).isFalse();
        assertThat(scope.leftOut()).containsExactlyElementsOf(SMOKE);
    }

    private RunPlan plan() {
        return RunPlan.of(List.of("rocksdb", "lmdb", "h2-mvstore"), SMOKE, "smoke", tmp.resolve("out"));
    }
}
