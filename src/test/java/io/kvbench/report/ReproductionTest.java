package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Units;
import io.kvbench.workload.Published;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReproductionTest {

    private static final Published SOURCE = new Published("t", "Test table",
            new Published.Origin("https://example.org", "a PC", "JDK 8", "old", "2017"), new Published.Scale("s/op",
            1_000_000), "", List.of(new Published.Table("tc-random-read", "Random Read", 1_000_000L, "s/op", List.of(
                    new Published.Row("lmdb", "LMDB", 1.0),
                    new Published.Row("xodus-btree", "Xodus", 2.0),
                    new Published.Row("mapdb", "MapDB", 4.0),
                    new Published.Row("h2-mvstore", "MVStore", 8.0),
                    new Published.Row(null, "Tokyo Cabinet", 0.5)))));

    @Test
    void theSameOrderIsTauOneWithRatiosToTheFastestOnEachSide() {
        Reproduction r = Reproduction.of(SOURCE, SOURCE.tables().get(0), run(0.3, 0.9, 1.2, 3.0));
        assertThat(r.tau()).isEqualTo(1.0);
        assertThat(r.lines()).extracting(Reproduction.Line::engine)
                .containsExactly("lmdb", "xodus-btree", "mapdb", "h2-mvstore");
        assertThat(r.lines()).extracting(Reproduction.Line::publishedRatio).containsExactly(1.0, 2.0, 4.0, 8.0);
        assertThat(r.lines().get(1).measuredRatio()).isCloseTo(3.0, within(1e-9));
        assertThat(r.lines().get(3).measuredRatio()).isCloseTo(10.0, within(1e-9));
        assertThat(r.tauText()).isEqualTo("Rank agreement (Kendall's tau-b) over 4 engines: 1.00, 95% bootstrap "
                + "interval 1.00 to 1.00 (1: same order, -1: reversed); all 6 pairs resolved");
        assertThat(r.lines()).allSatisfy(line -> assertThat(line.resolved()).isTrue());
        assertThat(r.lines()).extracting(line -> line.rank().measuredText()).containsExactly("1", "2", "3", "4");
        assertThat(r.measuredRecords()).isEqualTo(100_000);
    }

    @Test
    void aRowWiderThanTenPercentIsUnresolvedAndItsSwapWithAnOverlappingRowIsATie() {
        // xodus-btree: 1.05 s +- 30 %, slower than mapdb's 1.00 s +- 2 % by its mean, but the intervals overlap.
        RunResults run = SampleResults.run(List.of(timed("lmdb", 0.3, 0.003), timed("xodus-btree", 1.05, 0.315),
                timed("mapdb", 1.0, 0.02), timed("h2-mvstore", 3.0, 0.03)));
        Reproduction r = Reproduction.of(SOURCE, SOURCE.tables().get(0), run);
        assertThat(r.lines()).filteredOn(line -> !line.resolved()).extracting(Reproduction.Line::engine)
                .containsExactly("xodus-btree");
        assertThat(r.lines()).extracting(line -> line.rank().measuredText()).containsExactly("1", "2-3", "2-3", "4");
        assertThat(r.tau()).as("the means swap xodus-btree and mapdb").isCloseTo(4.0 / 6, within(1e-9));
        assertThat(r.agreement().resolvedTau()).as("the five resolved pairs agree").isEqualTo(1.0);
        assertThat(r.tauText()).contains("over the 5 resolved pairs: 1.00; 1 of 6 pairs unresolved (intervals overlap: "
                + "a tie, not a swap)");
        assertThat(r.unresolvedText(Units.ASCII)).isEqualTo("Unresolved, ranked only as far as their intervals allow "
                + "(95% interval wider than +-10% of the mean): xodus-btree +-30%");

        StringWriter console = new StringWriter();
        ReproductionReport.print(List.of(r), new PrintWriter(console), Units.ASCII);
        assertThat(console.toString()).containsPattern("(?m)^xodus-btree .* 2-3\\s+unresolved \\+-30%$")
                .containsPattern("(?m)^mapdb .* 2-3\\s*$").contains("a tie rather than a swap");
        assertThat(ReproductionReport.markdown(List.of(r))).contains("| note |")
                .containsPattern("\\| xodus-btree \\|.*\\| 2-3 \\| \\*\\*unresolved\\*\\* ±30% \\|");
        String html = ReproductionReport.html(List.of(r));
        assertThat(html).contains("<tr class=\"inconclusive\"><td>xodus-btree</td>")
                .contains("2-3 <span class=\"badge inconclusive\" title=\"unresolved ±30%\">unresolved</span>")
                .containsOnlyOnce("class=\"inconclusive\"")
                .contains("<span class=\"badge inconclusive\">unresolved</span>ranked only as far as their intervals "
                        + "allow (95% interval wider than ±10% of the mean): xodus-btree ±30%.</p>");
    }

    @Test
    void aWideRowBetweenTwoTightOnesLeavesOnePairResolved() {
        RunResults run = SampleResults.run(List.of(timed("lmdb", 1.0, 0.02), timed("xodus-btree", 1.5, 0.6),
                timed("mapdb", 2.0, 0.02)));
        Reproduction r = Reproduction.of(SOURCE, SOURCE.tables().get(0), run);
        assertThat(r.lines()).extracting(line -> line.rank().measuredText()).containsExactly("1-2", "1-3", "2-3");
        assertThat(r.tauText()).contains("; over the one resolved pair: 1.00; 2 of 3 pairs unresolved");
    }

    @Test
    void reproductionJsonCarriesEveryRowsIntervalAndTausInterval() throws Exception {
        RunResults run = SampleResults.run(List.of(timed("lmdb", 0.3, 0.003), timed("xodus-btree", 1.05, 0.315),
                timed("mapdb", 1.0, 0.02), timed("h2-mvstore", 3.0, 0.03)));
        Reproduction r = Reproduction.of(SOURCE, SOURCE.tables().get(0), run);
        JsonNode json = new ObjectMapper().readTree(ReproductionJson.render(List.of(r)));
        assertThat(json.get("bootstrap").get("seed").asLong()).isEqualTo(RankAgreement.SEED);
        JsonNode table = json.get("reproductions").get(0);
        assertThat(table.get("tau").get("value").asDouble()).isCloseTo(r.tau(), within(1e-12));
        assertThat(table.get("tau").get("low").asDouble()).isEqualTo(r.agreement().low());
        assertThat(table.get("tau").get("high").asDouble()).isEqualTo(r.agreement().high());
        assertThat(table.get("tau").get("unresolvedPairs").asInt()).isEqualTo(1);
        JsonNode xodus = table.get("rows").get(1);
        assertThat(xodus.get("engine").asText()).isEqualTo("xodus-btree");
        assertThat(xodus.get("halfWidth").asDouble()).isCloseTo(0.315, within(1e-9));
        assertThat(xodus.get("resolved").asBoolean()).isFalse();
        assertThat(xodus.get("measuredRankBest").asInt()).isEqualTo(2);
        assertThat(xodus.get("measuredRankWorst").asInt()).isEqualTo(3);

        RunResults lmdbOnly = SampleResults.run(List.of(result("lmdb", 0.5)));
        Reproduction one = Reproduction.of(SOURCE, SOURCE.tables().get(0), lmdbOnly);
        JsonNode lone = new ObjectMapper().readTree(ReproductionJson.render(List.of(one))).get("reproductions").get(0);
        assertThat(lone.get("tau").get("value").isNull()).as("no NaN in JSON").isTrue();
    }

    @Test
    void aReversedOrderIsMinusOneAndOneSwapOfFourIsTwoThirds() {
        assertThat(Reproduction.of(SOURCE, SOURCE.tables().get(0), run(4.0, 3.0, 2.0, 1.0)).tau()).isEqualTo(-1.0);
        RunResults two = SampleResults.run(List.of(result("lmdb", 2.0), result("mapdb", 1.0)));
        assertThat(Reproduction.of(SOURCE, SOURCE.tables().get(0), two).tauText())
                .endsWith("over 2 engines: -1.00, 95% bootstrap interval -1.00 to -1.00 (1: same order, -1: reversed); "
                        + "the pair is resolved");
        // 6 pairs, one discordant: (5 - 1) / 6
        assertThat(Reproduction.of(SOURCE, SOURCE.tables().get(0), run(1.0, 3.0, 2.0, 4.0)).tau())
                .isCloseTo(4.0 / 6, within(1e-9));
    }

    @Test
    void tiesCountAsNeitherConcordantNorDiscordant() {
        // tau-b: one tied pair on the measured side; (5 - 0) / sqrt(6 * 5)
        assertThat(Reproduction.of(SOURCE, SOURCE.tables().get(0), run(1.0, 2.0, 2.0, 4.0)).tau())
                .isCloseTo(5 / Math.sqrt(30), within(1e-9));
    }

    @Test
    void unmeasuredEnginesAreListedAndOneEngineHasNoTau() {
        RunResults one = SampleResults.run(List.of(result("lmdb", 0.5)));
        Reproduction r = Reproduction.of(SOURCE, SOURCE.tables().get(0), one);
        assertThat(r.lines()).hasSize(1);
        assertThat(r.tau()).isNaN();
        assertThat(r.tauText()).isEqualTo("Rank agreement: needs 2 engines measured on both sides, this run has 1")
                .doesNotContain("undefined", "NaN");
        assertThat(r.missing()).containsExactly("Xodus", "MapDB", "MVStore");
        String text = ReproductionReport.markdown(List.of(r));
        assertThat(text).contains("| lmdb | 1.000 | 1.00x |")
                .contains("published, not measured in this run: Xodus, MapDB, MVStore");
    }

    @Test
    void throughputsArePrintedInWholeOperationsAndTheFastestIsTheHighest() {
        Published opsSource = new Published("h", "Hestia", new Published.Origin("https://example.org", "a Mac",
                "JDK 21", "n/s", "n/s"), new Published.Scale("ops/s", 10_000_000), "",
                List.of(new Published.Table("hestia-seq-read", "Sequential read", 10_000_000L, "ops/s", List.of(
                        new Published.Row("chronicle-map", "ChronicleMap", 1_707_702),
                        new Published.Row("rocksdb", "RocksDB", 109_551)))));
        Reproduction r = Reproduction.of(opsSource, opsSource.tables().get(0), SampleResults.run(List.of(
                SampleResults.throughput("chronicle-map", "hestia-seq-read", 2_000_000, 100_000),
                SampleResults.throughput("rocksdb", "hestia-seq-read", 800_000, 30_000))));
        assertThat(r.lines().get(1).publishedRatio()).isCloseTo(1_707_702 / 109_551.0, within(1e-9));
        assertThat(r.lines().get(1).measuredRatio()).isCloseTo(2.5, within(1e-9));
        assertThat(ReproductionReport.markdown(List.of(r))).contains("| chronicle-map | 1,707,702 | 1.00x |")
                .contains("| rocksdb | 109,551 |");
    }

    @Test
    void aWorkloadPublishedAtSeveralSizesIsSetBesideTheTableNearestTheMeasuredSize() {
        // The ds4j data: ds4j-read-random published at 1M, 5M and 10M; a run at 2M is nearest 1M (x2 vs x2.5).
        Map<String, String> twoMillion = Map.of("records", "2000000");
        RunResults run = SampleResults.run(List.of(
                atRecords(SampleResults.timePerPass("rocksdb", "ds4j-read-random", 10.0, 0.1), twoMillion),
                atRecords(SampleResults.timePerPass("leveldb-jni", "ds4j-read-random", 5.0, 0.1), twoMillion)));
        List<Reproduction> ds4j = Reproduction.of(run).stream().filter(r -> r.source().name().equals("ds4j")).toList();
        assertThat(ds4j).singleElement().satisfies(r -> {
            assertThat(r.table().records()).isEqualTo(1_000_000L);
            assertThat(r.heading()).contains("published 1,000,000 records").contains("measured 2,000,000 records");
            assertThat(r.tau()).as("LEVELDB_NATIVE fastest on both sides").isEqualTo(1.0);
        });
        Map<String, String> eightMillion = Map.of("records", "8000000");
        RunResults large = SampleResults.run(List.of(
                atRecords(SampleResults.timePerPass("rocksdb", "ds4j-read-random", 500.0, 1), eightMillion),
                atRecords(SampleResults.timePerPass("leveldb-jni", "ds4j-read-random", 800.0, 1), eightMillion)));
        assertThat(Reproduction.of(large)).filteredOn(r -> r.source().name().equals("ds4j")).singleElement()
                .satisfies(r -> assertThat(r.table().records()).isEqualTo(10_000_000L));
    }

    private static BenchmarkResult atRecords(BenchmarkResult r, Map<String, String> parameters) {
        return r.withContext(SampleResults.context("1.0", parameters));
    }

    private static BenchmarkResult timed(String engine, double seconds, double halfWidth) {
        BenchmarkResult r = SampleResults.timePerPass(engine, "tc-random-read", seconds, halfWidth);
        return r.withContext(SampleResults.context("1", Map.of("records", "100000", "forks", "1",
                "iterations", "1 warmup + 3 measured passes")));
    }

    private static RunResults run(double lmdb, double xodus, double mapdb, double mvstore) {
        List<BenchmarkResult> results = new ArrayList<>();
        results.add(result("lmdb", lmdb));
        results.add(result("xodus-btree", xodus));
        results.add(result("mapdb", mapdb));
        results.add(result("h2-mvstore", mvstore));
        return SampleResults.run(results);
    }

    private static BenchmarkResult result(String engine, double seconds) {
        BenchmarkResult r = SampleResults.timePerPass(engine, "tc-random-read", seconds, seconds / 20);
        return r.withContext(SampleResults.context("1", Map.of("records", "100000")));
    }
}
