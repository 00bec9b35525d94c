package io.kvbench.gate;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.fixtures.HistoryFixtures;
import io.kvbench.history.HistoryBaselines;
import io.kvbench.history.HistoryStore;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import io.kvbench.run.RunPlan;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate judging against the pooled recent nights of a history, with its confirmation reruns unchanged. */
class HistoryGateTest {

    @TempDir
    Path tmp;

    private final GateTest.ScriptedRunner runner = new GateTest.ScriptedRunner();
    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());

    private Gate.Judgement gate(int nights, BenchmarkResult... script) throws Exception {
        Path history = tmp.resolve("history");
        HistoryFixtures.nights(new HistoryStore(history), MACHINE_CLASS, nights, 1000);
        runner.script.addAll(List.of(script));
        RunPlan plan = Fixtures.plan("rocksdb", "ycsb-c", tmp.resolve("out"));
        return new Gate(runner, HistoryBaselines.source(history, 5), new BootstrapPolicy(), 1, quiet)
                .run(plan, key -> true);
    }

    private static BenchmarkResult at(long seed, double mean) {
        return HistoryFixtures.result("rocksdb", "ycsb-c", MACHINE_CLASS, seed, mean);
    }

    @Test
    void aTwentyPercentDropThatPersistsIsAConfirmedRegression() throws Exception {
        Gate.Judgement outcome = gate(5, at(1, 800), at(2, 800));
        ComparisonRow row = outcome.rows().get(0);
        assertThat(row.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(row.note()).contains("confirmed by 1 rerun");
        assertThat(outcome.report().baselines()).contains("history").contains("last 5 OK nights");
        assertThat(runner.runs).hasSize(2);
    }

    @Test
    void anUnchangedRunPasses() throws Exception {
        assertThat(gate(5, at(3, 1000)).rows().get(0).verdict()).isEqualTo(Verdict.PASS);
        assertThat(runner.runs).hasSize(1);
    }

    @Test
    void twoNightsAreTooFewToJudgeAndTheRowSaysWhy() throws Exception {
        ComparisonRow row = gate(2, at(4, 500)).rows().get(0);
        assertThat(row.verdict()).isEqualTo(Verdict.NOT_COMPARED);
        assertThat(row.note()).startsWith("throughput not compared: history has 2 nights of class " + MACHINE_CLASS
                + "; the gate needs 3");
    }
}
