package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.report.ReportWriter;
import io.kvbench.fixtures.SampleResults;
import io.kvbench.result.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {

    @TempDir
    Path dir;

    private Path resultsFile() {
        return dir.resolve(ResultsJson.RESULTS_FILE);
    }

    /** Exit 2, one line on stderr that names what is wrong, and no report written. */
    private CliRun assertBadInput(String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
        assertThat(run.err()).startsWith("kvbench: ");
        assertThat(dir.resolve(ReportWriter.SUMMARY_FILE)).doesNotExist();
        assertThat(dir.resolve(ReportWriter.HTML_FILE)).doesNotExist();
        return run;
    }

    @Test
    void writesSummaryAndHtmlBesideTheResultsAndPrintsTheTable() throws Exception {
        ResultsJson.write(resultsFile(), SampleResults.sixByFour());
        CliRun run = CliRun.of("report", "--results", dir.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("(?m)^put-random\\s+lmdb\\s+1\\.85M");
        // NaN survives the JSON round trip: an unknown error is left out, not printed as a number.
        assertThat(run.out()).containsPattern("(?m)^\\s+xodus\\s+3\\.10M ops/s\\s+7\\.00x slower");
        assertThat(run.out()).containsPattern("(?m)^\\s+mapdb\\s+n/a \\(HTreeMap store is unordered\\)$");
        assertThat(Files.readString(dir.resolve(ReportWriter.SUMMARY_FILE))).contains("### bulk-load");
        assertThat(Files.readString(dir.resolve(ReportWriter.HTML_FILE))).contains("<h2>range-scan");
        assertThat(run.out()).contains("Wrote " + dir.resolve(ReportWriter.SUMMARY_FILE));
    }

    @Test
    void outPutsTheReportElsewhere() throws Exception {
        ResultsJson.write(resultsFile(), SampleResults.sixByFour());
        Path out = dir.resolve("site");
        CliRun run = CliRun.of("report", "--results", dir.toString(), "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(out.resolve(ReportWriter.SUMMARY_FILE)).exists();
        assertThat(out.resolve(ReportWriter.HTML_FILE)).exists();
        assertThat(dir.resolve(ReportWriter.HTML_FILE)).doesNotExist();
    }

    @Test
    void missingDirectory() {
        Path missing = dir.resolve("nope");
        assertThat(assertBadInput("report", "--results", missing.toString()).err()).contains(missing
                + ": no such directory");
    }

    @Test
    void resultsMustNameADirectory() throws Exception {
        ResultsJson.write(resultsFile(), SampleResults.sixByFour());
        assertThat(assertBadInput("report", "--results", resultsFile().toString()).err()).contains("not a directory");
    }

    @Test
    void missingResultsFile() {
        assertThat(assertBadInput("report", "--results", dir.toString()).err()).contains(resultsFile()
                + ": does not exist");
    }

    @Test
    void malformedJsonNamesTheLine() throws Exception {
        Files.writeString(resultsFile(), "{\n  \"schemaVersion\": 1,\n  \"complete\": tru\n}\n");
        assertThat(assertBadInput("report", "--results", dir.toString()).err()).contains(resultsFile()
                + ": malformed JSON (line 3, column 15): ");
    }

    @Test
    void wrongValueNamesTheField() throws Exception {
        String json = ResultsJson.MAPPER.writeValueAsString(SampleResults.sixByFour())
                .replaceFirst("\"status\" : \"OK\"", "\"status\" : \"MAYBE\"");
        Files.writeString(resultsFile(), json);
        assertThat(assertBadInput("report", "--results", dir.toString()).err())
                .contains(resultsFile().toString(), ": field 'results[0].status' is invalid (line ", "MAYBE");
    }

    @Test
    void unknownFieldIsAnError() throws Exception {
        Files.writeString(resultsFile(), "{\"schemaVersion\": 1, \"complet\": true}");
        assertThat(assertBadInput("report", "--results", dir.toString()).err()).contains("complet");
    }

    @Test
    void emptyFileAndUnsupportedSchema() throws Exception {
        Files.writeString(resultsFile(), "");
        assertBadInput("report", "--results", dir.toString());
        Files.writeString(resultsFile(), "{\"schemaVersion\": 99, \"complete\": true, \"results\": []}");
        assertThat(assertBadInput("report", "--results", dir.toString()).err()).contains("field 'schemaVersion' is 99");
    }

    @Test
    void outMustBeADirectory() throws Exception {
        ResultsJson.write(resultsFile(), SampleResults.sixByFour());
        Path file = Files.writeString(dir.resolve("taken"), "x");
        assertThat(assertBadInput("report", "--results", dir.toString(), "--out", file.toString()).err())
                .contains("--out " + file);
    }

    @Test
    void resultsOptionIsRequiredAndListedInHelp() {
        assertThat(CliRun.of("report").exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(CliRun.of("report", "--help").out()).contains("--results", "--out");
        assertThat(CliRun.of("--help").out()).contains("report");
    }
}
