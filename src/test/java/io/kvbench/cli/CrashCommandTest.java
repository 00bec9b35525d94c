package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.Fault;
import io.kvbench.report.ReportWriter;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kvbench crash}: bad input is refused before anything runs; a real (local, one-kill) run writes its files. */
class CrashCommandTest {

    @TempDir
    Path dir;

    @Test
    void badInputIsRefusedWithExit2() throws IOException {
        assertRefused(CliRun.of("crash", "--cycles", "0", "--out", dir.resolve("a").toString()),
                "--cycles must be at least 1");
        assertRefused(CliRun.of("crash", "--parallel", "0", "--out", dir.resolve("a").toString()),
                "--parallel must be at least 1");
        assertRefused(CliRun.of("crash", "--engines", "nosuch", "--out", dir.resolve("a").toString()), "nosuch");
        assertRefused(CliRun.of("crash", "--runner", "cloud"), "expected auto, container or local");
        assertRefused(CliRun.of("crash", "--fault", "flood", "--out", dir.resolve("b").toString()),
                "unknown fault 'flood'");
        Path used = Files.createDirectories(dir.resolve("used"));
        Files.writeString(used.resolve(CrashResults.FILE), "{}");
        assertRefused(CliRun.of("crash", "--engines", "rocksdb", "--out", used.toString()),
                "already holds a crash-results.json");
        assertThat(Files.readString(used.resolve(CrashResults.FILE))).isEqualTo("{}");
    }

    @Test
    @Tag("fork")
    void aLocalRunWritesResultsAndReportsAndExits0() throws IOException {
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("crash", "--engines", "naive-mmap", "--cycles", "1", "--seed", "5", "--runner", "local",
                "--max-kill-delay", "200", "--out", out.toString());
        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        printsATextTableAndWritesMarkdown(run, out);
        CrashResults results = CrashResults.read(out.resolve(CrashResults.FILE));
        assertThat(results.runner()).isEqualTo("local");
        assertThat(results.seed()).isEqualTo(5);
        assertThat(results.results()).singleElement().satisfies(r -> {
            assertThat(r.verdict()).isEqualTo(Verdict.PASS);
            assertThat(r.replay().reproduce()).isEqualTo("java -jar target/kvbench.jar crash --engines naive-mmap "
                    + "--seed 5 --cycles 1 --max-kill-delay 200 --runner local");
        });
        assertThat(Files.readString(out.resolve(ReportWriter.SUMMARY_FILE))).contains("kvbench crash tests");
        assertThat(Files.readString(out.resolve(ReportWriter.HTML_FILE))).contains("<h2>Crash recovery</h2>");
        assertThat(out.resolve("crash-data").resolve("naive-mmap")).as("a passing engine's directory is removed")
                .doesNotExist();
    }

    /**
     * Where FUSE works, a power-cut run records its fault; where it does not, the command exits 3 saying what is
     * missing.
     */
    @Test
    @Tag("fork")
    @Tag("fuse")
    void aPowerCutRunRecordsItsFaultOrExits3WithoutFuse() throws IOException {
        Path out = dir.resolve("powercut");
        CliRun run = CliRun.of("crash", "--fault", "power-cut", "--engines", "naive-mmap", "--cycles", "1",
                "--seed", "5", "--max-kill-delay", "200", "--out", out.toString());
        var missing = io.kvbench.crash.fuse.PowerCutFs.unavailableReason();
        if (missing.isPresent()) {
            assertThat(run.exitCode()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
            assertThat(run.err()).contains("power cuts need FUSE: " + missing.get());
            return;
        }
        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        assertThat(run.out()).containsPattern("(?m)^engine +promise after power cut +");
        printsATextTableAndWritesMarkdown(run, out);
        assertThat(CrashResults.read(out.resolve(CrashResults.FILE)).results()).singleElement().satisfies(r -> {
            assertThat(r.fault()).isEqualTo(Fault.POWER_CUT);
            assertThat(r.replay().reproduce()).endsWith("--runner local --fault power-cut");
        });
        assertThat(Files.readString(out.resolve(ReportWriter.SUMMARY_FILE))).contains("1 power cuts per engine")
                .contains("After each kill the power was cut");
    }

    /** The console gets a text table, as compare and gate print theirs; summary.md keeps the Markdown table. */
    private static void printsATextTableAndWritesMarkdown(CliRun run, Path out) throws IOException {
        assertThat(run.out()).containsPattern("(?m)^naive-mmap +writes before flush, prefix +pass +1 ")
                .containsPattern("(?m)^-+  -+  -+").doesNotContain("| naive-mmap |", "|---|");
        assertThat(Files.readString(out.resolve(ReportWriter.SUMMARY_FILE)))
                .contains("| naive-mmap | writes before flush, prefix | pass | 1 |");
    }

    private static void assertRefused(CliRun run, String message) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains(message);
    }
}
