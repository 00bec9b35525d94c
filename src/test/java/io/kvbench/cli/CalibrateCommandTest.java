package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.calibration.CalibrationData;
import io.kvbench.calibration.CalibrationReport;
import io.kvbench.result.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real calibration with the local runner on the tiny profile: token cost, a sizing run, one interleaved round with
 * a 50 % and an 80 % slowdown, the figures written and printed; then the same data analysed again with --from.
 */
class CalibrateCommandTest {

    @TempDir
    Path tmp;

    @Test
    void calibratesWritesFiguresAndReanalyses() throws Exception {
        String profile = Path.of("src/test/resources/tiny-profile.json").toAbsolutePath().toString();
        Path out = tmp.resolve("out");
        Path baselines = tmp.resolve("perf-baselines");
        CliRun run = CliRun.of("calibrate", "--runner", "local", "--profile", profile, "--engines", "rocksdb",
                "--workloads", "ycsb-c", "--slowdowns", "50,80", "--rounds", "2", "--out", out.toString(),
                "--baselines", baselines.toString(), "--grid-alphas", "0.01", "--grid-min-effects", "10,30");
        assertThat(run.exitCode()).as(run.err()).isZero();

        CalibrationData data = CalibrationData.read(out.resolve(CalibrationData.FILE));
        assertThat(data.complete()).isTrue();
        assertThat(data.nanosPerToken()).isPositive();
        assertThat(data.runs()).hasSize(1 + 2 * 3).allSatisfy(r -> assertThat(r.ok()).as(r.reason()).isTrue());
        assertThat(data.runs().stream().filter(r -> r.slowdown() == 0.8).mapToLong(r -> r.tokens()).distinct().count()).isEqualTo(1);
        // The heavier level really costs more per operation.
        double unchanged = data.runs().stream().filter(r -> r.unchanged()).mapToDouble(r -> r.score()).average().orElseThrow();
        double slowest = data.runs().stream().filter(r -> r.slowdown() == 0.8).mapToDouble(r -> r.score()).average().orElseThrow();
        assertThat(slowest).isLessThan(unchanged * 0.6);

        Path figures = CalibrationReport.file(baselines, data.machineClass(), "tiny");
        assertThat(figures).isRegularFile();
        assertThat(figures.resolveSibling("tiny-runs.json")).isRegularFile();
        CalibrationReport report = ResultsJson.MAPPER.readValue(figures.toFile(), CalibrationReport.class);
        assertThat(report.benchmarks()).singleElement().satisfies(b -> {
            assertThat(b.unchangedRuns()).isEqualTo(3);
            assertThat(b.falseAlarms().comparisons()).isEqualTo(6);
            assertThat(b.levels()).hasSize(2);
            assertThat(b.levels().get(1).detections().comparisons()).isEqualTo(3 * 2);
            // Whether the tiny profile's four samples per run detect it depends on this machine's noise; only the
            // bookkeeping is checked: a confirmed detection is also a single one.
            assertThat(b.levels().get(1).detections().confirmed()).isLessThanOrEqualTo(b.levels().get(1).detections().single());
        });
        assertThat(report.grid()).hasSize(2);
        assertThat(run.out()).contains("## Regression detection, measured").contains("| ycsb-c | rocksdb | 3 |")
                .contains("false alarms: confirmed");
        assertThat(out.resolve("calibration.md")).isNotEmptyFile();

        CliRun again = CliRun.of("calibrate", "--from", out.resolve(CalibrationData.FILE).toString(), "--out",
                tmp.resolve("again").toString(), "--baselines", tmp.resolve("b2").toString(), "--profile", profile,
                "--min-effect", "30");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("minimum effect 30%");
    }

    @Test
    void badInputExitsTwo() {
        CliRun unknownTest = CliRun.of("calibrate", "--test", "coin-flip", "--runner", "local");
        assertThat(unknownTest.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(unknownTest.err()).contains("unknown significance test 'coin-flip'").contains("bootstrap, welch");
        CliRun badLevel = CliRun.of("calibrate", "--slowdowns", "150", "--runner", "local", "--out", "/nonexistent-dir-x");
        assertThat(badLevel.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(badLevel.err()).contains("slowdown levels must be in (0, 1)");
        CliRun noFile = CliRun.of("calibrate", "--from", "/no/such/file.json");
        assertThat(noFile.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
    }
}
