package io.kvbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.judge.Bisection;
import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bisect.json read back: commits with their subjects and skips; a file written before them reads as versions. */
class BisectReportTest {

    @TempDir
    Path tmp;

    private static final Bisection.Result<InterleaveReport> NOTHING = new Bisection.Result<>(
            Bisection.End.NOTHING_BETWEEN, "a", "b", List.of("b"), List.of(), List.of());

    @Test
    void aBisectionOfCommitsReadsBackWithItsSubjectsAndSkips() throws IOException {
        BisectReport.Source source = new BisectReport.Source(BisectReport.Labels.COMMITS, "/src/engine", "make",
                "target/*.jar", List.of(new BisectReport.Commit("aaaaaaa", "a".repeat(40), "good one"),
                        new BisectReport.Commit("bbbbbbb", "b".repeat(40), "bad one")),
                Map.of("ccccccc", "the build exited with 1; log x"));
        BisectReport written = new BisectReport("lmdb", List.of("ycsb-c"), List.of("aaaaaaa", "bbbbbbb"), 0.05,
                NOTHING, 0.1, source);
        Path file = tmp.resolve(BisectReport.JSON_FILE);
        ResultsJson.write(file, written);
        BisectReport read = BisectReport.read(file);
        assertThat(read.source()).isEqualTo(source);
        assertThat(read.source().subject("bbbbbbb")).isEqualTo("bad one");
    }

    @Test
    void aFileWrittenBeforeCommitsCouldBeSearchedReadsAsVersions() throws IOException {
        BisectReport written = new BisectReport("lmdb", List.of("ycsb-c"), List.of("0.9.2", "0.9.3"), 0.05, NOTHING,
                0.1);
        ObjectNode json = ResultsJson.MAPPER.valueToTree(written);
        assertThat(json.remove("source")).as("the new field").isNotNull();
        Path file = Files.writeString(tmp.resolve(BisectReport.JSON_FILE), json.toString());
        BisectReport read = BisectReport.read(file);
        assertThat(read.source().labels()).isEqualTo(BisectReport.Labels.VERSIONS);
        assertThat(read.source().commits()).isEmpty();
        assertThat(read.source().subject("0.9.3")).isEmpty();
        assertThat(read.versions()).containsExactly("0.9.2", "0.9.3");
    }
}
