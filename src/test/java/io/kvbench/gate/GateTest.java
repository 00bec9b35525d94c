package io.kvbench.gate;

import static io.kvbench.fixtures.Fixtures.baseline;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.normalForks;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.CompleteClass;
import io.kvbench.baseline.CoverageStore;
import io.kvbench.engine.Engines;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.WelchPolicy;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.RunLayout;
import io.kvbench.result.Verdict;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate's confirmation logic with a scripted runner: which runs it makes and what it decides. */
class GateTest {

    @TempDir
    Path tmp;
    BaselineStore store;
    RunPlan plan;

    /**
     * Stands in for a runner that measures: hands out scripted results, one per benchmark the run loop gives it, and
     * records the output directory of each run.
     */
    static final class ScriptedRunner implements BenchmarkRunner {
        final Deque<BenchmarkResult> script = new ArrayDeque<>();
        final List<Path> runs = new ArrayList<>();
        final List<Integer> forks = new ArrayList<>();

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
            return new Setup(Fixtures.machine(Fixtures.MACHINE_CLASS), "scripted", Map.of(), List.of(),
                    (task, context, files) -> {
                        runs.add(files.layout().dir());
                        forks.add(task.forks());
                        return script.removeFirst();
                    });
        }
    }

    private final ScriptedRunner runner = new ScriptedRunner();
    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());

    @BeforeEach
    void baselines() throws IOException {
        store = new BaselineStore(tmp.resolve("baselines"));
        store.writeAll(List.of(baseline(ok("rocksdb", "ycsb-c", normal(1, 10, 1000, 10)))));
        plan = Fixtures.plan("rocksdb", "ycsb-c", tmp.resolve("out"));
    }

    private ComparisonRow gate(int reruns, BenchmarkResult... script) throws IOException {
        runner.script.addAll(List.of(script));
        Gate.Judgement outcome = new Gate(runner, store, new BootstrapPolicy(), reruns, quiet).run(plan, key -> true);
        assertThat(runner.script).as("every scripted run used").isEmpty();
        return outcome.rows().get(0);
    }

    private static BenchmarkResult slow(long seed) {
        return ok("rocksdb", "ycsb-c", normal(seed, 10, 700, 10));
    }

    private static BenchmarkResult steady(long seed) {
        return ok("rocksdb", "ycsb-c", normal(seed, 10, 1000, 10));
    }

    @Test
    void aSteadyRunNeedsNoRerun() throws IOException {
        assertThat(gate(2, steady(2)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(runner.runs).hasSize(1);
    }

    @Test
    void aRegressionThatPersistsIsConfirmedOnPooledSamples() throws IOException {
        ComparisonRow row = gate(2, slow(3), slow(4), slow(5));
        assertThat(row.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(row.note()).contains("slower").contains("confirmed by 2 reruns (pooled 30 samples of 3 runs)");
        assertThat(runner.runs).hasSize(3);
        assertThat(runner.runs.get(1)).isEqualTo(new RunLayout(tmp.resolve("out").toAbsolutePath())
                .confirmation("rocksdb-ycsb-c", 1).dir());
    }

    @Test
    void aSlowRunThatDoesNotRepeatIsNotARegression() throws IOException {
        ComparisonRow row = gate(2, slow(6), steady(7));
        assertThat(row.verdict()).isEqualTo(Verdict.PASS);
        assertThat(row.note()).contains("not confirmed: PASS on the pooled 20 samples of 2 runs")
                .contains("first run: slower");
        assertThat(runner.runs).as("stops at the first rerun that clears it").hasSize(2);
    }

    @Test
    void aSuspectIsRerunWithAsManyForksAsItsBaselineAndJudgedOnForkMeans() throws IOException {
        // A baseline pooled from three runs, one of which settled at half the speed; the first run lands slow.
        store.writeAll(List.of(baseline(inForks(30, 1000, 1070, 540))));
        runner.script.addAll(List.of(ok("rocksdb", "ycsb-c", normal(31, 5, 560, 10)),
                inForks(32, 550, 570, 555)));
        ComparisonRow row = new Gate(runner, store, new WelchPolicy(), 1, quiet).run(plan, key -> true).rows().get(0);
        assertThat(runner.forks).as("the profile's one fork, then the baseline's three").containsExactly(1, 3);
        assertThat(row.verdict()).isEqualTo(Verdict.PASS);
        assertThat(row.confidence()).contains("t-test on 3 and 4 fork means");
        assertThat(row.note()).contains("not confirmed: PASS on the pooled 20 samples of 2 runs");
    }

    @Test
    void aMaterialChangeOneForkCannotEstablishIsMeasuredAgainWithTheBaselinesForks() throws IOException {
        store.writeAll(List.of(baseline(inForks(33, 1000, 1010, 990))));
        // 20 % slower by its mean, but five iterations this scattered establish nothing: a PASS, and a suspect.
        runner.script.addAll(List.of(ok("rocksdb", "ycsb-c", 400, 1100, 600, 1000, 900),
                inForks(34, 995, 1005, 1000)));
        ComparisonRow row = new Gate(runner, store, new WelchPolicy(), 1, quiet).run(plan, key -> true).rows().get(0);
        assertThat(runner.forks).containsExactly(1, 3);
        assertThat(row.verdict()).isEqualTo(Verdict.PASS);
        assertThat(row.note()).contains("not confirmed: PASS on the pooled 20 samples of 2 runs")
                .contains("first run: -20.7% is not significant");
    }

    @Test
    void aPassFromAsManyForksAsTheBaselineIsNotMeasuredAgain() throws IOException {
        store.writeAll(List.of(baseline(inForks(35, 1000, 1010, 990))));
        runner.script.add(Fixtures.withForks(ok("rocksdb", "ycsb-c", 400, 1100, 600, 1000, 900, 700, 1000, 800,
                1100, 900, 500, 1000, 700, 900, 800), 3));
        ComparisonRow row = new Gate(runner, store, new WelchPolicy(), 1, quiet).run(plan, key -> true).rows().get(0);
        assertThat(runner.forks).containsExactly(1);
        assertThat(row.verdict()).isEqualTo(Verdict.PASS);
        assertThat(row.note()).doesNotContain("confirm");
    }

    /** A rocksdb ycsb-c result of one fork per mean, five iterations each. */
    private static BenchmarkResult inForks(long seed, double... forkMeans) {
        double[] flat = java.util.Arrays.stream(normalForks(seed, forkMeans.length, 5, forkMeans))
                .flatMapToDouble(java.util.Arrays::stream).toArray();
        return Fixtures.withForks(ok("rocksdb", "ycsb-c", flat), forkMeans.length);
    }

    @Test
    void withoutConfirmationsTheFirstComparisonDecides() throws IOException {
        ComparisonRow row = gate(0, slow(8));
        assertThat(row.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(row.note()).doesNotContain("confirm");
    }

    @Test
    void aFailedRerunIsAnErrorNotAVerdict() throws IOException {
        ComparisonRow row = gate(1, slow(9), failed("rocksdb", "ycsb-c", FailureKind.INFRASTRUCTURE,
                "infrastructure: OOM kill"));
        assertThat(row.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(row.note()).contains("looked regressed")
                .contains("confirmation rerun 1 failed: infrastructure: OOM kill");
    }

    @Test
    void aKnownEngineIssueIsNeitherRerunNorFailed() throws IOException {
        store.writeAll(List.of(baseline(ok("leveldb-java", "ycsb-a", 1, 2))));
        runner.script.add(failed("leveldb-java", "ycsb-a", "Could not open table 000007.sst"));
        Gate.Judgement outcome = new Gate(runner, store, new BootstrapPolicy(), 2, quiet)
                .run(plan, key -> key.engine().equals("leveldb-java"));
        assertThat(outcome.rows()).singleElement().satisfies(r -> assertThat(r.verdict())
                .isEqualTo(Verdict.KNOWN_ISSUE));
        assertThat(outcome.regressed()).isFalse();
        assertThat(outcome.failedToMeasure()).isFalse();
        assertThat(runner.runs).hasSize(1);
    }

    @Test
    void aBenchmarkThatGoesMissingFailsTheGate() throws IOException {
        // The run measures another workload only: rocksdb / ycsb-c keeps its baseline but has no result.
        runner.script.add(ok("rocksdb", "ycsb-a", normal(10, 10, 1000, 10)));
        Gate.Judgement outcome = new Gate(runner, store, new BootstrapPolicy(), 2, quiet).run(plan, key -> true);
        assertThat(outcome.rows()).extracting(ComparisonRow::verdict).containsExactly(Verdict.NEW, Verdict.MISSING);
        assertThat(outcome.lostCoverage()).as("a MISSING benchmark fails the gate").isTrue();
        assertThat(outcome.regressed()).isFalse();
        assertThat(runner.runs).as("nothing to confirm").hasSize(1);
    }

    /** On a class declared complete (class.json) a result without a baseline is lost coverage, as MISSING is. */
    @Test
    void aResultWithoutBaselineOnAClassDeclaredCompleteFailsTheGate() throws IOException {
        CoverageStore files = new CoverageStore(store);
        Files.writeString(files.declarationFile(Fixtures.PROFILE, Fixtures.MACHINE_CLASS), CoverageStore.toJson(
                new CompleteClass(CompleteClass.SCHEMA_VERSION, Fixtures.PROFILE, Fixtures.MACHINE_CLASS, 3,
                        List.of("rocksdb/ycsb-c"), Map.of(), new CompleteClass.Recorded("2026-11-26T00:00:00Z", ""))));
        runner.script.add(ok("rocksdb", "ycsb-a", normal(10, 10, 1000, 10)));
        runner.script.add(steady(12));
        RunPlan both = new RunPlan(List.of(Engines.byId("rocksdb")), List.of(Catalog.workload("ycsb-a"),
                Catalog.workload("ycsb-c")), plan.profile(), tmp.resolve("both"), tmp.resolve("both-data"));
        Gate.Judgement outcome = new Gate(runner, store, new BootstrapPolicy(), 0, quiet).run(both, key -> true);
        assertThat(outcome.uncovered()).extracting(ComparisonRow::workload).containsExactly("ycsb-a");
        assertThat(outcome.lostCoverage()).isTrue();
    }

    @Test
    void aCompleteRunLosesNoCoverage() throws IOException {
        runner.script.add(steady(11));
        Gate.Judgement outcome = new Gate(runner, store, new BootstrapPolicy(), 0, quiet).run(plan, key -> true);
        assertThat(outcome.lostCoverage()).isFalse();
    }
}
