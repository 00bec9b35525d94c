package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to `run` exits 2 with one line that names the valid choices, before anything is measured. */
class RunCommandTest {

    @TempDir
    Path tmp;

    @Test
    void unknownEngineNamesTheValidOnes() {
        CliRun run = CliRun.of("run", "--engines", "rocksdb,nosuchdb", "--out", tmp.resolve("o").toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("unknown engine 'nosuchdb'").contains("valid engines:").contains("lmdb");
        assertThat(run.err().lines()).hasSize(1);
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    @Test
    void unknownWorkloadNamesTheValidOnes() {
        CliRun run = CliRun.of("run", "--workloads", "ycsb-z", "--out", tmp.resolve("o").toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("unknown workload 'ycsb-z'").contains("ycsb-a");
    }

    @Test
    void unknownProfileNamesTheValidOnes() {
        CliRun run = CliRun.of("run", "--profile", "weekly");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("unknown profile 'weekly'").contains("smoke, overview, ci, nightly");
    }

    @Test
    void malformedProfileFileNamesTheFile() throws Exception {
        Path profile = Files.writeString(tmp.resolve("p.json"), "{\"name\": \"x\", \"forks\": 0}");
        CliRun run = CliRun.of("run", "--profile", profile.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains(profile.toString()).contains("missing records");
    }

    @Test
    void refusesToOverwriteEarlierResults() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("earlier"));
        Files.writeString(out.resolve("results.json"), "{}");
        CliRun run = CliRun.of("run", "--engines", "rocksdb", "--workloads", "ycsb-c", "--out", out.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("already holds a results.json");
        assertThat(Files.readString(out.resolve("results.json"))).isEqualTo("{}");
    }

    @Test
    void unknownResourceProfileNamesTheValidOnes() {
        CliRun run = CliRun.of("run", "--runner", "local", "--resources", "eight-cores", "--out", tmp.resolve("o")
                .toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("unknown resource profile 'eight-cores'").contains("one-core");
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    @Test
    void unknownRunnerIsAUsageError() {
        assertThat(CliRun.of("run", "--runner", "cloud").exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
    }
}
