package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.gate.InterleaveReport;
import io.kvbench.gate.Interleaving;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.Resolution;
import io.kvbench.judge.Thresholds;
import io.kvbench.report.AbSummary;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands the pull-request A/B workflow runs besides interleave: which engines a bump concerns, one summary
 * table. */
class PullRequestAbCommandsTest {

    @TempDir
    Path tmp;

    @Test
    void changedFromListsTheEnginesWhoseVersionMovedOrThatAreNew() throws Exception {
        CliRun current = CliRun.of("engines", "--json");
        ArrayNode base = (ArrayNode) new ObjectMapper().readTree(current.out());
        ((ObjectNode) base.get(0)).put("version", "0.0.1-old");
        String removedId = base.get(1).get("id").asText();
        base.remove(1);
        Path file = tmp.resolve("base-engines.json");
        Files.writeString(file, base.toString());

        CliRun run = CliRun.of("engines", "--changed-from", file.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<String> changed = List.of(new ObjectMapper().readValue(run.out(), String[].class));
        assertThat(changed).containsExactly(base.get(0).get("id").asText(), removedId);

        Files.writeString(file, current.out());
        assertThat(CliRun.of("engines", "--changed-from", file.toString()).out().strip()).isEqualTo("[]");

        Files.writeString(file, "{\"id\": 1}");
        CliRun bad = CliRun.of("engines", "--changed-from", file.toString());
        assertThat(bad.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(bad.err()).contains(file.toString()).contains("not a JSON array");
        assertThat(CliRun.of("engines", "--changed-from", tmp.resolve("nope").toString()).exitCode())
                .isEqualTo(ExitCode.BAD_INPUT.code());
    }

    private Path shard(String engine, Verdict verdict, double... ratios) throws Exception {
        ComparisonRow row = new ComparisonRow(new BenchmarkKey(engine, "ycsb-c"), verdict, "ops/s",
                new ComparisonRow.Scores(1000, 1000 * ratios[0],
                (ratios[0] - 1) * 100), new ComparisonRow.Significance(0.001, "p=0.001 (paired t, " + ratios.length
                + " rounds)"), verdict == Verdict.REGRESSION ? "slower" : "", false);
        InterleaveReport report = new InterleaveReport("ci", ratios.length,
                new InterleaveReport.Configurations("merge base", "head"), new InterleaveReport.Judging("bootstrap",
                0.01), Map.of(verdict, 1L), List.of(new Interleaving.Result(row,
                java.util.Arrays.stream(ratios).boxed().toList(), verdict == Verdict.ERROR ? null
                : Resolution.paired(ratios, new Thresholds(0.01, 0.05, 0, 0), 0.05, true))), 2.5);
        Path dir = tmp.resolve("ab-" + engine);
        ResultsJson.write(dir.resolve(InterleaveReport.JSON_FILE), report);
        return dir;
    }

    @Test
    void interleavedShardsBecomeOneTableThatFailsOnlyOnAConfirmedRegression() throws Exception {
        Path lmdb = shard("lmdb", Verdict.PASS, 1.01, 0.99, 1.0, 1.02, 0.98, 1.0);
        Path rocksdb = shard("rocksdb", Verdict.REGRESSION, 0.90, 0.91, 0.89, 0.90, 0.92, 0.88);
        Path out = tmp.resolve("pr");

        CliRun pass = CliRun.of("report", "--interleaved", lmdb.toString(), "--out", out.toString());
        assertThat(pass.exitCode()).as(pass.err()).isZero();
        String md = Files.readString(out.resolve(ReportCommand.AB_SUMMARY_FILE));
        assertThat(md).startsWith(AbSummary.MARKER).contains("no confirmed regression")
                .contains("| lmdb | ycsb-c | PASS |");
        assertThat(md).as("what the pass resolves, and the spread that limited it")
                .contains("| 6 | 5.9 % (spread 1.4 %) |")
                .contains("Resolution: the smallest slowdown the session could have caught")
                .contains("Minutes per session: lmdb 2.5.");

        CliRun fail = CliRun.of("report", "--interleaved", lmdb.toString(), rocksdb.toString(), "--out",
                out.toString());
        assertThat(fail.exitCode()).isEqualTo(ExitCode.FAILED.code());
        md = Files.readString(out.resolve(ReportCommand.AB_SUMMARY_FILE));
        assertThat(md).contains("1 PASS, 1 REGRESSION").contains("| rocksdb | ycsb-c | **REGRESSION** |")
                .contains("| 1.11x slower | 1.08x slower to 1.14x slower (99 %) | 6 |");
        assertThat(md).as("one direction for every ratio: B's time over A's, in words").contains("| B vs A |")
                .doesNotContain("B/A");

        // A session that an ERROR stopped in its first round (rounds 1, no ratio) is reported as ERROR, exit 3, with
        // its reason in the table: before, the report refused it and the pull request saw no reason at all.
        Path broken = shard("h2-mvstore", Verdict.ERROR, Double.NaN);
        CliRun error = CliRun.of("report", "--interleaved", lmdb.toString(), broken.toString(), "--out",
                out.toString());
        assertThat(error.exitCode()).as(error.err()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(Files.readString(out.resolve(ReportCommand.AB_SUMMARY_FILE))).contains("| h2-mvstore | ycsb-c |")
                .contains("ERROR");

        CliRun missing = CliRun.of("report", "--interleaved", tmp.resolve("ab-none").toString(), "--out",
                out.toString());
        assertThat(missing.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(missing.err()).contains("interleave.json: not found");
        assertThat(CliRun.of("report", "--interleaved", lmdb.toString()).err()).contains("--interleaved needs --out");
    }
}
