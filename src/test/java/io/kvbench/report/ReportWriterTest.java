package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void writesSummaryAndHtmlIntoANewDirectory() throws Exception {
        Path out = dir.resolve("nested/out");
        ReportWriter.Written written = ReportWriter.write(SampleResults.sixByFour(), out, "verdict: **ok**");
        assertThat(written.summary()).isEqualTo(out.resolve(ReportWriter.SUMMARY_FILE));
        assertThat(written.html()).isEqualTo(out.resolve(ReportWriter.HTML_FILE));
        assertThat(Files.readString(written.summary())).contains("### Comparison with baselines\n\nverdict: **ok**");
        assertThat(Files.readString(written.html())).contains("<h2>put-random");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("summary.md", "report.html");
        }
    }

    @Test
    void replacesAnEarlierReport() throws Exception {
        ReportWriter.write(SampleResults.sixByFour(), dir, "first");
        ReportWriter.write(SampleResults.sixByFour(), dir, null);
        assertThat(Files.readString(dir.resolve(ReportWriter.SUMMARY_FILE)))
                .doesNotContain("Comparison with baselines");
    }
}
