package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.classpath.OutsideAdapterJar;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An adapter written and built outside kvbench (OutsideAdapterJar: compiled into a jar of its own) is listed, passes
 * the contract suite from the CLI and is benchmarked in JMH forks, given only with --adapter; a broken one is one line.
 *
 * <p>Tag fork: it benchmarks in JMH forks (an outside adapter), which the design card leaves to the full check.
 */
@Tag("fork")
class OutsideAdapterCommandsTest {

    @TempDir
    static Path built;

    private static Path adapter;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() throws Exception {
        adapter = OutsideAdapterJar.build(built.resolve("adapter"));
    }

    @Test
    void enginesListsTheOutsideEngine() {
        CliRun run = CliRun.of("engines", "--adapter", adapter.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("(?m)^outside-tree\\s+1\\.0-test\\s+");
    }

    @Test
    void theContractSuitePassesFromTheCli() throws Exception {
        Path out = tmp.resolve("contract");
        CliRun run = CliRun.of("contract", "--engines", OutsideAdapterJar.ENGINE, "--adapter", adapter.toString(),
                "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).containsPattern("(?m)^outside-tree\\s+\\d+\\s+0\\s+\\d+\\s*$")
                .containsPattern("\\d+ tests, 0 failed; report: ");
        assertThat(out.resolve("TEST-junit-jupiter.xml")).content().contains("<testsuite")
                .contains("[outside-tree] put, overwrite, delete, missing key");
    }

    @Test
    void itIsBenchmarkedInJmhForks() throws Exception {
        Path out = tmp.resolve("run");
        CliRun run = CliRun.of("run", "--runner", "local", "--profile", InterleaveCommandTest.TINY, "--engines",
                OutsideAdapterJar.ENGINE, "--workloads", "ycsb-c", "--adapter", adapter.toString(), "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(out.resolve("results.json").toFile()).at("/results/0");
        assertThat(result.path("status").asText()).as(result.toString()).isEqualTo("OK");
        assertThat(result.at("/context/engineVersion").asText()).isEqualTo("1.0-test");
    }

    @Test
    void aBrokenAdapterIsOneLine() throws Exception {
        Path broken = OutsideAdapterJar.broken(tmp);
        CliRun list = CliRun.of("engines", "--adapter", broken.toString());
        assertThat(list.exitCode()).isZero();
        assertThat(list.out()).containsPattern("(?m)^unavailable: org\\.example\\.kvstore\\.MissingEngine: .+$");
        CliRun run = CliRun.of("contract", "--engines", "missing", "--adapter", broken.toString(), "--out",
                tmp.resolve("out").toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).startsWith("kvbench: engine 'missing' is unavailable: org.example.kvstore.MissingEngine")
                .hasLineCount(1);
        CliRun empty = CliRun.of("engines", "--adapter", OutsideAdapterJar.withoutService(tmp.resolve("e")).toString());
        assertThat(empty.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(empty.err()).contains("no KvEngine in it").hasLineCount(1);
    }
}
