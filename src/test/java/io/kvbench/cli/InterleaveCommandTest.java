package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.infra.ClassPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kvbench interleave with the local runner on the tiny profile: rounds of A and B, judged with the policy. */
class InterleaveCommandTest {

    static final String TINY = Path.of("src/test/resources/tiny-profile.json").toAbsolutePath().toString();

    @TempDir
    Path tmp;

    /**
     * B's benchmark JVMs run interpreted ({@code -Xint}, a JVM flag the local runner gives B's forks only): a slowdown
     * of several times, far beyond this machine's noise, for an engine written in Java. (An engine whose gets are
     * native code, RocksDB's, loses only its Java part to the interpreter: a round came out at 0.54 in CI.)
     */
    @Test
    @Tag("fork")
    void aSlowerConfigurationBIsARegression() throws Exception {
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of("interleave", "--runner", "local", "--profile", TINY, "--engines", "h2-mvstore",
                "--workloads", "ycsb-c", "--rounds", "2", "--b-jvm-flag=-Xint", "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCode.FAILED.code());
        // Two rounds look regressed (pooled), so the default confirmation measures two more; all four, paired, decide.
        assertThat(run.out()).containsPattern("(?m)^h2-mvstore\\s+ycsb-c\\s+REGRESSION\\s+")
                .contains("B vs A paired by round over 4 rounds").contains("confirmed by 2 more rounds")
                .contains("B: this kvbench's class path, JVM flags -Xint")
                .contains(" minutes");
        JsonNode json = new ObjectMapper().readTree(out.resolve(InterleaveCommand.JSON_FILE).toFile());
        assertThat(json.at("/results/0/roundRatios")).hasSize(4)
                .allSatisfy(r -> assertThat(r.asDouble()).isLessThan(0.5));
        assertThat(json.at("/minutes").asDouble()).isPositive();
        assertThat(out.resolve("confirm-1-h2-mvstore-ycsb-c-round-2-B").resolve("results.json")).isRegularFile();
        assertThat(json.at("/counts/REGRESSION").asInt()).isEqualTo(1);
        assertThat(json.at("/policy").asText()).as("auto: the local runner cannot pin, so A and B alternate")
                .endsWith("A and B one after the other, taking turns to go first");
        assertThat(Files.readString(out.resolve(InterleaveCommand.MARKDOWN_FILE))).contains("## Interleaved comparison")
                .contains("| h2-mvstore | ycsb-c | REGRESSION |");
        assertThat(out.resolve("round-1-A").resolve("results.json")).isRegularFile();
        assertThat(out.resolve("round-2-B").resolve("results.json")).isRegularFile();
    }

    @Test
    @Tag("fork")
    void theSequentialTestAtFivePercentIsTheDefaultAndStopsAsSoonAsAClearSlowdownIsAccepted() throws Exception {
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of("interleave", "--runner", "local", "--profile", TINY, "--engines", "rocksdb",
                "--workloads", "ycsb-c", "--min-rounds", "3", "--max-rounds", "8",
                "--b-jvm-flag=-Xint", "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCode.FAILED.code());
        JsonNode json = new ObjectMapper().readTree(out.resolve(InterleaveCommand.JSON_FILE).toFile());
        // A slowdown of several times is accepted as soon as the spread's upper bound allows: at 3 rounds, or later.
        int rounds = json.at("/results/0/roundRatios").size();
        assertThat(rounds).isBetween(3, 8);
        assertThat(json.at("/rounds").asInt()).isEqualTo(rounds);
        assertThat(run.out()).containsPattern("(?m)^rocksdb\\s+ycsb-c\\s+REGRESSION\\s+")
                .contains("sequential test: a slowdown accepted after " + rounds + " rounds");
        assertThat(json.at("/alpha").asDouble()).isEqualTo(0.01);
        assertThat(out.resolve("round-" + rounds + "-rocksdb-ycsb-c-B").resolve("results.json")).isRegularFile();
        assertThat(out.resolve("round-" + (rounds + 1) + "-rocksdb-ycsb-c-A")).as("no round after the decision")
                .doesNotExist();
    }

    @Test
    @Tag("fork")
    void eachConfigurationCanRunFromItsOwnClassPath() throws Exception {
        Path out = tmp.resolve("out");
        String classPath = ClassPaths.current();
        CliRun run = CliRun.of("interleave", "--runner", "local", "--profile", TINY, "--engines", "rocksdb",
                "--workloads", "tc-random-read", "--rounds", "2", "--a-classpath", classPath, "--b-classpath",
                        classPath,
                "--min-effect", "500", "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).containsPattern("(?m)^rocksdb\\s+tc-random-read\\s+PASS\\s+");
        // The benchmarks ran in child JVMs on the given class path, each writing its own results.json.
        assertThat(out.resolve("round-1-A").resolve("classpath").resolve("rocksdb-tc-random-read")
                .resolve("results.json"))
                .isRegularFile();
        assertThat(out.resolve("round-2-B").resolve("classpath").resolve("rocksdb-tc-random-read")
                .resolve("results.json"))
                .isRegularFile();
    }

    @Test
    void badInputExitsTwo() {
        assertBadInput(List.of("--rounds", "1"), "--rounds must be at least 2 (interleaving needs repeats), was 1");
        assertBadInput(List.of("--min-rounds", "2"), "min rounds must be >= 3");
        assertBadInput(List.of("--confirmations", "1"), "--confirmations needs --rounds");
        assertBadInput(List.of("--rounds", "6", "--budget-minutes", "30"),
                "--budget-minutes is for the sequential test");
        assertBadInput(List.of("--budget-minutes", "-1"), "--budget-minutes must be at least 0, was -1.0");
        assertBadInput(List.of("--a-classpath", tmp.resolve("old-kvbench.jar").toString()),
                "old-kvbench.jar does not exist");
        assertBadInput(List.of("--schedule", "duet"), "--schedule duet pins each side to its own core",
                "--runner container");
        assertBadInput(List.of("--duet-cpusets", "1,1"), "cpusets 1 and 1 overlap");
        assertBadInput(List.of("--warmup-iterations", "-1"), "--warmup-iterations must be between 0 and");
    }

    /** interleave of rocksdb x ycsb-c with these options exits 2, naming what is wrong. */
    private static void assertBadInput(List<String> options, String... expected) {
        List<String> args = new ArrayList<>(List.of("interleave", "--runner", "local", "--engines", "rocksdb",
                "--workloads", "ycsb-c"));
        args.addAll(options);
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(String.join(" ", options)).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains(expected);
    }
}
