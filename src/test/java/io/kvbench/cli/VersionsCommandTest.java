package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.gate.VersionsReport;
import io.kvbench.gate.VersionsReportFixture;
import io.kvbench.result.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kvbench versions through the real command line: every mistake refused in one line before any work, shards merged,
 * and one real series of lmdbjava 0.9.0 and 0.9.1 on the tiny profile (both resolve from Maven Central and link).
 */
class VersionsCommandTest {

    private static final String TINY = InterleaveCommandTest.TINY;

    @TempDir
    Path tmp;

    /** Three rounds of two versions, one short workload: a point per version and one step, paired over the rounds. */
    @Test
    @Tag("fork")
    void aRealSeriesOfTwoVersionsIsMeasuredInInterleavedRounds() throws Exception {
        Path out = tmp.resolve("versions");
        CliRun run = CliRun.of("versions", "--runner", "local", "--profile", TINY, "--engines", "lmdb",
                "--versions", "0.9.0,0.9.1", "--workloads", "ycsb-c", "--rounds", "3", "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).containsPattern("(?m)^\\s*0\\.9\\.0\\s+measured")
                .containsPattern("(?m)^\\s*0\\.9\\.1\\s+measured").containsPattern("0\\.9\\.0 -> 0\\.9\\.1\\s+[A-Z]+");
        JsonNode json = new ObjectMapper().readTree(out.resolve(VersionsReport.JSON_FILE).toFile());
        assertThat(json.at("/series/0/points")).hasSize(2);
        assertThat(json.at("/series/0/steps/0/result/roundRatios")).hasSize(3);
        assertThat(VersionsReport.read(out).series().get(0).points().get(1).state())
                .isEqualTo(VersionsReport.State.MEASURED);
        assertThat(Files.readString(out.resolve(VersionsReport.HTML_FILE))).contains("<svg")
                .doesNotContain("NaN").doesNotContain("undefined");
        JsonNode b = new ObjectMapper().readTree(out.resolve("round-2-0.9.1/results.json").toFile());
        assertThat(b.at("/results/0/context/engineVersion").asText()).isEqualTo("0.9.1");
    }

    @Test
    void mistakesAreOneLineBeforeAnyWork() {
        assertBadInput(List.of("--versions", "0.9.0"), "a series needs at least two versions");
        assertBadInput(List.of("--versions", "0.9.0,0.9.99"), "version 0.9.99 of org.lmdbjava:lmdbjava is not in the "
                + "repository's list");
        assertBadInput(List.of("--versions", "0.9.0,0.9.1,0.9.0"), "--versions: 0.9.0 is listed twice");
        assertBadInput(List.of("--versions", "0.9.1,0.9.0"), "--versions: 0.9.1 before 0.9.0 is not ascending");
        assertBadInput(List.of("--versions", "0.9.3..0.9.0"), "0.9.3 is not older than 0.9.0");
        assertBadInput(List.of("--engines", "naive-json", "--versions", "1,2"),
                "engine 'naive-json' declares no Maven artifact");
        assertBadInput(List.of("--versions", "0.9.0,0.9.1", "--rounds", "1"), "--rounds");
        assertBadInput(List.of("--versions", "0.9.0,0.9.1", "--shard", "3/2"), "--shard 3/2: expected K/N");
        assertBadInput(List.of("--versions", "0.9.0,0.9.1", "--shard", "2/2"), "no workload falls to it");
        assertBadInput(List.of("--engines", "", "--workloads", ""), "unknown engine");
    }

    private void assertBadInput(List<String> given, String expected) {
        Path out = tmp.resolve("never");
        List<String> args = new ArrayList<>(List.of("versions", "--runner", "local", "--profile", TINY));
        if (!given.contains("--engines")) args.addAll(List.of("--engines", "lmdb"));
        if (!given.contains("--workloads")) args.addAll(List.of("--workloads", "ycsb-c"));
        if (!given.contains("--versions")) args.addAll(List.of("--versions", "0.9.0,0.9.1"));
        args.addAll(given);
        args.addAll(List.of("--out", out.toString()));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(given + ": " + run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).startsWith("kvbench: ").contains(expected).endsWith("; try: kvbench versions --help\n");
        assertThat(run.err().lines()).hasSize(1);
        assertThat(out).doesNotExist();
    }

    @Test
    void shardsAreMergedIntoOneReportAndMistakesRefused() throws Exception {
        VersionsReport whole = VersionsReportFixture.series();
        Path a = shard("a", whole, "1/2", "ycsb-c");
        Path b = shard("b", whole, "2/2", "ycsb-a");
        Path out = tmp.resolve("merged");
        CliRun run = CliRun.of("versions", "--merge", a.toString(), b.toString(), "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        VersionsReport merged = VersionsReport.read(out);
        assertThat(merged.series()).extracting(VersionsReport.Series::workload).containsExactly("ycsb-c", "ycsb-a");
        assertThat(Files.readString(out.resolve(VersionsReport.MARKDOWN_FILE))).contains("### ycsb-a", "### ycsb-c");
        assertThat(out.resolve(VersionsReport.HTML_FILE)).isRegularFile();

        CliRun twice = CliRun.of("versions", "--merge", a.toString(), a.toString(), "--out", tmp.resolve("x")
                .toString());
        assertThat(twice.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(twice.err()).contains("given twice");
        CliRun same = CliRun.of("versions", "--merge", a.toString(), shard("c", whole, "2/2", "ycsb-c").toString(),
                "--out", tmp.resolve("y").toString());
        assertThat(same.err()).startsWith("kvbench: ").contains("workload ycsb-c is in another shard too");
        CliRun noOut = CliRun.of("versions", "--merge", a.toString());
        assertThat(noOut.err()).contains("--merge needs --out DIR");
        CliRun mixed = CliRun.of("versions", "--merge", a.toString(), "--engines", "lmdb", "--out", tmp.resolve("z")
                .toString());
        assertThat(mixed.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(mixed.err()).contains("--merge takes no --engines");
    }

    private Path shard(String name, VersionsReport whole, String shard, String workload) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        VersionsReport.Series s = whole.series().get(0);
        ResultsJson.write(dir.resolve(VersionsReport.JSON_FILE), new VersionsReport(whole.subject(),
                new VersionsReport.Session(whole.profile(), whole.rounds(), shard, whole.minutes()), whole.judging(),
                List.of(new VersionsReport.Series(workload, s.unit(), s.points(), s.steps()))));
        return dir;
    }
}
