package io.kvbench.cli;

import static io.kvbench.fixtures.LocalBaselines.better;
import static io.kvbench.fixtures.LocalBaselines.forEveryCoreCount;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.RunLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kvbench gate end to end with the local runner on a tiny profile: against baselines made ten times better than this
 * machine measured them (a slowdown far beyond noise, with nothing slowed in kvbench or the engine), the run looks
 * regressed, is rerun once, and is confirmed.
 * The profile measures eight iterations a side so the gate uses its bootstrap: with four, Welch's test on a baseline
 * measured beside the suite's container tests once found an 86 % drop not significant (p 0.04).
 */
class GateCommandTest {

    @TempDir
    Path tmp;

    @Test
    @Tag("fork")
    void confirmsARealSlowdownAndExitsOne() throws Exception {
        String profile = Path.of("src/test/resources/tiny-gate-profile.json").toAbsolutePath().toString();
        Path baselines = tmp.resolve("baselines");
        Path first = tmp.resolve("first");
        assertThat(KvBench.execute("run", "--runner", "local", "--profile", profile, "--engines", "rocksdb",
                "--workloads", "ycsb-c", "--out", first.toString())).isZero();
        assertThat(KvBench.execute("baseline", "update", "--min-runs", "1", "--results", first.toString(),
                "--baselines", baselines.toString(),
                "--reason", "gate test")).isZero();
        forEveryCoreCount(baselines.resolve("tiny-gate"));
        better(baselines.resolve("tiny-gate"), 10);

        Path gate = tmp.resolve("gate");
        CliRun slow = CliRun.of("gate", "--runner", "local", "--profile", profile, "--engines", "rocksdb",
                "--workloads",
                "ycsb-c", "--baselines", baselines.toString(), "--confirmations", "1", "--out", gate.toString());
        assertThat(slow.exitCode()).as(slow.out() + slow.err()).isEqualTo(ExitCode.FAILED.code());
        assertThat(slow.out())
                .containsPattern("(?m)^rocksdb\\s+ycsb-c\\s+REGRESSION\\s+").contains("confirmed by 1 rerun");
        assertThat(new RunLayout(gate).confirmation("rocksdb-ycsb-c", 1).results()).isRegularFile();
        assertThat(Files.readString(gate.resolve("comparison.md"))).contains("**REGRESSION**")
                .contains("confirmation rerun");
        assertThat(gate.resolve("summary.md")).isNotEmptyFile();
    }

    @Test
    void badInputExitsTwo() {
        CliRun negative = CliRun.of("gate", "--runner", "local", "--confirmations", "-1");
        assertThat(negative.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(negative.err()).contains("--confirmations must be at least 0, was -1");
        CliRun noBaselines = CliRun.of("gate", "--runner", "local", "--baselines", tmp.resolve("typo").toString());
        assertThat(noBaselines.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(noBaselines.err()).contains("typo").contains("does not exist");
    }
}
