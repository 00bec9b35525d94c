package io.kvbench.cli;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.Fixtures.notApplicable;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.report.ReportWriter;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunMerge;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kvbench report --merge}: shards written by the real writer, merged through the CLI in-process. */
class ReportMergeTest {

    @TempDir
    Path dir;

    private Path out() {
        return dir.resolve("merged");
    }

    private Path shard(String name, RunResults run) throws IOException {
        Path shard = dir.resolve(name);
        ResultsJson.write(shard.resolve(ResultsJson.RESULTS_FILE), run);
        return shard;
    }

    private CliRun merge(Path... shards) {
        return mergeInto(out(), shards);
    }

    private CliRun mergeInto(Path out, Path... shards) {
        List<String> args = new ArrayList<>(List.of("report", "--merge"));
        for (Path s : shards) args.add(s.toString());
        args.addAll(List.of("--out", out.toString()));
        return CliRun.of(args.toArray(String[]::new));
    }

    /** Exit 2, one line on stderr, and nothing written into --out. */
    private String assertRefused(CliRun run) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
        assertThat(run.err()).startsWith("kvbench: ");
        assertThat(out().resolve(ResultsJson.RESULTS_FILE)).doesNotExist();
        assertThat(out().resolve(ReportWriter.SUMMARY_FILE)).doesNotExist();
        return run.err();
    }

    /** The same result measured with other resources (the context's resource map replaced). */
    private static BenchmarkResult withResources(BenchmarkResult r, Map<String, String> resources) {
        ResultContext c = r.context();
        ResultContext changed = new ResultContext(c.software(),
                c.profile(), c.runner(), c.time(), c.machine(), resources, c.parameters());
        return r.withContext(changed);
    }

    private static RunResults startedAt(String instant, RunResults run) {
        return new RunResults(run.schemaVersion(), run.complete(), run.profile(), run.runner(), instant, run.machine(),
                run.results());
    }

    @Test
    void mergesShardsAndTheirCrashResultsIntoOneResultsFileAndReport() throws IOException {
        Path rocksdb = shard("shard-rocksdb", startedAt("2025-01-02T04:00:00Z",
                run(ok("rocksdb", "ycsb-a", 100, 110, 105), ok("rocksdb", "ycsb-c", 200, 210))));
        Path lmdb = shard("shard-lmdb", startedAt("2025-01-02T03:30:00Z",
                run(ok("lmdb", "ycsb-a", 300, 310), notApplicable("lmdb", "ycsb-c", "no scans"))));
        // A shard also holds the crash profile's output: merged into one crash-results.json and into the report.
        crashRun("lmdb", Verdict.PASS).write(lmdb.resolve("crash").resolve(CrashResults.FILE));
        crashRun("rocksdb", Verdict.BROKEN_PROMISE).write(rocksdb.resolve("crash").resolve(CrashResults.FILE));

        CliRun run = merge(rocksdb, lmdb);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Merged 2 shards (4 results, profile " + PROFILE + ", machine class "
                + MACHINE_CLASS + ") into " + out().resolve(ResultsJson.RESULTS_FILE));
        assertThat(run.out()).containsPattern("(?m)^ycsb-a\\s+lmdb\\s+305 ± 64 ops/s");
        RunResults merged = ResultsJson.read(out().resolve(ResultsJson.RESULTS_FILE));
        assertThat(merged.results()).extracting(BenchmarkResult::key)
                .containsExactly("rocksdb / ycsb-a", "rocksdb / ycsb-c", "lmdb / ycsb-a", "lmdb / ycsb-c");
        assertThat(merged.results().get(0).samples()).containsExactly(100.0, 110.0, 105.0);
        assertThat(merged.profile()).isEqualTo(PROFILE);
        assertThat(merged.complete()).isTrue();
        assertThat(merged.startedAt()).isEqualTo("2025-01-02T03:30:00Z");
        assertThat(merged.machine()).isEqualTo(Fixtures.machine(MACHINE_CLASS));
        assertThat(Files.readString(out().resolve(ReportWriter.SUMMARY_FILE))).contains("ycsb-a", "rocksdb", "lmdb",
                "### Crash recovery", "| lmdb | every write, prefix | pass |",
                "**rocksdb** BROKEN_PROMISE: 3 keys lost");
        assertThat(Files.readString(out().resolve(ReportWriter.HTML_FILE))).contains("<h2>Crash recovery</h2>",
                "rocksdb: BROKEN_PROMISE.");
        CrashResults crash = CrashResults.read(out().resolve(CrashResults.FILE));
        assertThat(crash.results()).extracting(EngineCrashResult::engine).containsExactly("rocksdb", "lmdb");
        assertThat(crash.failed()).isTrue();
        try (var files = Files.list(out())) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no temp file left behind")
                    .containsExactlyInAnyOrder(ResultsJson.RESULTS_FILE, CrashResults.FILE, ReportWriter.SUMMARY_FILE,
                            ReportWriter.HTML_FILE);
        }
    }

    private static CrashResults crashRun(String engine, Verdict verdict) {
        boolean broken = verdict == Verdict.BROKEN_PROMISE;
        String reproduce = "java -jar target/kvbench.jar crash --engines " + engine
                + " --seed 7 --cycles 100 --runner container";
        EngineCrashResult result = new EngineCrashResult(engine, "1.0",
                new EngineCrashResult.Promise("process-kill", "EVERY_WRITE", true, "sync=false", null),
                new EngineCrashResult.Counts(100, 50_000, 50_000, 12,
                        new EngineCrashResult.Damage(broken ? 3 : 0, 0, 0, 0, 0), null),
                new EngineCrashResult.Recovery(80.5, 190.0),
                new EngineCrashResult.Judgement(verdict, broken ? FailureKind.DATA_LOSS : null,
                        broken ? "3 keys lost acknowledged writes" : null, null, List.of()),
                new EngineCrashResult.Replay("container", 7, reproduce, null, 300));
        CrashResults.Run run = new CrashResults.Run("container", "2025-01-02T03:00:00Z", "abc", 100, 7,
                Fixtures.machine(MACHINE_CLASS));
        return new CrashResults(CrashResults.SCHEMA_VERSION, true, run, List.of(result));
    }

    @Test
    void theMergedRunIsWhatCompareJudges() throws IOException {
        Path rocksdb = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 100, 101, 99, 100, 102)));
        Path lmdb = shard("shard-lmdb", run(ok("lmdb", "ycsb-a", 300, 301, 299, 300, 302)));
        Path baselines = dir.resolve("perf-baselines");
        CliRun recorded = CliRun.of("baseline", "update", "--min-runs", "1", "--results", rocksdb.toString(),
                "--baselines", baselines.toString(), "--reason", "test");
        assertThat(recorded.exitCode()).as(recorded.err()).isZero();

        assertThat(merge(rocksdb, lmdb).exitCode()).isZero();
        CliRun compare = CliRun.of("compare", "--results", out().toString(), "--baselines", baselines.toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("1 PASS, 1 NEW");
        assertThat(Files.readString(out().resolve(ReportWriter.SUMMARY_FILE))).contains("Baseline comparison");
    }

    @Test
    void anIncompleteShardMakesAnIncompleteMerge() throws IOException {
        Path partial = shard("shard-rocksdb", run(PROFILE, MACHINE_CLASS, false, ok("rocksdb", "ycsb-a", 1, 2)));
        Path whole = shard("shard-lmdb", run(ok("lmdb", "ycsb-a", 3, 4)));
        CliRun run = merge(whole, partial);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("incomplete: some shard was interrupted");
        assertThat(ResultsJson.read(out().resolve(ResultsJson.RESULTS_FILE)).complete()).isFalse();
    }

    @Test
    void aShardThatMeasuredNothingMergesWhateverItRanOn() throws IOException {
        // Say Docker failed on one CI machine: every benchmark of that shard is an ERROR, recorded on the host's class.
        Path broken = shard("shard-lmdb",
                run(PROFILE, "other-cpu-4c", true, failed("lmdb", "ycsb-a", "infrastructure: no Docker")));
        Path good = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 1, 2)));
        CliRun run = merge(broken, good);
        assertThat(run.exitCode()).as(run.err()).isZero();
        RunResults merged = ResultsJson.read(out().resolve(ResultsJson.RESULTS_FILE));
        assertThat(merged.machine().machineClass()).isEqualTo(MACHINE_CLASS);
        assertThat(merged.results()).extracting(BenchmarkResult::status).containsExactly(Status.ERROR, Status.OK);
    }

    @Test
    void refusesAShardDirectoryWithoutResults() throws IOException {
        Path good = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 1, 2)));
        Path empty = Files.createDirectories(dir.resolve("shard-lmdb"));
        assertThat(assertRefused(merge(good, empty))).contains("--merge " + empty + ": no results.json in it");
        Path missing = dir.resolve("shard-nope");
        assertThat(assertRefused(merge(good, missing))).contains("--merge " + missing + ": no such directory");
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThat(assertRefused(merge(good, file))).contains("--merge " + file + ": not a directory");
    }

    @Test
    void refusesABrokenShardNamingItsFile() throws IOException {
        Path good = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 1, 2)));
        Path broken = Files.createDirectories(dir.resolve("shard-lmdb"));
        Files.writeString(broken.resolve(ResultsJson.RESULTS_FILE), "{\"schemaVersion\": 1, \"complete\": tru");
        assertThat(assertRefused(merge(good, broken)))
                .contains(broken.resolve(ResultsJson.RESULTS_FILE) + ": malformed");
    }

    @Test
    void refusesDifferentProfiles() throws IOException {
        Path a = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 1, 2)));
        Path b = shard("shard-lmdb", run("nightly", MACHINE_CLASS, true, ok("lmdb", "ycsb-a", 1, 2)));
        assertThat(assertRefused(merge(a, b))).contains("shards " + a + " and " + b + " have different profiles ("
                + PROFILE + " vs nightly): numbers of different profiles are never comparable");
    }

    @Test
    void mergesShardsOfDifferentMachineClassesSideBySideAndCompareJudgesNoMix() throws IOException {
        // A hosted matrix mixes CPU models: the nightly must report every shard instead of failing at the merge.
        Path a = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 1, 2)));
        Path b = shard("shard-lmdb", run(PROFILE, "other-cpu-1c", true, ok("lmdb", "ycsb-a", 1, 2)));
        CliRun run = merge(a, b);
        assertThat(run.exitCode()).as(run.err()).isZero();
        RunResults merged = ResultsJson.read(out().resolve(ResultsJson.RESULTS_FILE));
        assertThat(merged.machine().machineClass()).startsWith(RunMerge.MIXED)
                .contains(MACHINE_CLASS, "+", "other-cpu-1c");
        assertThat(merged.results()).extracting(BenchmarkResult::key)
                .containsExactly("rocksdb / ycsb-a", "lmdb / ycsb-a");
        assertThat(Files.readString(out().resolve(ReportWriter.SUMMARY_FILE))).contains("2 machine classes");

        CliRun compare = CliRun.of("compare", "--results", out().toString(), "--baselines",
                dir.resolve("none").toString());
        assertThat(compare.exitCode()).as(compare.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(compare.err()).contains("merges shards of several machine classes").contains("other-cpu-1c")
                .contains("compare each shard");
    }

    @Test
    void refusesDifferentResourceLimitsButNotADifferentImageOrCpuset() throws IOException {
        Map<String, String> oneCore = Map.of("name", "one-core", "cpus", "1", "memory", "3.5 GiB", "heap", "1g",
                "cpuset", "1", "baseImageId", "sha256:aaa");
        Map<String, String> sameLimits = new HashMap<>(oneCore);
        sameLimits.put("cpuset", "0");
        sameLimits.put("baseImageId", "sha256:bbb");
        Path a = shard("shard-rocksdb", run(withResources(ok("rocksdb", "ycsb-a", 1, 2), oneCore)));
        Path b = shard("shard-lmdb", run(withResources(ok("lmdb", "ycsb-a", 1, 2), sameLimits)));
        assertThat(mergeInto(dir.resolve("merged-same-limits"), a, b).exitCode()).isZero();

        Map<String, String> moreMemory = new HashMap<>(oneCore);
        moreMemory.put("memory", "8 GiB");
        Path c = shard("shard-h2", run(withResources(ok("h2-mvstore", "ycsb-a", 1, 2), moreMemory)));
        assertThat(assertRefused(merge(a, c))).contains("have different resource limits").contains("memory=3.5 GiB")
                .contains("memory=8 GiB");
    }

    @Test
    void refusesDifferentRunners() throws IOException {
        Path a = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 1, 2)));
        RunResults container = run(ok("lmdb", "ycsb-a", 1, 2));
        Path b = shard("shard-lmdb", new RunResults(container.schemaVersion(), true, PROFILE, "container",
                container.startedAt(), container.machine(), container.results()));
        assertThat(assertRefused(merge(a, b))).contains("have different runners (local vs container)");
    }

    @Test
    void refusesTheSameBenchmarkInTwoShards() throws IOException {
        Path a = shard("shard-a", run(ok("rocksdb", "ycsb-a", 1, 2)));
        Path b = shard("shard-b", run(ok("lmdb", "ycsb-a", 1, 2), ok("rocksdb", "ycsb-a", 3, 4)));
        assertThat(assertRefused(merge(a, b))).contains("rocksdb / ycsb-a is in shard " + a + " and in shard " + b);
        assertThat(assertRefused(merge(a, dir.resolve("shard-a/../shard-a")))).contains("given twice");
    }

    @Test
    void optionMistakesAreBadInput() throws IOException {
        Path a = shard("shard-rocksdb", run(ok("rocksdb", "ycsb-a", 1, 2)));
        assertThat(assertRefused(CliRun.of("report", "--merge", a.toString()))).contains("--merge needs --out DIR");
        CliRun both = CliRun.of("report", "--merge", a.toString(), "--results", a.toString(), "--out",
                out().toString());
        assertThat(both.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(both.err()).contains("mutually exclusive");
        assertThat(CliRun.of("report", "--out", out().toString()).exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());

        assertThat(merge(a).exitCode()).isZero();
        assertThat(assertRefusedKeepingOut(merge(a))).contains("already holds a results.json");
        assertThat(CliRun.of("report", "--help").out()).contains("--merge", "--results", "--out");
    }

    /** Refused while --out already holds an earlier merge, which stays as it was. */
    private String assertRefusedKeepingOut(CliRun run) throws IOException {
        String before = Files.readString(out().resolve(ResultsJson.RESULTS_FILE));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(Files.readString(out().resolve(ResultsJson.RESULTS_FILE))).isEqualTo(before);
        return run.err();
    }
}
