package io.kvbench.run;

import static io.kvbench.fixtures.LocalBaselines.better;
import static io.kvbench.fixtures.LocalBaselines.forEveryCoreCount;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.cli.ExitCode;
import io.kvbench.cli.KvBench;
import io.kvbench.report.ResultCells;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.result.Units;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real run through JMH forks on this machine (--runner local; ContainerRunnerTest covers containers), then the
 * baseline cycle on its results: a run compared with baselines recorded from itself passes; a run compared with
 * baselines made ten times better is a REGRESSION and exits 1. Small datasets and short iterations keep it to a few
 * seconds per benchmark; a tenfold slowdown is far beyond any noise. Eight iterations instead of the profile's
 * four: the t-test's reach is bounded by the baseline's own scatter, and with four iterations scattered beside the
 * rest of {@code mvn test} a run several times slower fell short of significance.
 */
@Tag("fork")
class RunEndToEndTest {

    private static final String ITERATIONS = "8";

    @TempDir
    Path tmp;

    @Test
    void runCompareAndCatchASlowdown() throws Exception {
        String profile = Path.of("src/test/resources/tiny-profile.json").toAbsolutePath().toString();
        Path baselines = tmp.resolve("baselines");

        Path first = tmp.resolve("first");
        Cli run = cli("run", "--runner", "local", "--profile", profile, "--iterations", ITERATIONS, "--engines",
                "rocksdb,sparkey", "--workloads", "tc-random-read,ycsb-c,ycsb-a", "--out", first.toString());
        assertThat(run.code()).isZero();
        RunResults results = ResultsJson.read(first.resolve("results.json"));
        assertThat(results.complete()).isTrue();
        assertThat(results.profile()).isEqualTo("tiny+iterations=" + ITERATIONS);
        assertThat(results.results()).hasSize(6);
        BenchmarkResult read = find(results, "rocksdb", "tc-random-read");
        assertThat(read.status()).as(read.reason()).isEqualTo(Status.OK);
        assertThat(read.metric()).isEqualTo(BenchmarkResult.TIME_PER_PASS);
        assertThat(read.samples()).hasSize(Integer.parseInt(ITERATIONS)).allSatisfy(s -> assertThat(s).isPositive());
        assertThat(read.secondary()).containsKeys(MetricNames.DISK_BYTES, MetricNames.LATENCY_P99,
                MetricNames.CPU_PERCENT);
        assertThat(read.secondary(MetricNames.DISK_BYTES).score()).isPositive();
        assertThat(read.context().gitRevision()).isNotBlank();
        assertThat(find(results, "rocksdb", "ycsb-c").metric()).isEqualTo(BenchmarkResult.THROUGHPUT);
        BenchmarkResult writeOnce = find(results, "sparkey", "ycsb-a");
        assertThat(writeOnce.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(writeOnce.reason()).contains("write-once");
        assertThat(first.resolve("jmh-results.json")).isNotEmptyFile();
        assertThat(first.resolve("summary.md")).isNotEmptyFile();
        assertThat(first.resolve("report.html")).isNotEmptyFile();
        progressLineIsTheTablesCell(run.out(), read);
        progressLineIsTheTablesCell(run.out(), find(results, "rocksdb", "ycsb-c"));

        assertThat(cli("baseline", "update", "--min-runs", "1", "--results", first.toString(), "--baselines",
                baselines.toString(),
                "--reason", "end-to-end test").code()).isZero();
        forEveryCoreCount(baselines.resolve(results.profile()));
        assertThat(cli("compare", "--results", first.toString(), "--baselines", baselines.toString()).code()).isZero();
        assertThat(Files.readString(first.resolve("comparison.md"))).contains("PASS").doesNotContain("REGRESSION");

        // Against baselines ten times better than this machine measured them, a second run is a large slowdown.
        better(baselines.resolve(results.profile()), 10);
        Path slow = tmp.resolve("slow");
        assertThat(cli("run", "--runner", "local", "--profile", profile, "--iterations", ITERATIONS, "--engines",
                "rocksdb", "--workloads", "ycsb-c", "--out", slow.toString()).code()).isZero();
        int slowCompared = cli("compare", "--results", slow.toString(), "--baselines", baselines.toString()).code();
        assertThat(slowCompared).as(Files.readString(slow.resolve("comparison.md"))).isEqualTo(ExitCode.FAILED.code());
        assertThat(Files.readString(slow.resolve("comparison.md"))).contains("REGRESSION")
                .doesNotContainIgnoringCase("not compared");
    }

    private static BenchmarkResult find(RunResults results, String engine, String workload) {
        return results.results().stream().filter(r -> r.engine().equals(engine) && r.workload().equals(workload))
                .findFirst().orElseThrow(() -> new AssertionError("no result for " + engine + " / " + workload));
    }

    /**
     * The progress line that ends {@code r}'s benchmark writes its score as the console table's cell does (the same
     * units, "±" and scale, not "+-" and s/op), and the table printed after the run has that cell.
     */
    private static void progressLineIsTheTablesCell(String out, BenchmarkResult r) {
        List<String> lines = out.lines().toList();
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("\\[\\d+/\\d+] " + r.engine() + " x " + r.workload() + " \\.\\.\\.")) start = i;
        }
        assertThat(start).as("a progress line for %s x %s in%n%s", r.engine(), r.workload(), out).isNotNegative();
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).matches(" {6}\\S.* {2}\\(.*elapsed .*\\)")) end++;
        assertThat(end).as("the line that ends %s x %s in%n%s", r.engine(), r.workload(), out).isLessThan(lines.size());
        String outcome = lines.get(end).strip().replaceFirst(" {2}\\([^(]*elapsed .*$", "");
        String cell = ResultCells.score(r, Units.forConsole());
        assertThat(outcome).as("progress line of %s x %s", r.engine(), r.workload()).isEqualTo(cell);
        assertThat(lines.subList(end + 1, lines.size())).as("the console table").anyMatch(l -> l.contains(cell));
    }

    /** What a command exited with and printed on the standard output. */
    private record Cli(int code, String out) {
    }

    /** Runs the CLI in-process; its console output goes to the test log too. */
    private static Cli cli(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true));
        try {
            int code = KvBench.execute(args);
            return new Cli(code, captured.toString());
        } finally {
            System.setOut(original);
            System.out.print(captured);
        }
    }

}
