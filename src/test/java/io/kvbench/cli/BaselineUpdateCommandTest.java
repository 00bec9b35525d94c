package io.kvbench.cli;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.notApplicable;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.run;
import static io.kvbench.fixtures.Fixtures.withDisk;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineUpdateCommandTest {

    @TempDir
    Path tmp;
    Path results;
    Path baselines;

    @BeforeEach
    void dirs() throws IOException {
        results = tmp.resolve("out");
        baselines = tmp.resolve("perf-baselines");
        Files.createDirectories(results);
    }

    private CliRun update(RunResults run, String... extra) throws IOException {
        ResultsJson.write(results.resolve(ResultsJson.RESULTS_FILE), run);
        List<String> args = new ArrayList<>(List.of("baseline", "update", "--min-runs", "1", "--results",
                results.toString(),
                "--baselines", baselines.toString()));
        args.addAll(List.of(extra));
        return CliRun.of(args.toArray(String[]::new));
    }

    /** Every file under the baselines root with its content, to prove a refused update touched nothing. */
    private Map<String, String> snapshot() throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (!Files.exists(baselines)) return files;
        try (Stream<Path> walk = Files.walk(baselines)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) files.put(baselines.relativize(p).toString(),
                    Files.readString(p));
        }
        return files;
    }

    private BaselineSet stored() throws IOException {
        return new BaselineStore(baselines).load(PROFILE, MACHINE_CLASS);
    }

    private final RunResults first = run(withDisk(ok("rocksdb", "tc-seq-read", normal(1, 5, 1000, 10)), 4096),
            ok("rocksdb", "tc-seq-write", 500, 510), notApplicable("rocksdb", "hash-get", "ordered engine"));

    @Test
    void severalRunsPoolIntoOneBaselineWithAllTheirForks() throws IOException {
        Path second = tmp.resolve("second");
        Files.createDirectories(second);
        ResultsJson.write(results.resolve(ResultsJson.RESULTS_FILE), run(Fixtures.withForks(
                withDisk(ok("rocksdb", "ycsb-c", 1, 2, 3, 4), 2000), 2)));
        ResultsJson.write(second.resolve(ResultsJson.RESULTS_FILE), run(Fixtures.withForks(
                withDisk(ok("rocksdb", "ycsb-c", 5, 6, 7, 8), 1000), 2)));
        CliRun pooled = CliRun.of("baseline", "update", "--min-runs", "1", "--results", results.toString(), "--results",
                second.toString(),
                "--baselines", baselines.toString(), "--reason", "three-run baseline");
        assertThat(pooled.exitCode()).as(pooled.err()).isZero();
        Baseline b = new BaselineStore(baselines).find(PROFILE, MACHINE_CLASS, new BenchmarkKey("rocksdb", "ycsb-c"))
                .orElseThrow();
        assertThat(b.samples()).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0);
        assertThat(b.score()).isEqualTo(4.5);
        assertThat(io.kvbench.judge.ForkSamples.of(b).forkCount()).isEqualTo(4);
        assertThat(b.diskBytes()).isEqualTo(1000);

        ResultsJson.write(second.resolve(ResultsJson.RESULTS_FILE), run(ok("rocksdb", "other", 1, 2)));
        CliRun mismatched = CliRun.of("baseline", "update", "--min-runs", "1", "--results", results.toString(),
                "--results", second.toString(),
                "--baselines", baselines.toString());
        assertThat(mismatched.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(mismatched.err()).contains("rocksdb / other is in one run but not in the first");
    }

    @Test
    void writesBaselinesAndReportsWhatChanged() throws IOException {
        CliRun created = update(first, "--reason", "first recording");
        assertThat(created.exitCode()).as(created.err()).isZero();
        assertThat(created.out()).contains("new        rocksdb / tc-seq-read")
                .contains("0 updated, 2 new, 0 unchanged, 1 not applicable");
        BaselineSet set = stored();
        assertThat(set.baselines()).containsOnlyKeys(new BenchmarkKey("rocksdb", "tc-seq-read"),
                new BenchmarkKey("rocksdb", "tc-seq-write"));
        Baseline read = set.get(new BenchmarkKey("rocksdb", "tc-seq-read"));
        assertThat(read.reason()).isEqualTo("first recording");
        assertThat(read.diskBytes()).isEqualTo(4096L);
        assertThat(read.samples()).hasSize(5);
        assertThat(read.context().profile()).isEqualTo(PROFILE);
        assertThat(baselines.resolve(PROFILE + "/test-cpu-2c/rocksdb/hash-get.json")).doesNotExist();

        Map<String, String> before = snapshot();
        CliRun second = update(run(first.results().get(0), ok("rocksdb", "tc-seq-write", 600, 610)), "--reason",
                "faster writes");
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(second.out()).contains("updated    rocksdb / tc-seq-write: 505 ops/s -> 605 ops/s (+19.8%)")
                .contains("unchanged  rocksdb / tc-seq-read").contains("1 updated, 0 new, 1 unchanged");
        Map<String, String> after = snapshot();
        // The unchanged baseline keeps its file byte for byte (and its old reason): no churn in review.
        assertThat(after.get(PROFILE + "/test-cpu-2c/rocksdb/tc-seq-read.json"))
                .isEqualTo(before.get(PROFILE + "/test-cpu-2c/rocksdb/tc-seq-read.json"));
        assertThat(after.get(PROFILE + "/test-cpu-2c/rocksdb/tc-seq-write.json")).contains("faster writes");
        assertThat(after.keySet()).allMatch(name -> name.endsWith(".json"));
    }

    @Test
    void markdownShowsOldAgainstNewWithSpreadAndTheReason() throws IOException {
        Path md = tmp.resolve("changes.md");
        assertThat(update(first, "--reason", "first recording").exitCode()).isZero();
        RunResults second = run(first.results().get(0), ok("rocksdb", "tc-seq-write", 600, 610),
                ok("rocksdb", "tc-random-write", BenchmarkResult.TIME_PER_PASS, 2.0, 2.2),
                        ok("lmdb", "tc-seq-write", 7, 7));
        CliRun updated = update(second, "--reason", "RocksDB upgrade |\nnew | flags", "--markdown", md.toString());
        assertThat(updated.exitCode()).as(updated.err()).isZero();
        assertThat(updated.out()).contains("changes as Markdown: " + md);
        String text = Files.readString(md);
        assertThat(text).startsWith("## Baseline update: profile `" + PROFILE + "`, machine class `" + MACHINE_CLASS
                + "`\n")
                .contains("**Reason:** RocksDB upgrade | new | flags\n")
                .contains("1 updated, 2 new, 1 unchanged (not listed), 0 not applicable (never recorded) in `"
                        + baselines.resolve(PROFILE).resolve(MACHINE_CLASS)
                        + "`; 0 disk and 0 cost baselines for every machine class.")
                .contains("| engine | workload | change | engine version | old | new | delta | spread old → new "
                        + "| disk old → new |")
                // 505 -> 605 ops/s: throughput up is better; CV of (500, 510) is 1.4 %, of (600, 610) 1.2 %.
                .contains("| rocksdb | tc-seq-write | updated | 1.2.3 | 505 ops/s | 605 ops/s | +19.8% (better) "
                        + "| 1.4% → 1.2% | - → - |")
                .contains("| rocksdb | tc-random-write | new | 1.2.3 | - | 2.1 s/op | - | - → 6.7% | - → - |")
                .contains("| lmdb | tc-seq-write | new | 1.2.3 | - | 7 ops/s | - | - → 0.0% | - → - |")
                .doesNotContain("tc-seq-read");
        // A time per pass that grew is worse, and a disk footprint is shown old against new.
        CliRun slower = update(run(withDisk(ok("rocksdb", "tc-seq-read", normal(2, 5, 900, 10)), 8192),
                ok("rocksdb", "tc-random-write", BenchmarkResult.TIME_PER_PASS, 3.0, 3.0)), "--markdown",
                        md.toString());
        assertThat(slower.exitCode()).as(slower.err()).isZero();
        assertThat(Files.readString(md)).contains("**Reason:** (none given)")
                .containsPattern("\\| rocksdb \\| tc-seq-read \\| updated \\| 1\\.2\\.3 \\| [0-9.]+ ops/s \\| [0-9.]+ "
                        + "ops/s \\| -[0-9.]+% \\(worse\\) \\| [0-9.]+% → [0-9.]+% \\| 4\\.0 KiB → 8\\.0 KiB \\|")
                .contains("| rocksdb | tc-random-write | updated | 1.2.3 | 2.1 s/op | 3 s/op | +42.9% (worse) |");
    }

    @Test
    void markdownIsWrittenOnlyWithTheUpdate() throws IOException {
        Path md = tmp.resolve("changes.md");
        CliRun refused = update(run(PROFILE, MACHINE_CLASS, false, ok("lmdb", "w", 3, 4)), "--markdown", md.toString());
        assertThat(refused.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(md).doesNotExist();
        CliRun intoDirectory = update(first, "--markdown", tmp.toString());
        assertThat(intoDirectory.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(intoDirectory.err()).contains("--markdown " + tmp + " is a directory");
        assertThat(baselines).doesNotExist();

        assertThat(update(first, "--markdown", md.toString()).exitCode()).isZero();
        assertThat(update(first, "--markdown", md.toString()).exitCode()).isZero();
        assertThat(Files.readString(md)).contains("0 updated, 0 new, 2 unchanged")
                .contains("No baseline changes: every measurement equals the stored one.").doesNotContain("| engine |");
    }

    @Test
    void refusesPartialErroredAndOtherProfileRunsWithoutTouchingAnything() throws IOException {
        assertThat(update(first).exitCode()).isZero();
        Map<String, String> before = snapshot();

        RunResults partial = run(PROFILE, MACHINE_CLASS, false, ok("rocksdb", "tc-seq-read", 1, 2),
                ok("lmdb", "new", 3, 4));
        CliRun refusedPartial = update(partial);
        assertThat(refusedPartial.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(refusedPartial.err()).startsWith("kvbench: the run is not complete").contains("--force");
        assertThat(snapshot()).isEqualTo(before);

        CliRun refusedErrors = update(run(ok("lmdb", "new", 3, 4), failed("rocksdb", "tc-seq-read", "crash")));
        assertThat(refusedErrors.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(refusedErrors.err()).contains("ERROR results (rocksdb / tc-seq-read)");
        assertThat(snapshot()).isEqualTo(before);

        CliRun refusedProfile = update(run("nightly", MACHINE_CLASS, true, ok("lmdb", "new", 3, 4)), "--profile",
                "smoke");
        assertThat(refusedProfile.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(refusedProfile.err()).contains("profile 'nightly', not 'smoke'");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void forceRecordsAPartialRunButNeverItsErrors() throws IOException {
        RunResults partial = run(PROFILE, MACHINE_CLASS, false, ok("lmdb", "w", 3, 4), failed("rocksdb", "w", "crash"));
        CliRun forced = update(partial, "--force", "--reason", "bootstrap");
        assertThat(forced.exitCode()).as(forced.err()).isZero();
        assertThat(forced.out()).contains("1 ERROR skipped");
        assertThat(stored().baselines()).containsOnlyKeys(new BenchmarkKey("lmdb", "w"));
    }

    @Test
    void anUnreadableExistingBaselineStopsTheWholeUpdate() throws IOException {
        assertThat(update(first).exitCode()).isZero();
        Path broken = baselines.resolve(PROFILE + "/test-cpu-2c/rocksdb/tc-seq-write.json");
        Files.writeString(broken, "{}");
        Map<String, String> before = snapshot();
        CliRun run = update(run(ok("rocksdb", "tc-seq-read", 5, 6), ok("aaa", "new", 1, 2)));
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains(broken.toString()).contains("field 'schemaVersion' is missing");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void missingResultsIsBadInputAndBareBaselineAsksForASubcommand() {
        CliRun run = CliRun.of("baseline", "update", "--min-runs", "1", "--results", tmp.resolve("nope").toString(),
                "--baselines", baselines.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("does not exist");
        assertThat(baselines).doesNotExist();

        CliRun bare = CliRun.of("baseline");
        assertThat(bare.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(bare.err()).contains("missing subcommand").contains("update");
        assertThat(CliRun.of("--help").out()).contains("compare").contains("baseline");
    }

    @Test
    void recordedBaselinesCompareCleanAgainstTheSameRun() throws IOException {
        assertThat(update(first).exitCode()).isZero();
        CliRun compare = CliRun.of("compare", "--results", results.toString(), "--baselines", baselines.toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("2 PASS");
    }
}
