package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static io.kvbench.fixtures.SampleResults.throughput;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Units;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two things a reader of any report needs before comparing rows: how each engine was configured, and which rows are too
 * noisy to judge ("not conclusive": an interval wider than the minimum effect of the run's profile, 20 % for ci).
 * Console, summary.md and report.html all say both.
 */
class ConclusiveAndConfiguredTest {

    /** ci's gate judges a change of 20 %; lmdb's ±5 % row can show one, rocksdb's ±30 % cannot. */
    private static final RunResults RUN = SampleResults.run(List.of(throughput("lmdb", "w", 1_000_000, 50_000),
            throughput("rocksdb", "w", 800_000, 240_000), BenchmarkResult.notApplicable("sparkey", "w", "hash", null)));

    @Test
    void theMinimumEffectIsTheProfilesGate() {
        MinimumEffect effect = MinimumEffect.of(RUN);
        assertThat(effect.fraction()).isEqualTo(0.20);
        assertThat(effect.source()).isEqualTo("the gate of profile ci");
        assertThat(effect.whyNotConclusive(RUN.results().get(0), Units.UNICODE)).isEmpty();
        assertThat(effect.whyNotConclusive(RUN.results().get(1), Units.UNICODE))
                .contains("its ±30% interval is wider than the 20% minimum effect");
        assertThat(effect.whyNotConclusive(RUN.results().get(2), Units.UNICODE)).as("unmeasured: neither").isEmpty();
        RunResults file = new RunResults(1, true, "my-profile.json", "local", null, null, RUN.results());
        assertThat(MinimumEffect.of(file).source()).isEqualTo("the default gate");
    }

    @Test
    void consoleMarksTheRowAndSaysWhy() {
        String text = ConsoleReport.render(RUN, Units.ASCII);
        assertThat(text).containsPattern("(?m)^\\s+rocksdb .*not conclusive: its \\+-30% interval is wider than the "
                + "20% minimum effect$");
        assertThat(text).as("a conclusive row has no note").containsPattern("(?m)^w\\s+lmdb .*1\\.00x .*%$");
        assertThat(text).contains("not conclusive: the row's 95% confidence interval (+- as % of the score) is wider "
                + "than the 20% minimum effect of the gate of profile ci").doesNotContain("±");
        RunResults tight = SampleResults.run(List.of(throughput("lmdb", "w", 1_000_000, 50_000),
                throughput("rocksdb", "w", 800_000, 40_000)));
        assertThat(ConsoleReport.render(tight, Units.UNICODE)).as("no note column without a note")
                .doesNotContain("not conclusive", "note");
        assertThat(ConsoleReport.render(SampleResults.sixByFour(), Units.UNICODE))
                .as("no interval: nothing to judge by")
                .containsPattern("(?m)^\\s+xodus .*not conclusive: no interval recorded");
    }

    @Test
    void summaryMarksTheRowAndSaysWhy() {
        String md = SummaryMarkdown.render(RUN, null);
        assertThat(md).contains("| engine | score | vs fastest | p99 | disk | CPU | note |")
                .containsPattern("\\| rocksdb \\| 800k ± 240k ops/s \\| 1\\.25x slower \\|.*\\| \\*\\*not "
                        + "conclusive\\*\\*: its ±30% interval is wider than the 20% minimum effect \\|")
                .contains("vs fastest: how many times slower than the fastest engine");
    }

    @Test
    void htmlMarksTheRowAndSaysWhy() {
        String html = HtmlReport.render(RUN);
        assertThat(html).contains("<tr class=\"inconclusive\"><td>rocksdb")
                .contains("<span class=\"badge inconclusive\">not conclusive</span> rocksdb: its ±30% interval is "
                        + "wider than the 20% minimum effect. "
                        + "The 20% minimum effect is that of the gate of profile ci");
    }

    @Test
    void everyReportSaysHowEachEngineWasConfigured() {
        String text = ConsoleReport.render(RUN, Units.UNICODE);
        assertThat(text).contains("engines as configured:")
                .containsPattern("(?m)^  lmdb 4\\.2\\.1: sync: no fsync per commit \\(MDB_NOSYNC\\); memory: .*"
                        + "\\(settings as this build declares them for version 0\\.9\\.3\\)$")
                .containsPattern("(?m)^  rocksdb 7\\.2\\.1: sync: WAL, no fsync per write \\(sync=false\\)");
        String md = SummaryMarkdown.render(RUN, null);
        assertThat(md).contains("| engine | sync | memory | compression |")
                .containsPattern("\\| rocksdb 7\\.2\\.1 \\| WAL, no fsync per write \\(sync=false\\) \\(settings as "
                        + "this build declares them for version \\S+\\) \\| block cache 32 MiB");
        assertThat(HtmlReport.render(RUN)).contains("<h3>Engines as configured</h3>",
                "no fsync per commit (MDB_NOSYNC)");
        RunResults unknown = SampleResults.run(List.of(throughput("nosuch-engine", "w", 5, 1)));
        assertThat(ConsoleReport.render(unknown, Units.UNICODE))
                .contains("nosuch-engine 13.2.1: no adapter in this build: settings not known");
    }
}
