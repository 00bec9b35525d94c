package io.kvbench.judge;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.baseline;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.notApplicable;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.report.ComparisonMarkdown;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class BaselineComparisonTest {

    private static BaselineSet set(Baseline... baselines) {
        TreeMap<BenchmarkKey, Baseline> map = new TreeMap<>();
        for (Baseline b : baselines) map.put(b.key(), b);
        return new BaselineSet(PROFILE, MACHINE_CLASS, Path.of("b"), true, map);
    }

    private static List<ComparisonRow> compare(List<BenchmarkResult> results, BaselineSet set) {
        return BaselineComparison.compare(results, set, new WelchPolicy(), key -> true);
    }

    @Test
    void everyKindOfRow() {
        BenchmarkResult steady = ok("a", "steady", normal(1, 10, 1000, 10));
        BenchmarkResult before = ok("a", "slow", normal(2, 10, 1000, 10));
        BenchmarkResult after = ok("a", "slow", normal(3, 10, 500, 10));
        List<ComparisonRow> rows = compare(
                List.of(steady, after, ok("b", "fresh", 1, 2), failed("b", "broken", "fork crashed"),
                        notApplicable("c", "scan", "hash engine"), notApplicable("c", "gone", "no longer supported")),
                set(baseline(steady), baseline(before), baseline(ok("b", "broken", 5, 6)),
                        baseline(ok("a", "dropped", 1, 2)),
                        baseline(ok("c", "gone", 3, 4))));

        assertThat(rows).extracting(r -> r.engine() + "/" + r.workload() + "=" + r.verdict()).containsExactly(
                "a/dropped=MISSING", "a/slow=REGRESSION", "a/steady=PASS", "b/broken=ERROR", "b/fresh=NEW",
                        "c/gone=MISSING");
        ComparisonRow slow = rows.get(1);
        assertThat(slow.deltaPercent()).isCloseTo(-50, org.assertj.core.data.Offset.offset(2.0));
        assertThat(slow.baselineScore()).isEqualTo(before.score());
        assertThat(slow.measuredScore()).isEqualTo(after.score());
        assertThat(rows.get(3).note()).contains("fork crashed");
        assertThat(rows.get(3).baselineScore()).isEqualTo(5.5);
        assertThat(rows.get(4).note()).startsWith("no baseline yet; informational:");
        assertThat(rows.get(5).note()).isEqualTo("now not applicable: no longer supported");
        assertThat(rows.get(0).note()).contains("did not measure");
    }

    @Test
    void aRecordedEngineBugIsAKnownIssueWithItsReference() {
        BenchmarkResult leveldbRace = failed("leveldb-java", "ycsb-a",
                "java.io.FileNotFoundException: /kvbench/data/x/000123.sst (No such file or directory)");
        BenchmarkResult otherEngine = failed("rocksdb", "ycsb-a", "Could not open table 000123.sst");
        List<ComparisonRow> rows = compare(List.of(leveldbRace, otherEngine),
                set(baseline(ok("leveldb-java", "ycsb-a", 1, 2))));
        assertThat(rows).extracting(r -> r.engine() + "=" + r.verdict())
                .containsExactly("leveldb-java=KNOWN_ISSUE", "rocksdb=ERROR");
        assertThat(rows.get(0).note()).contains("https://github.com/dain/leveldb/issues/78").contains("compaction");
        assertThat(rows.get(0).baselineScore()).isEqualTo(1.5);
        assertThat(rows.get(1).note()).startsWith("failed: ");
    }

    @Test
    void unknownMachineClassComparesNoThroughputAndNamesTheClass() {
        BaselineSet none = BaselineSet.absent(PROFILE, "big-iron-64c", Path.of("b"));
        List<ComparisonRow> rows = compare(List.of(ok("a", "w", 1, 2), notApplicable("a", "n", "x")), none);
        assertThat(rows).singleElement().satisfies(r -> {
            assertThat(r.verdict()).isEqualTo(Verdict.NOT_COMPARED);
            assertThat(r.note())
                    .isEqualTo("throughput not compared: no baselines for machine class big-iron-64c (profile "
                    + PROFILE + "); no disk baseline");
            assertThat(r.baselineScore()).isNaN();
        });
    }

    @Test
    void filterAppliesToResultsAndBaselines() {
        List<ComparisonRow> rows = BaselineComparison.compare(List.of(ok("a", "w", 1, 2), ok("b", "w", 1, 2)),
                set(baseline(ok("a", "gone", 1, 2)), baseline(ok("b", "gone", 1, 2))), new WelchPolicy(),
                key -> key.engine().equals("b"));
        assertThat(rows).extracting(ComparisonRow::key)
                .containsExactly(new BenchmarkKey("b", "gone"), new BenchmarkKey("b", "w"));
    }

    @Test
    void reportCountsAndRendersMarkdown() {
        List<ComparisonRow> rows = compare(List.of(ok("a", "w|x", 1, 2), failed("b", "w", "disk\nfull")), set());
        ComparisonReport report = ComparisonReport.of(PROFILE, MACHINE_CLASS, "perf-baselines", "policy", rows);
        assertThat(report.count(Verdict.NEW)).isEqualTo(1);
        assertThat(report.count(Verdict.ERROR)).isEqualTo(1);
        assertThat(report.summary()).isEqualTo("1 NEW, 1 ERROR");
        String md = ComparisonMarkdown.markdown(report);
        assertThat(md).contains("| engine | workload | verdict |").contains("| a | w\\|x | NEW |")
                .contains("| **ERROR** |").contains("failed: disk full");
        assertThat(md.lines().filter(l -> l.startsWith("|"))).hasSize(4);
    }
}
