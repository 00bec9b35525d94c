package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.infra.Directories;
import io.kvbench.result.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kvbench gate end to end with the local runner on a tiny profile: a large injected slowdown (about 20 µs on
 * operations of about 1 µs, far beyond noise) looks regressed, is rerun once with the same slowdown, and is confirmed.
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

        Path gate = tmp.resolve("gate");
        CliRun slow = CliRun.of("gate", "--runner", "local", "--profile", profile, "--engines", "rocksdb",
                "--workloads",
                "ycsb-c", "--baselines", baselines.toString(), "--confirmations", "1", "--inject-slowdown", "5000",
                "--out", gate.toString());
        assertThat(slow.exitCode()).as(slow.out() + slow.err()).isEqualTo(ExitCode.FAILED.code());
        assertThat(slow.out())
                .containsPattern("(?m)^rocksdb\\s+ycsb-c\\s+REGRESSION\\s+").contains("confirmed by 1 rerun");
        assertThat(new RunLayout(gate).confirmation("rocksdb-ycsb-c", 1).results()).isRegularFile();
        assertThat(Files.readString(gate.resolve("comparison.md"))).contains("**REGRESSION**")
                .contains("confirmation rerun");
        assertThat(gate.resolve("summary.md")).isNotEmptyFile();
    }

    /**
     * The perf gate pins this JVM off its core while it measures (HostCpus), and a local run's machine class carries
     * the cores the run had ("-1c-" or "-2c-"): the baseline recorded here is this machine's with any of its CPUs, so
     * that the gate finds it when the pinning began or ended between the two runs.
     */
    private static void forEveryCoreCount(Path profile) throws IOException {
        Path recorded;
        try (Stream<Path> classes = Files.list(profile)) {
            recorded = classes.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        long cpus = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("processor"))
                .count();
        for (long cores = 1; cores <= cpus; cores++) {
            Path other = profile.resolve(recorded.getFileName().toString().replaceFirst("-\\d+c(-\\d+g)?$",
                    "-" + cores + "c$1"));
            if (!other.equals(recorded)) Directories.copyRecursively(recorded, other);
        }
    }

    @Test
    void badInputExitsTwo() {
        CliRun negative = CliRun.of("gate", "--runner", "local", "--confirmations", "-1");
        assertThat(negative.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(negative.err()).contains("--confirmations must be >= 0");
        CliRun noBaselines = CliRun.of("gate", "--runner", "local", "--baselines", tmp.resolve("typo").toString());
        assertThat(noBaselines.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(noBaselines.err()).contains("typo").contains("does not exist");
    }
}
