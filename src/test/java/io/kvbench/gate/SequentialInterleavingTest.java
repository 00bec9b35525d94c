package io.kvbench.gate;

import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Engines;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.judge.Resolution;
import io.kvbench.judge.SequentialTest;
import io.kvbench.result.Verdict;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** interleave (sequential, its default): each benchmark runs round after round until the sequential test decides, then
 * stops. */
class SequentialInterleavingTest {

    @TempDir
    Path tmp;

    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    private final SequentialTest test = new SequentialTest(0.01, 0.05, 0.05, 4, 12, SequentialTest.DEFAULT_MIN_SPREAD);

    /** Scores per workload from a generator; counts the runs of each workload. */
    private static final class GeneratedRunner implements BenchmarkRunner {
        final Map<String, DoubleSupplier> means = new HashMap<>();
        final Map<String, Integer> runs = new HashMap<>();
        private long seed = 1;

        @Override
        public String name() {
            return "generated";
        }

        @Override
        public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
            int[] benchmarks = {0};
            return new Setup(Fixtures.machine(Fixtures.MACHINE_CLASS), "generated", Map.of(), List.of(),
                    (task, context, files) -> {
                        assertThat(++benchmarks[0]).as("one benchmark per run: only the undecided ones go on")
                                .isEqualTo(1);
                        String workload = task.workload().name();
                        runs.merge(workload, 1, Integer::sum);
                        double mean = means.get(workload).getAsDouble();
                        return ok("rocksdb", workload, normal(seed++, 10, mean, mean * 0.005));
                    });
        }
    }

    private List<Interleaving.Result> session(GeneratedRunner a, GeneratedRunner b) throws IOException {
        return session(a, b, null);
    }

    private List<Interleaving.Result> session(GeneratedRunner a, GeneratedRunner b,
            Duration budget) throws IOException {
        InterleaveSession session = InterleaveSession.builder().engines(List.of(Engines.byId("rocksdb")))
                .workloads(List.of(Catalog.workload("ycsb-c"), Catalog.workload("ycsb-b")))
                .profile(Catalog.profile("smoke")).outDir(tmp)
                .sides(new Interleaving.Side("A", a, "A"), new Interleaving.Side("B", b, "B"))
                .schedule(RoundSchedule.ALTERNATE).seed(7).policy(new BootstrapPolicy()).console(quiet)
                .build();
        return SequentialInterleaving.run(session, test, budget);
    }

    @Test
    void aClearSlowdownAndAClearNonChangeStopAtTheMinimumWhileADoubtfulOneGoesOnToTheLimit() throws IOException {
        GeneratedRunner a = new GeneratedRunner();
        GeneratedRunner b = new GeneratedRunner();
        a.means.put("ycsb-c", () -> 1000);
        b.means.put("ycsb-c", () -> 800); // 20 % slower every round
        a.means.put("ycsb-b", () -> 1000);
        List<Double> doubtful = new ArrayList<>(List.of(960.0, 1010.0, 940.0, 1000.0, 955.0, 1005.0, 950.0, 995.0,
                962.0, 1008.0, 948.0, 990.0));
        b.means.put("ycsb-b", () -> doubtful.remove(0)); // about 3 % slower, spread 3 %: neither hypothesis wins soon
        List<Interleaving.Result> results = session(a, b);

        Interleaving.Result slow = results.stream().filter(r -> r.row().workload().equals("ycsb-c")).findFirst()
                .orElseThrow();
        assertThat(slow.row().verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(slow.row().note()).contains("sequential test: a slowdown accepted after 4 rounds (the ");
        assertThat(slow.roundRatios()).hasSize(4);
        assertThat(a.runs.get("ycsb-c")).isEqualTo(4);
        assertThat(b.runs.get("ycsb-c")).isEqualTo(4);

        Interleaving.Result unsure = results.stream().filter(r -> r.row().workload().equals("ycsb-b")).findFirst()
                .orElseThrow();
        assertThat(unsure.roundRatios()).hasSize(12);
        assertThat(unsure.row().note()).contains("undecided at the round limit after 12 rounds")
                .contains("so judged by the paired test");
        assertThat(unsure.resolution().basis()).as("what its 12 paired rounds resolve")
                .isEqualTo(Resolution.Basis.PAIRED);
        assertThat(unsure.resolution().rounds()).isEqualTo(12);
        if (unsure.row().verdict() == Verdict.PASS) {
            assertThat(unsure.row().note()).contains(unsure.resolution().describe(0.05))
                    .contains("this runner's spread");
        }
        assertThat(tmp.resolve("round-12-rocksdb-ycsb-b-B").resolve("results.json")).isRegularFile();
        assertThat(tmp.resolve("round-5-rocksdb-ycsb-c-A")).doesNotExist();
    }

    @Test
    void aSpentTimeBudgetStartsNoRoundAfterTheMinimumAndJudgesWhatIsUndecidedByThePairedTest() throws IOException {
        GeneratedRunner a = new GeneratedRunner();
        GeneratedRunner b = new GeneratedRunner();
        a.means.put("ycsb-c", () -> 1000);
        b.means.put("ycsb-c", () -> 800);
        a.means.put("ycsb-b", () -> 1000);
        List<Double> doubtful = new ArrayList<>(List.of(960.0, 1010.0, 940.0, 1000.0, 955.0, 1005.0));
        b.means.put("ycsb-b", () -> doubtful.remove(0));
        List<Interleaving.Result> results = session(a, b, Duration.ZERO);

        Interleaving.Result slow = results.stream().filter(r -> r.row().workload().equals("ycsb-c")).findFirst()
                .orElseThrow();
        assertThat(slow.row().verdict()).as("decided within the minimum rounds the budget still grants")
                .isEqualTo(Verdict.REGRESSION);
        Interleaving.Result unsure = results.stream().filter(r -> r.row().workload().equals("ycsb-b")).findFirst()
                .orElseThrow();
        assertThat(unsure.roundRatios()).as("the minimum rounds, then no more").hasSize(4);
        assertThat(unsure.row().note()).contains("undecided so far after 4 rounds")
                .contains("time budget spent, so judged by the paired test");
        assertThat(unsure.row().verdict()).isNotEqualTo(Verdict.ERROR);
        assertThat(tmp.resolve("round-5-rocksdb-ycsb-b-A")).doesNotExist();
    }

    @Test
    void anUnchangedBenchmarkIsAcceptedAsNotRegressed() throws IOException {
        GeneratedRunner a = new GeneratedRunner();
        GeneratedRunner b = new GeneratedRunner();
        a.means.put("ycsb-c", () -> 1000);
        b.means.put("ycsb-c", () -> 1000);
        a.means.put("ycsb-b", () -> 500);
        b.means.put("ycsb-b", () -> 600); // faster
        for (Interleaving.Result r : session(a, b)) {
            assertThat(r.row().verdict()).as(r.row().workload()).isIn(Verdict.PASS, Verdict.IMPROVEMENT);
            assertThat(r.row().note()).contains("no slowdown of 5.0 % accepted after 4 rounds")
                    .endsWith("; no slowdown of 5 % or more");
            assertThat(r.resolution().basis()).isEqualTo(Resolution.Basis.SEQUENTIAL);
            assertThat(r.resolution().slowdown()).isEqualTo(0.05);
        }
        assertThat(a.runs.values()).containsOnly(4);
    }
}
