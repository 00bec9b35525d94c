package io.kvbench.gate;

import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.Engines;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.judge.SequentialTest;
import io.kvbench.result.Verdict;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.DuetSlot;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A duet runs both sides of a round at the same time, each on its own cpuset, the cpusets drawn per round. */
class DuetTest {

    @TempDir
    Path tmp;

    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());

    /** Both sides meet at this barrier inside their run: a schedule that ran them one after the other times out. */
    private final CyclicBarrier together = new CyclicBarrier(2);
    /** "A@0", "B@1", ... per run, and the stores' directories. */
    private final List<String> runs = Collections.synchronizedList(new ArrayList<>());
    private final List<Path> dataDirs = Collections.synchronizedList(new ArrayList<>());
    /** "ycsb-c:A@0", ... per run: which core each side had, per benchmark. */
    private final List<String> placed = Collections.synchronizedList(new ArrayList<>());

    private final class PinnableRunner implements BenchmarkRunner {
        private final String side;
        private final double mean;
        private final String cpuset;

        PinnableRunner(String side, double mean, String cpuset) {
            this.side = side;
            this.mean = mean;
            this.cpuset = cpuset;
        }

        @Override
        public String name() {
            return "pinnable";
        }

        @Override
        public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
            assertThat(cpuset).as("a duet runs only pinned runners").isNotNull();
            return new Setup(Fixtures.machine(Fixtures.MACHINE_CLASS), "pinnable", Map.of(), List.of(),
                    (task, context, files) -> {
                        try {
                            together.await(10, TimeUnit.SECONDS);
                        } catch (BrokenBarrierException | TimeoutException e) {
                            throw new AssertionError("the other side of the round did not run at the same time", e);
                        }
                        runs.add(side + "@" + cpuset);
                        placed.add(task.workload().name() + ":" + side + "@" + cpuset);
                        dataDirs.add(Path.of(task.dataDir()));
                        return ok("rocksdb", task.workload().name(), normal(runs.size(), 10, mean, mean * 0.005));
                    });
        }

        @Override
        public Optional<BenchmarkRunner> inDuet(DuetSlot slot) {
            assertThat(slot.me()).isEqualTo(side);
            assertThat(slot.other()).isEqualTo(side.equals("A") ? "B" : "A");
            assertThat(slot.barrierDir()).isDirectory();
            return Optional.of(new PinnableRunner(side, mean, slot.cpuset()));
        }
    }

    @Test
    void bothSidesOfEveryRoundRunAtOnceOnTheirOwnCpusetAndSwapCoresEveryRound() throws IOException {
        InterleaveSession session = InterleaveSession.builder().engines(List.of(Engines.byId("rocksdb")))
                .workloads(List.of(Catalog.workload("ycsb-c"))).profile(Catalog.profile("smoke")).outDir(tmp)
                .sides(new Interleaving.Side("A", new PinnableRunner("A", 1000, null), "A"),
                        new Interleaving.Side("B", new PinnableRunner("B", 800, null), "B"))
                .schedule(new Duet(List.of("0", "1"))).seed(7).policy(new BootstrapPolicy()).console(quiet).build();
        List<Interleaving.Result> results = Interleaving.run(session, 8, 0);

        assertThat(runs).hasSize(16);
        List<Boolean> aOnFirstCore = new ArrayList<>();
        for (int round = 0; round < 8; round++) {
            List<String> pair = runs.subList(2 * round, 2 * round + 2);
            assertThat(pair.stream().map(r -> r.substring(2)).sorted().toList())
                    .as("round " + (round + 1) + ": one side per cpuset").containsExactly("0", "1");
            aOnFirstCore.add(pair.contains("A@0"));
        }
        for (int round = 1; round < 8; round++) {
            assertThat(aOnFirstCore.get(round)).as("round %d: the sides swapped cores", round + 1)
                    .isNotEqualTo(aOnFirstCore.get(round - 1));
        }
        assertThat(dataDirs).as("each side its own stores").containsOnly(tmp.resolve("data-A"), tmp.resolve("data-B"));
        assertThat(tmp.resolve("round-8-A").resolve("results.json")).isRegularFile();
        assertThat(tmp.resolve("round-8-scratch")).as("the barrier of a round whose sides lined up is scratch")
                .doesNotExist();
        assertThat(results.get(0).roundRatios()).hasSize(8)
                .allSatisfy(r -> assertThat(r).isCloseTo(0.8, org.assertj.core.data.Offset.offset(0.02)));
        assertThat(results.get(0).row().verdict()).isEqualTo(Verdict.REGRESSION);
    }

    /**
     * The sequential test runs each benchmark's rounds on its own, in a shuffled order: each benchmark's sides still
     * swap cores from one of its rounds to the next, however the other benchmark's rounds fall between them.
     */
    @Test
    void eachBenchmarkOfASequentialSessionSwapsCoresFromItsOwnRoundToTheNext() throws IOException {
        InterleaveSession session = InterleaveSession.builder().engines(List.of(Engines.byId("rocksdb")))
                .workloads(List.of(Catalog.workload("ycsb-c"), Catalog.workload("ycsb-b")))
                .profile(Catalog.profile("smoke")).outDir(tmp)
                .sides(new Interleaving.Side("A", new PinnableRunner("A", 1000, null), "A"),
                        new Interleaving.Side("B", new PinnableRunner("B", 1000, null), "B"))
                .schedule(new Duet(List.of("0", "1"))).seed(11).policy(new BootstrapPolicy()).console(quiet).build();
        SequentialInterleaving.run(session, new SequentialTest(0.01, 0.05, 0.05, 6, 6,
                SequentialTest.DEFAULT_MIN_SPREAD), null);

        for (String workload : List.of("ycsb-c", "ycsb-b")) {
            List<Boolean> aOnFirstCore = placed.stream().filter(p -> p.startsWith(workload + ":A@"))
                    .map(p -> p.endsWith("@0")).toList();
            assertThat(aOnFirstCore).as(workload).hasSize(6);
            for (int round = 1; round < aOnFirstCore.size(); round++) {
                assertThat(aOnFirstCore.get(round)).as("%s round %d: the sides swapped cores", workload, round + 1)
                        .isNotEqualTo(aOnFirstCore.get(round - 1));
            }
        }
    }

    @Test
    void aRunnerThatCannotPinAndOverlappingCpusetsAreRefused() {
        Duet duet = new Duet(List.of("0", "1"));
        BenchmarkRunner unpinnable = new GateTest.ScriptedRunner();
        Interleaving.Side a = new Interleaving.Side("A", unpinnable, "A");
        assertThatThrownBy(() -> duet.run(a, a, 0, tmp, side -> null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use --runner container");
        assertThatThrownBy(() -> new Duet(List.of("0-1", "1"))).hasMessageContaining("overlap");
        assertThatThrownBy(() -> new Duet(List.of("0"))).hasMessageContaining("exactly two cpusets");
    }
}
