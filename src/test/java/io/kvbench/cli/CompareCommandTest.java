package io.kvbench.cli;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.baseline;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.notApplicable;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    @TempDir
    Path tmp;
    Path results;
    Path baselines;

    private final BenchmarkResult readBefore = ok("rocksdb", "tc-seq-read", normal(1, 10, 1000, 10));
    private final BenchmarkResult writeBefore = ok("rocksdb", "tc-seq-write", normal(2, 10, 500, 5));

    @BeforeEach
    void baselines() throws IOException {
        results = tmp.resolve("out");
        baselines = tmp.resolve("perf-baselines");
        Files.createDirectories(results);
        new BaselineStore(baselines).writeAll(List.of(baseline(readBefore), baseline(writeBefore)));
    }

    private void writeRun(RunResults run) throws IOException {
        ResultsJson.write(results.resolve(ResultsJson.RESULTS_FILE), run);
    }

    private CliRun compare(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("compare", "--results", results.toString(),
                "--baselines", baselines.toString()));
        args.addAll(List.of(extra));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void steadyRunPassesAndWritesBothReports() throws IOException {
        writeRun(run(ok("rocksdb", "tc-seq-read", normal(3, 10, 1005, 10)),
                ok("rocksdb", "tc-seq-write", normal(4, 10, 498, 5)),
                notApplicable("rocksdb", "hash-only", "ordered engine")));
        CliRun run = compare();
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("(?m)^rocksdb\\s+tc-seq-read\\s+PASS\\s+")
                .contains("2 PASS").contains("machine class " + MACHINE_CLASS).doesNotContain("hash-only");
        String md = Files.readString(results.resolve("comparison.md"));
        assertThat(md).contains("## Baseline comparison").contains("| rocksdb | tc-seq-write | PASS |");
        JsonNode json = new ObjectMapper().readTree(results.resolve("comparison.json").toFile());
        assertThat(json.get("rows")).hasSize(2);
        assertThat(json.at("/rows/0/verdict").asText()).isEqualTo("PASS");
        assertThat(json.at("/rows/0/baselineScore").asDouble()).isEqualTo(readBefore.score());
        assertThat(json.at("/counts/PASS").asInt()).isEqualTo(2);
        assertThat(json.get("policy").asText()).contains("bootstrap");
    }

    @Test
    void aShippedProfileIsJudgedByItsGate() throws IOException {
        // 30 % slower: a regression under the default 10 % minimum effect, noise under smoke's gate (75 %).
        new BaselineStore(baselines).writeAll(List.of(
                io.kvbench.baseline.Baseline.of(readBefore, "smoke", MACHINE_CLASS,
                        Fixtures.RECORDED, "test")));
        writeRun(run("smoke", MACHINE_CLASS, true, ok("rocksdb", "tc-seq-read", normal(5, 10, 700, 10))));
        CliRun smokeGate = compare();
        assertThat(smokeGate.exitCode()).as(smokeGate.out()).isZero();
        CliRun strict = compare("--min-effect", "10", "--alpha", "0.01");
        assertThat(strict.exitCode()).as(strict.out()).isEqualTo(ExitCode.FAILED.code());
    }

    @Test
    void regressionExitsOne() throws IOException {
        writeRun(run(ok("rocksdb", "tc-seq-read", normal(5, 10, 700, 10)),
                ok("rocksdb", "tc-seq-write", normal(6, 10, 500, 5)),
                failed("lmdb", "tc-seq-read", "fork crashed")));
        CliRun run = compare();
        assertThat(run.exitCode()).isEqualTo(ExitCode.FAILED.code());
        assertThat(run.out()).containsPattern("(?m)^rocksdb\\s+tc-seq-read\\s+REGRESSION\\s+.*-(29|30)\\.\\d%")
                .containsPattern("(?m)^lmdb\\s+tc-seq-read\\s+ERROR");
        assertThat(Files.readString(results.resolve("comparison.md"))).contains("**REGRESSION**");
    }

    @Test
    void errorWithoutRegressionExitsThree() throws IOException {
        writeRun(run(failed("rocksdb", "tc-seq-read", "out of disk"),
                ok("rocksdb", "tc-seq-write", normal(7, 10, 500, 5))));
        CliRun run = compare();
        assertThat(run.exitCode()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(run.out()).contains("out of disk").contains("1 PASS, 1 ERROR");
    }

    @Test
    void aKnownEngineIssueIsReportedAndDoesNotFail() throws IOException {
        writeRun(run(ok("rocksdb", "tc-seq-read", normal(3, 10, 1005, 10)),
                ok("rocksdb", "tc-seq-write", normal(4, 10, 498, 5)),
                failed("leveldb-java", "ycsb-a", "Could not open table 000042.sst")));
        CliRun run = compare();
        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(run.out()).containsPattern("(?m)^leveldb-java\\s+ycsb-a\\s+KNOWN_ISSUE\\s+")
                .contains("dain/leveldb/issues/78").contains("2 PASS, 1 KNOWN_ISSUE");
        JsonNode json = new ObjectMapper().readTree(results.resolve("comparison.json").toFile());
        assertThat(json.at("/counts/KNOWN_ISSUE").asInt()).isEqualTo(1);
    }

    @Test
    void missingAndImprovedRowsDoNotFail() throws IOException {
        writeRun(run(ok("rocksdb", "tc-seq-read", normal(8, 10, 1500, 10))));
        CliRun run = compare();
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("1 IMPROVEMENT, 1 MISSING");
    }

    @Test
    void unknownMachineClassIsNotComparedAndSaysHowToRecordIt() throws IOException {
        writeRun(run(PROFILE, "big-iron-64c", true, ok("rocksdb", "tc-seq-read", 1, 2, 3)));
        CliRun run = compare();
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("NOT_COMPARED")
                .contains("throughput not compared: no baselines for machine class big-iron-64c")
                .contains("baseline update --results r1 --results r2 --results r3");
        assertThat(Files.readString(results.resolve("summary.md"))).contains("**not compared**");
    }

    @Test
    void defaultBaselinesDirectoryNeedsNoBaselinesForThisRunButANamedOneMustExist() throws IOException {
        writeRun(run(ok("rocksdb", "tc-seq-read", 1, 2, 3)));
        // The default "perf-baselines" (the repository's, relative to the working directory) holds nothing for this
        // test profile: every row is NEW and nothing fails.
        CliRun byDefault = CliRun.of("compare", "--results", results.toString());
        assertThat(byDefault.exitCode()).as(byDefault.err()).isZero();
        assertThat(byDefault.out()).contains("1 NOT_COMPARED");

        CliRun named = CliRun.of("compare", "--results", results.toString(), "--baselines", tmp.resolve("typo")
                .toString());
        assertThat(named.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(named.err()).contains("typo").contains("does not exist");
    }

    @Test
    void badInputExitsTwoAndWritesNothing() throws IOException {
        CliRun noDir = CliRun.of("compare", "--results", tmp.resolve("nope").toString());
        assertThat(noDir.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(noDir.err()).startsWith("kvbench: " + tmp.resolve("nope")).contains("does not exist");

        CliRun noFile = compare();
        assertThat(noFile.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(noFile.err()).contains("has no results.json");

        Files.writeString(results.resolve("results.json"), "{\"schemaVersion\": 1, \"complete\": tru");
        CliRun broken = compare();
        assertThat(broken.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(broken.err()).contains("results.json: malformed JSON").doesNotContain("\tat ");

        writeRun(new RunResults(1, true, PROFILE, "local", "t", null, List.of()));
        assertThat(compare().err()).contains("field 'machine' is missing");

        BenchmarkResult noScore = BenchmarkResult.measured("rocksdb", "w",
                new Measurement("throughput", Double.NaN, Double.NaN, "ops/s", List.of(), null), null);
        writeRun(run(noScore));
        CliRun unscored = compare();
        assertThat(unscored.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(unscored.err()).contains("field 'results[0].score'");

        writeRun(run(ok("rocksdb", "tc-seq-read", 1, 2)));
        CliRun otherProfile = compare("--profile", "nightly");
        assertThat(otherProfile.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(otherProfile.err()).contains("profile '" + PROFILE + "', not 'nightly'");

        CliRun unknownEngine = compare("--engines", "rocksdb,nosuchdb");
        assertThat(unknownEngine.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(unknownEngine.err()).contains("unknown engine 'nosuchdb'").contains("valid engines: ")
                .contains("rocksdb");

        assertThat(results.resolve("comparison.md")).doesNotExist();
        assertThat(results.resolve("comparison.json")).doesNotExist();
    }

    @Test
    void malformedBaselineExitsTwoNamingFileAndField() throws IOException {
        Path file = new BaselineStore(baselines).file(PROFILE, MACHINE_CLASS,
                new BenchmarkKey("rocksdb", "tc-seq-read"));
        Files.writeString(file, Files.readString(file).replaceFirst("\"score\": [0-9.]+", "\"score\": \"fast\""));
        writeRun(run(ok("rocksdb", "tc-seq-read", 1, 2)));
        CliRun run = compare();
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err().strip()).isEqualTo("kvbench: " + file
                + ": field 'score' is not a number; try: kvbench compare --help");
        assertThat(results.resolve("comparison.md")).doesNotExist();
    }

    @Test
    void engineFilterLimitsRows() throws IOException {
        writeRun(run(ok("rocksdb", "tc-seq-read", normal(9, 10, 1000, 10)), ok("lmdb", "tc-seq-read", 1, 2)));
        CliRun run = compare("--engines", "lmdb");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("1 NEW").doesNotContain("rocksdb");
        // The spelling before --engines (hidden until 2026-12-01) is gone: an unknown option, not an empty filter.
        CliRun old = compare("--engine", "lmdb");
        assertThat(old.exitCode()).isEqualTo(2);
        assertThat(old.err()).contains("--engine");
    }
}
