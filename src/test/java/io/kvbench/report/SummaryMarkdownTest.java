package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryMarkdownTest {

    private final String md = SummaryMarkdown.render(SampleResults.sixByFour(), null);

    @Test
    void headerNamesProfileRunnerMachineJdkRevisionAndTime() {
        assertThat(md).startsWith("## kvbench results: profile `ci`, runner `container`");
        assertThat(md).contains("| Machine | AMD EPYC 7B13, 2 cores, 24.0 GiB RAM, Linux 6.1 (class `epyc-7b13-2c`) |",
                "| JDK | OpenJDK 64-Bit Server VM 17.0.15+6 |", "| kvbench revision | `3f9c2e1` |",
                "| Started | 2025-06-01T10:00:00Z |", "| Results | 20 measured, 2 not applicable, 2 errors |");
    }

    @Test
    void oneRankedTablePerWorkload() {
        assertThat(md).contains("### put-random", "### get-random", "### range-scan", "### bulk-load");
        assertThat(md).contains("| lmdb | 1.85M ± 0.06M ops/s | 1.00x | ");
        assertThat(md.indexOf("| lmdb | 1.85M")).isLessThan(md.indexOf("| rocksdb | 412k"));
        assertThat(md.indexOf("| h2-mvstore | 640 ± 21 ms | 1.00x"))
                .isLessThan(md.indexOf("| mapdb | 27.4 ± 1.9 s | 42.8x"));
        assertThat(md).contains("_time-per-pass, lower is better · records=1000000, threads=1, valueSize=100_");
    }

    @Test
    void unmeasuredRowsCarryTheirReasons() {
        assertThat(md).contains("| mapdb | **n/a** (HTreeMap store is unordered) |  |  |  |  |");
        assertThat(md).contains("| chronicle-map | **ERROR** (fork exited with code 137 (out of memory?)) |");
    }

    @Test
    void secondaryMetricsAreFoldedAway() {
        int details = md.indexOf("<details>");
        assertThat(details).isPositive();
        assertThat(md.indexOf("</details>")).isGreaterThan(details);
        assertThat(md.substring(details))
                .contains("| engine | p50 | p99 | p99.9 | disk | CPU | alloc/op | RSS peak | native | written "
                        + "| write amp. |", "#### bulk-load");
    }

    @Test
    void comparisonSectionOnlyWhenGiven() {
        assertThat(md).doesNotContain(SummaryMarkdown.COMPARISON_HEADING);
        String withVerdicts = SummaryMarkdown.render(SampleResults.sixByFour(),
                "| engine | verdict |\n|---|---|\n| lmdb | ok |\n");
        assertThat(withVerdicts)
                .contains("### Comparison with baselines\n\n| engine | verdict |\n|---|---|\n| lmdb | ok |\n");
    }

    @Test
    void dataIsEscapedSoItCannotInjectHtmlOrBreakTheTable() {
        assertThat(md).doesNotContain("<script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        String pipe = SummaryMarkdown.render(SampleResults.run(List.of(
                BenchmarkResult.failed("e|x", "w", FailureKind.ENGINE_FAILURE, "a | b *c* [d](e)", null))), null);
        assertThat(pipe).contains("| e\\|x | **ERROR** (a \\| b \\*c\\* \\[d\\](e)) |  |  |  |  |");
    }
}
