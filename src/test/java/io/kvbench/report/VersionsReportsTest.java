package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.gate.VersionsReport;
import io.kvbench.gate.VersionsReportFixture;
import io.kvbench.input.InputException;
import io.kvbench.result.ResultsJson;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** versions.md, versions.html and versions.json of a scripted series: what they say, and the JSON read back. */
class VersionsReportsTest {

    @TempDir
    Path tmp;

    @Test
    void markdownNamesEveryVersionTheLinkageAndTheSignificantStep() {
        String md = VersionsMarkdown.markdown(VersionsReportFixture.series());
        assertThat(md).contains("## Versions of lmdb", "### ycsb-c", "| 0.9.0 | measured |", "| 0.9.1 | LINKAGE |",
                "NoSuchMethodError", "| 0.9.0 -> 0.9.2 | REGRESSION * |", "over 0.9.1 (not measured)",
                "1.25x slower", "95% confidence interval").doesNotContain("NaN");
        StringWriter console = new StringWriter();
        VersionsMarkdown.print(VersionsReportFixture.series(), new PrintWriter(console));
        assertThat(console.toString()).containsPattern("0\\.9\\.0 -> 0\\.9\\.2\\s+REGRESSION \\*\\s+1\\.25x slower")
                .contains("lmdb / ycsb-c").doesNotContain("NaN");
    }

    @Test
    void theHtmlChartsEveryMeasuredVersionWithItsIntervalAndHasNoNaN() {
        String html = VersionsHtml.page(VersionsReportFixture.series());
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg", "0.9.2", "not measured: 0.9.1 LINKAGE",
                "REGRESSION *").doesNotContain("<script").doesNotContain("NaN").doesNotContain("undefined");
        assertThat(html.split("<g class=\"bar\"", -1).length - 1)
                .as("one bar per measured version, not the LINKAGE one").isEqualTo(2);
        assertThat(html.split("<path class=\"whisker\"", -1).length - 1).as("each with its interval").isEqualTo(2);
    }

    @Test
    void theJsonIsReadBackAsWritten() throws Exception {
        VersionsReport report = VersionsReportFixture.series();
        ResultsJson.write(tmp.resolve(VersionsReport.JSON_FILE), report);
        VersionsReport read = VersionsReport.read(tmp);
        assertThat(read).isEqualTo(report);
        assertThat(ResultsJson.MAPPER.writeValueAsString(read)).isEqualTo(ResultsJson.MAPPER
                .writeValueAsString(report));
    }

    @Test
    void aJsonWithoutAPointPerVersionIsBadInputNamingTheField() throws Exception {
        ResultsJson.write(tmp.resolve(VersionsReport.JSON_FILE), VersionsReportFixture.series());
        Path file = tmp.resolve(VersionsReport.JSON_FILE);
        Files.writeString(file, Files.readString(file).replace("\"version\" : \"0.9.1\"", "\"version\" : \"0.9.9\""));
        assertThatThrownBy(() -> VersionsReport.read(tmp)).isInstanceOf(InputException.class)
                .hasMessageContaining("series[0].points");
    }
}
