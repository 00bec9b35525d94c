package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Berkeley DB JE versions swapped in on the command line (resolved from the local repository, or Maven Central
 * the first time): 5.0.73, which the adapter links against and measures, and 4.0.92, which lacks a method the adapter
 * calls, so that its side fails with one line naming it, as the kind LINKAGE.
 *
 * <p>Tag fork: it measures in JMH forks (an A/B of engine versions), which the design card leaves to the full check.
 */
@Tag("fork")
class EngineVersionsCommandTest {

    private static final String TINY = InterleaveCommandTest.TINY;
    private static final String LINKS = "berkeleydb-je=5.0.73";
    private static final String DOES_NOT_LINK = "berkeleydb-je=4.0.92";
    private static final String MISSING = "berkeleydb-je adapter does not link against je 4.0.92: missing method "
            + "'void com.sleepycat.je.Environment.flushLog(boolean)'";

    @TempDir
    Path tmp;

    @Test
    void enginesReportsTheVersionOnTheComposedClassPath() throws Exception {
        CliRun run = CliRun.of("engines", "--json", "--engine-version", LINKS);
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode je = null;
        for (JsonNode engine : new ObjectMapper().readTree(run.out())) {
            if (engine.path("id").asText().equals("berkeleydb-je")) je = engine;
        }
        assertThat(je).isNotNull();
        assertThat(je.path("version").asText()).isEqualTo("5.0.73");
        assertThat(je.path("artifacts").get(0).asText()).isEqualTo("com.sleepycat:je");
    }

    @Test
    void aSideWhoseAdapterDoesNotLinkFailsInOneLineAndTheOtherVersionIsMeasured() throws Exception {
        Path out = tmp.resolve("ab");
        CliRun run = CliRun.of("interleave", "--runner", "local", "--profile", TINY, "--engines", "berkeleydb-je",
                "--workloads", "ycsb-c", "--rounds", "2", "--a-engine-version", LINKS, "--b-engine-version",
                DOES_NOT_LINK, "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(run.out()).containsPattern("(?m)^berkeleydb-je\\s+ycsb-c\\s+ERROR\\s+").contains("B: " + MISSING)
                .contains("A: this kvbench's class path with je 5.0.73; B: this kvbench's class path with je 4.0.92");
        assertThat(run.out() + run.err()).as("no stack trace").doesNotContain("\tat ");
        JsonNode a = new ObjectMapper().readTree(out.resolve("round-1-A").resolve("results.json").toFile());
        assertThat(a.at("/results/0/status").asText()).isEqualTo("OK");
        assertThat(a.at("/results/0/context/engineVersion").asText()).isEqualTo("5.0.73");
        JsonNode b = new ObjectMapper().readTree(out.resolve("round-1-B").resolve("results.json").toFile());
        assertThat(b.at("/results/0/kind").asText()).isEqualTo("LINKAGE");
    }

    @Test
    void runRecordsTheLinkageKindWithoutForking() throws Exception {
        Path out = tmp.resolve("run");
        CliRun run = CliRun.of("run", "--runner", "local", "--profile", TINY, "--engines", "berkeleydb-je",
                "--workloads", "ycsb-c", "--engine-version", DOES_NOT_LINK, "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(results.at("/results/0/kind").asText()).isEqualTo("LINKAGE");
        assertThat(results.at("/results/0/reason").asText()).isEqualTo(MISSING);
    }

    @Test
    void reproduceMeasuresThePublishedTableWithTheSwappedVersion() throws Exception {
        Path out = tmp.resolve("reproduce");
        CliRun run = CliRun.of("reproduce", "tc", "--runner", "local", "--profile", TINY, "--iterations-from",
                "profile", "--records", "1000", "--engines", "berkeleydb-je", "--engine-version", DOES_NOT_LINK,
                "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(results.at("/results")).hasSize(4).allSatisfy(r -> {
            assertThat(r.at("/kind").asText()).isEqualTo("LINKAGE");
            assertThat(r.at("/reason").asText()).isEqualTo(MISSING);
        });
    }

    @Test
    void mistakesAreOneLineBeforeAnyWork() {
        assertBadInput(List.of("--engine-version", "berkeleydb-je"), "--engine-version berkeleydb-je: expected "
                + "ID=VERSION, e.g. rocksdb=11.7.0");
        assertBadInput(List.of("--engine-version", "rocksdbx=1.0"),
                "unknown engine 'rocksdbx' (did you mean rocksdb?)");
        assertBadInput(List.of("--engine-version", "naive-json=1.0"), "engine 'naive-json' declares no Maven artifact");
        assertBadInput(List.of("--engine-jar", "rocksdb=" + tmp.resolve("nope.jar")), "nope.jar is not a file");
        assertBadInput(List.of("--engine-version", "berkeleydb-je=0.0.0-no-such"),
                "cannot resolve com.sleepycat:je:0.0.0-no-such");
        assertBadInput(List.of("--engine-version", LINKS, "--engine-version", LINKS),
                "engine 'berkeleydb-je' is swapped twice");
        assertBadInput(List.of("--adapter", tmp.resolve("none").toString()), "none does not exist");
    }

    private void assertBadInput(List<String> options, String expected) {
        Path out = tmp.resolve("never");
        List<String> args = new ArrayList<>(List.of("run", "--runner", "local", "--profile", TINY, "--engines",
                "rocksdb", "--workloads", "ycsb-c", "--out", out.toString()));
        args.addAll(options);
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(String.join(" ", options) + ": " + run.err())
                .isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).startsWith("kvbench: ").contains(expected).endsWith("; try: kvbench run --help\n");
        assertThat(run.err().lines()).hasSize(1);
        assertThat(out).doesNotExist();
    }
}
