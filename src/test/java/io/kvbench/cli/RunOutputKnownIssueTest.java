package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `kvbench run` says what compare says: a failure that matches an engine bug in known-issues.json is a KNOWN_ISSUE with
 * its reference in the console table, summary.md and report.html, not a raw ERROR; any other failure stays an ERROR.
 * Written through {@link RunOutput}, the code the run command ends with.
 */
class RunOutputKnownIssueTest {

    private static final String LEVELDB_78 = "https://github.com/dain/leveldb/issues/78";
    // The failure leveldb-java x ycsb-a ends with when a read races a compaction (as JMH reports it).
    private static final String RACE = "Caused by: java.io.FileNotFoundException: "
            + "/kvbench/data/leveldb-java-ycsb-a-1/store/000123.sst (No such file or directory)";

    @Test
    void aRecordedEngineBugIsAKnownIssueWithItsLinkInTableSummaryAndReport(@TempDir Path out) throws Exception {
        ResultContext context = new ResultContext(new Software("0.12", "OpenJDK 17", "abc"), "smoke", "local",
                "2026-11-23T07:00:00Z", new MachineInfo("AMD EPYC", 2, 24L << 30, "Linux",
                "amd-epyc-2c"), Map.of(), Map.of());
        RunResults run = new RunResults(RunResults.SCHEMA_VERSION, true, "smoke", "local", "2026-11-23T07:00:00Z", null,
                List.of(
                BenchmarkResult.failed("leveldb-java", "ycsb-a", FailureKind.ENGINE_FAILURE, RACE, context),
                BenchmarkResult.failed("rocksdb", "ycsb-a", FailureKind.ENGINE_FAILURE, "fork exited with code 137",
                        context)));
        StringWriter console = new StringWriter();
        RunOutput.write(run, out, new PrintWriter(console, true));
        String table = console.toString();
        String md = Files.readString(out.resolve("summary.md"));
        String html = Files.readString(out.resolve("report.html"));

        assertThat(table).containsPattern("leveldb-java\\s+KNOWN_ISSUE \\(known engine issue "
                + Pattern.quote(LEVELDB_78) + ": ")
                .containsPattern("(?m)^\\s*rocksdb\\s+ERROR \\(fork exited with code 137\\)")
                .contains("0 measured, 0 not applicable, 1 error, 1 known issue")
                .doesNotContain("FileNotFoundException");
        assertThat(md).contains("| leveldb-java | **KNOWN_ISSUE** (known engine issue [" + LEVELDB_78 + "]("
                + LEVELDB_78 + "): ")
                .contains("| rocksdb | **ERROR** (fork exited with code 137) |")
                .doesNotContain("FileNotFoundException");
        assertThat(html).contains("<span class=\"status known\">KNOWN_ISSUE</span> <strong>leveldb-java</strong> "
                        + "known engine issue <a href=\"" + LEVELDB_78 + "\">" + LEVELDB_78 + "</a>: ")
                .contains("<span class=\"status error\">ERROR</span> <strong>rocksdb</strong>")
                .contains("1 benchmark ended in an error")
                .doesNotContain("FileNotFoundException");
    }
}
