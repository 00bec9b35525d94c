package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.SampleResults;
import io.kvbench.fixtures.HistoryFixtures;
import io.kvbench.gate.BisectReport;
import io.kvbench.gate.InterleaveReport;
import io.kvbench.history.ChangeDetection;
import io.kvbench.history.ChangePoint;
import io.kvbench.history.HistoryStore;
import io.kvbench.judge.Bisection;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kvbench site} from the command line: a site from a run and a crash run, the shards of one profile merged into
 * one matrix, and bad input refused with one line and exit 2 before anything is written.
 */
class SiteCommandTest {

    private static final Path CRASH = Path.of("src/test/resources/io/kvbench/crash/crash-results-v1-power-cut.json");

    @TempDir
    Path dir;

    private Path run(String name, RunResults results) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        ResultsJson.write(run.resolve(ResultsJson.RESULTS_FILE), results);
        return run;
    }

    /** Exit 2, one line on stderr that says what is wrong, and no site. */
    private void assertBadInput(String expected, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
        assertThat(run.err()).startsWith("kvbench: ").contains(expected);
        assertThat(dir.resolve("site")).doesNotExist();
    }

    @Test
    void buildsASiteFromARunAndACrashRunInASubdirectory() throws Exception {
        Path shard = run("shard-a", SampleResults.sixByFour());
        Files.createDirectories(shard.resolve("powercut"));
        Files.copy(CRASH, shard.resolve("powercut/crash-results.json"));
        CliRun run = CliRun.of("site", "--results", shard.toString(), "--out", dir.resolve("site").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("site of 1 benchmark runs, 1 crash results, 0 history series");
        assertThat(dir.resolve("site/index.html")).content().contains("id=\"durability\"", "power-cut",
                "engines/lmdb.html");
        assertThat(dir.resolve("site/engines/lmdb.html")).isRegularFile();
    }

    @Test
    void theShardsOfOneProfileAreOneMatrix() throws Exception {
        RunResults all = SampleResults.sixByFour();
        int half = all.results().size() / 2;
        Path a = run("a", new RunResults(all.schemaVersion(), true, all.profile(), all.runner(), all.startedAt(),
                all.machine(), all.results().subList(0, half)));
        Path b = run("b", new RunResults(all.schemaVersion(), true, all.profile(), all.runner(), all.startedAt(),
                all.machine(), all.results().subList(half, all.results().size())));
        CliRun run = CliRun.of("site", "--results", a.toString(), b.toString(), "--out", dir.resolve("site")
                .toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        String index = Files.readString(dir.resolve("site/index.html"));
        assertThat(index.split("<table class=\"metrics matrix\">", -1)).as("one matrix of the merged run").hasSize(2);
    }

    /** A bisection's bisect.json, written and read back as the bisect command writes it, on its engine's page. */
    @Test
    void aBisectionIsShownOnItsEnginesPage() throws Exception {
        List<String> versions = List.of("5.0.73", "18.1.11", "18.3.1", "18.3.12");
        Bisection.Result<InterleaveReport> search = Bisection.run(versions,
                v -> new Bisection.Judgement<>(Bisection.Outcome.REGRESSION, null));
        Path bisect = Files.createDirectories(dir.resolve("bisect"));
        ResultsJson.write(bisect.resolve(BisectReport.JSON_FILE), new BisectReport("berkeleydb-je", List.of("ycsb-c"),
                versions, 0.05, search, 9.5));
        CliRun run = CliRun.of("site", "--results", bisect.toString(), "--out", dir.resolve("site").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(dir.resolve("site/engines/berkeleydb-je.html")).content().contains("id=\"versions\"",
                "5.0.73 (good) to 18.3.12 (bad)", "first bad version 18.1.11 (last good 5.0.73)");
        assertThat(dir.resolve("site/index.html")).content().contains("engines/berkeleydb-je.html");
    }

    /** change-points.json as `history changes` writes it, read back by the site: the overview's last night. */
    @Test
    void theChangePointsFileIsReadBackIntoTheOverview() throws Exception {
        Path history = dir.resolve("history");
        HistoryStore store = new HistoryStore(history);
        HistoryFixtures.nights(store, "cpu-a-1c", 4, 1000);
        HistoryStore.Series series = store.all().get(0);
        ChangePoint change = new ChangePoint(new ChangePoint.SeriesId(series.profile(), "cpu-a-1c", "rocksdb",
                "ycsb-c", "throughput", "ops/s"), new ChangePoint.At(3, HistoryFixtures.night(3),
                HistoryFixtures.commit(2), HistoryFixtures.commit(3)), new ChangePoint.Shift(-20, ChangePoint.WORSE,
                0.0001), new ChangePoint.EngineVersions("11.7.0", "11.8.1"), 1);
        Path changes = dir.resolve(ChangeDetection.Report.FILE);
        ResultsJson.write(changes, new ChangeDetection.Report(ChangeDetection.Report.SCHEMA_VERSION, "otava", 0.001,
                0, 1, 4, List.of(change)));
        Path shard = run("shard", SampleResults.sixByFour());
        CliRun run = CliRun.of("site", "--results", shard.toString(), "--history", history.toString(),
                "--change-points", changes.toString(), "--out", dir.resolve("site").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(dir.resolve("site/index.html")).content().contains("1 change point starts in it",
                "ycsb-c -20.0 % worse", "11.7.0 → 11.8.1", "--good rocksdb=11.7.0 --bad rocksdb=11.8.1");
    }

    @Test
    void refusesADirectoryWithoutResults() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertBadInput("holds no results.json, bisect.json or crash-results.json", "site", "--results",
                empty.toString(), "--out", dir.resolve("site").toString());
        assertBadInput("no such directory", "site", "--results", dir.resolve("nope").toString(), "--out",
                dir.resolve("site").toString());
    }

    @Test
    void refusesChangePointsWithoutAHistory() throws Exception {
        Path shard = run("shard", SampleResults.sixByFour());
        assertBadInput("--change-points needs --history", "site", "--results", shard.toString(), "--change-points",
                dir.resolve("change-points.json").toString(), "--out", dir.resolve("site").toString());
    }

    @Test
    void refusesToOverwriteADirectoryThatIsNotASite() throws Exception {
        Path shard = run("shard", SampleResults.sixByFour());
        assertBadInput("not empty and not a site kvbench built", "site", "--results", shard.toString(), "--out",
                shard.toString());
        assertThat(shard.resolve("index.html")).doesNotExist();
    }
}
