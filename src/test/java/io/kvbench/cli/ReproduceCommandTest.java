package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `kvbench reproduce tc` end to end at a tiny size: the run, then the published tables beside it, in every output. */
class ReproduceCommandTest {

    @TempDir
    Path tmp;

    @Test
    void reproducesTheTokyoCabinetTablesAtAGivenSize() throws IOException {
        Path out = tmp.resolve("tc");
        CliRun run = CliRun.of("reproduce", "tc", "--records", "2000", "--engines", "lmdb,chronicle-map", "--profile", "smoke",
                "--runner", "local", "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("8 measured, 0 not applicable, 0 errors")
                .contains("Xodus benchmarks: Tokyo Cabinet, Random Read (tc-random-read, s/op): published 1,000,000 records on "
                        + "Intel Core i7-3770 3.4 GHz, Windows 7, measured 2,000 records here")
                .contains("Rank agreement (Kendall's tau) over 2 engines: ")
                .contains("published, not measured in this run: Xodus store with key prefixing (Patricia)");
        assertThat(run.out()).containsPattern("(?m)^lmdb\\s+0\\.825\\s+1\\.49x slower\\s+");
        // The nightly profile at another size is another profile: its results never pass for smoke's.
        assertThat(io.kvbench.baseline.ResultsInput.read(out).profile()).isEqualTo("smoke+records=2000");
        assertThat(run.out()).containsPattern("(?m)^chronicle-map\\s+0\\.553\\s+1\\.00x\\s+");
        assertThat(Files.readString(out.resolve("summary.md"))).contains("### Published comparisons")
                .contains("| chronicle-map | 0.553 | 1.00x |");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Published comparisons</h2>")
                .contains("https://github.com/JetBrains/xodus/blob/master/benchmarks/readme.md");
    }

    @Test
    void anUnknownComparisonOrAnEngineOutsideTheTableIsBadInput() {
        CliRun unknown = CliRun.of("reproduce", "leveldb-paper", "--runner", "local");
        assertThat(unknown.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(unknown.err()).contains("unknown published comparison 'leveldb-paper'; valid: tc");
        CliRun outside = CliRun.of("reproduce", "tc", "--engines", "rocksdb", "--runner", "local", "--out", tmp.resolve("x").toString());
        assertThat(outside.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(outside.err()).contains("engine 'rocksdb' is not in the published tc table");
    }
}
