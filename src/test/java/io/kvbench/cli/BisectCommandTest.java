package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.gate.BisectReport;
import io.kvbench.gate.JudgedMetric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kvbench bisect over real released versions (their list from Maven Central, or the local repository's metadata):
 * mistakes refused before any work, the immediate answer where no version lies between, and one real bisection of
 * Berkeley DB JE on the tiny profile, over 5.0.73, 18.1.11, 18.3.1 and 18.3.12 (lmdbjava's 0.9.2 needs a newer glibc
 * than Debian 12's, and H2 MVStore 2.3.230 cannot compare the adapter's keys: neither can serve as a good end).
 */
class BisectCommandTest {

    private static final String TINY = InterleaveCommandTest.TINY;

    @TempDir
    Path tmp;

    /**
     * B's benchmark JVMs run interpreted (-Xint), so that every version judged against the good end is slower by far
     * more than this machine's noise: the first version after the good end is the first bad one, and the search must
     * find it after confirming the bad end, in two steps (18.1.11 is halfway: 18.3.1 is never measured).
     */
    @Test
    @Tag("fork")
    void aRealBisectionFindsTheFirstBadVersion() throws Exception {
        Path out = tmp.resolve("bisect");
        CliRun run = CliRun.of("bisect", "--runner", "local", "--profile", TINY, "--engines", "berkeleydb-je",
                "--workloads", "ycsb-c", "--good", "berkeleydb-je=5.0.73", "--bad", "berkeleydb-je=18.3.12",
                "--min-rounds", "3", "--max-rounds", "6", "--b-jvm-flag=-Xint", "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .containsPattern("(?m)^\\s*1\\s+18\\.3\\.12\\s+REGRESSION \\(bad\\)\\s+ycsb-c\\s+REGRESSION")
                .containsPattern("(?m)^\\s*2\\s+18\\.1\\.11\\s+REGRESSION \\(bad\\)\\s+ycsb-c\\s+REGRESSION")
                .containsPattern("first bad version 18\\.1\\.11 \\(last good 5\\.0\\.73\\): ycsb-c effect "
                        + "\\+\\d+\\.\\d % \\[\\+\\d+\\.\\d %, \\+\\d+\\.\\d %\\] against 5\\.0\\.73");
        JsonNode json = new ObjectMapper().readTree(out.resolve(BisectReport.JSON_FILE).toFile());
        assertThat(json.at("/search/end").asText()).isEqualTo("FOUND");
        assertThat(json.at("/search/firstBad").asText()).isEqualTo("18.1.11");
        assertThat(json.at("/versions")).hasSize(4);
        assertThat(json.at("/search/steps/1/detail/b").asText()).contains("je 18.1.11");
        assertThat(json.at("/search/steps/1/detail/a").asText()).contains("je 5.0.73");
        assertThat(Files.readString(out.resolve(BisectReport.MARKDOWN_FILE))).contains("## Bisection of berkeleydb-je")
                .contains("**first bad version 18.1.11 (last good 5.0.73)");
        Path step = out.resolve("step-2-18.1.11");
        assertThat(step.resolve("interleave.json")).isRegularFile();
        JsonNode b = new ObjectMapper().readTree(step.resolve("round-1-berkeleydb-je-ycsb-c-B/results.json").toFile());
        assertThat(b.at("/results/0/context/engineVersion").asText()).isEqualTo("18.1.11");
    }

    @Test
    void noVersionBetweenTheEndsIsTheImmediateAnswer() throws Exception {
        Path out = tmp.resolve("immediate");
        CliRun run = CliRun.of("bisect", "--runner", "local", "--profile", TINY, "--engines", "lmdb", "--workloads",
                "ycsb-c", "--good", "lmdb=0.9.2", "--bad", "lmdb=0.9.3", "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("first bad version 0.9.3 (last good 0.9.2): no released version lies between "
                + "them, so nothing was measured");
        JsonNode json = new ObjectMapper().readTree(out.resolve(BisectReport.JSON_FILE).toFile());
        assertThat(json.at("/search/end").asText()).isEqualTo("NOTHING_BETWEEN");
        assertThat(json.at("/search/steps")).isEmpty();
    }

    @Test
    void mistakesAreOneLineBeforeAnyWork() {
        assertBadInput("lmdb", "lmdb=0.9.3", "lmdb=0.9.0", "--good 0.9.3 is not older than --bad 0.9.0");
        assertBadInput("lmdb", "lmdb=0.9.0", "lmdb=0.9.0", "--good 0.9.0 is not older than --bad 0.9.0");
        assertBadInput("lmdb", "lmdb=0.9.99", "lmdb=0.9.3", "version 0.9.99 of org.lmdbjava:lmdbjava is not in the "
                + "repository's list");
        assertBadInput("lmdb", "rocksdb=11.7.0", "lmdb=0.9.3", "--good rocksdb=11.7.0: names engine 'rocksdb', but "
                + "--engines is 'lmdb'");
        assertBadInput("lmdb", "lmdb", "lmdb=0.9.3", "--good lmdb: expected ID=VERSION");
        assertBadInput("naive-json", "naive-json=1", "naive-json=2", "engine 'naive-json' declares no Maven artifact");
        assertBadInput("lmdb,rocksdb", "lmdb=0.9.0", "lmdb=0.9.3", "unknown engine 'lmdb,rocksdb'");
        assertRefused(tmp.resolve("never"), List.of("--engines", "lmdb", "--good", "lmdb=0.9.0", "--bad", "lmdb=0.9.3",
                "--metric", "gc.count"), "no cost named 'gc.count' can be judged: give time or one of alloc.bytes.op");
    }

    @Test
    void theMetricHelpNamesEveryCostThatCanBeJudged() {
        String help = String.join(" ", KvBench.commandLine().getSubcommands().get("bisect").getCommandSpec()
                .findOption("--metric").description());
        for (String cost : JudgedMetric.COSTS) assertThat(help).as("--metric's description").contains(cost);
    }

    private void assertBadInput(String engine, String good, String bad, String expected) {
        assertRefused(tmp.resolve("never"), List.of("--engines", engine, "--good", good, "--bad", bad), expected);
    }

    /** {@code kvbench bisect} on the tiny profile with ycsb-c and {@code given}: one line, exit 2, no --out made. */
    static void assertRefused(Path out, List<String> given, String expected) {
        List<String> args = new ArrayList<>(List.of("bisect", "--runner", "local", "--profile", TINY, "--workloads",
                "ycsb-c", "--out", out.toString()));
        args.addAll(given);
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(given + ": " + run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).startsWith("kvbench: ").contains(expected).endsWith("; try: kvbench bisect --help\n");
        assertThat(run.err().lines()).hasSize(1);
        assertThat(out).doesNotExist();
    }
}
