package io.kvbench.gate;

import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Engines;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.report.AbSummary;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The A/B check's confirmation: a suspect is measured for more rounds and judged on all of them paired. */
class InterleavingConfirmationTest {

    @TempDir
    Path tmp;

    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());

    /** One scripted runner per side; A's runs around 1000, B's as given per round. */
    private List<Interleaving.Result> session(int rounds, int confirmations, GateTest.ScriptedRunner a,
            GateTest.ScriptedRunner b)
            throws IOException {
        InterleaveSession session = InterleaveSession.builder().engines(List.of(Engines.byId("rocksdb")))
                .workloads(List.of(Catalog.workload("ycsb-c"))).profile(Catalog.profile("smoke")).outDir(tmp)
                .sides(new Interleaving.Side("A", a, "A"), new Interleaving.Side("B", b, "B"))
                .schedule(RoundSchedule.ALTERNATE).seed(7).policy(new BootstrapPolicy()).console(quiet).build();
        return Interleaving.run(session, rounds, confirmations);
    }

    private static void script(GateTest.ScriptedRunner runner, double... means) {
        long seed = 1;
        for (double mean : means) runner.script.add(ok("rocksdb", "ycsb-c", normal(seed++, 10, mean, mean * 0.005)));
    }

    @Test
    void aRealSlowdownIsConfirmedByMoreRoundsAndAFlukeIsNot() throws IOException {
        GateTest.ScriptedRunner a = new GateTest.ScriptedRunner();
        GateTest.ScriptedRunner b = new GateTest.ScriptedRunner();
        script(a, 1000, 1010, 990, 1000, 1005, 995);
        script(b, 800, 810, 790, 800, 805, 795); // 20 % slower in every round
        Interleaving.Result slow = session(3, 1, a, b).get(0);
        assertThat(slow.row().verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(slow.row().note()).contains("confirmed by 3 more rounds");
        assertThat(slow.roundRatios()).hasSize(6);
        assertThat(a.script).isEmpty();

        GateTest.ScriptedRunner a2 = new GateTest.ScriptedRunner();
        GateTest.ScriptedRunner b2 = new GateTest.ScriptedRunner();
        script(a2, 1000, 1010, 990, 1000, 1005, 995, 1000, 1002, 998);
        script(b2, 800, 810, 790, 1020, 990, 1010, 1000, 1000, 1001); // slow only in the first session
        Interleaving.Result fluke = session(3, 1, a2, b2).get(0);
        assertThat(fluke.row().verdict()).isNotEqualTo(Verdict.REGRESSION);
        assertThat(fluke.row().note()).contains("not confirmed by 3 more rounds");
        assertThat(a2.script).as("no third session once the verdict cleared").hasSize(3);
    }

    @Test
    void withoutConfirmationsTheFirstSessionDecides() throws IOException {
        GateTest.ScriptedRunner a = new GateTest.ScriptedRunner();
        GateTest.ScriptedRunner b = new GateTest.ScriptedRunner();
        script(a, 1000, 1010, 990);
        script(b, 800, 810, 790);
        assertThat(session(3, 0, a, b).get(0).row().verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void theSummaryShowsRatiosWithTheirIntervalAndTheCommentMarker() {
        List<Double> ratios = List.of(0.90, 0.91, 0.89, 0.90);
        double[] interval = AbSummary.ratioInterval(ratios, 0.01);
        assertThat(interval[0]).isBetween(0.899, 0.901);
        assertThat(interval[1]).isLessThan(interval[0]);
        assertThat(interval[2]).isGreaterThan(interval[0]).isLessThan(1.0);
        assertThat(AbSummary.ratioInterval(List.of(0.9), 0.01)[1]).isNaN();
        BenchmarkResult result = ok("rocksdb", "ycsb-c", 1, 2);
        assertThat(result.score()).isPositive();
    }
}
