package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.calibration.AbSessions;
import io.kvbench.calibration.CalibrationData;
import io.kvbench.calibration.CalibrationReport;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.Verdict;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real calibration with the local runner on the tiny profile: a sizing run, two interleaved rounds with a 50 % and
 * an 80 % slowdown in the engine's calls, the figures written and printed; then the same data analysed again with
 * --from.
 */
class CalibrateCommandTest {

    @TempDir
    Path tmp;

    @Test
    @Tag("fork")
    void calibratesWritesFiguresAndReanalyses() throws Exception {
        String profile = Path.of("../src/test/resources/tiny-profile.json").toAbsolutePath().toString();
        Path out = tmp.resolve("out");
        Path baselines = tmp.resolve("perf-baselines");
        CliRun run = LabRun.of("calibrate", "--runner", "local", "--profile", profile, "--engines", "rocksdb",
                "--workloads", "ycsb-c", "--slowdowns", "50,80", "--rounds", "2", "--out", out.toString(),
                "--baselines", baselines.toString(), "--grid-alphas", "0.01", "--grid-min-effects", "10,30");
        assertThat(run.exitCode()).as(run.err()).isZero();

        CalibrationData data = CalibrationData.read(out.resolve(CalibrationData.FILE));
        assertThat(data.complete()).isTrue();
        assertThat(data.nanosPerToken()).as("no token cost: slowdowns are engine-call delays").isNull();
        assertThat(data.runs()).hasSize(1 + 2 * 3).allSatisfy(r -> assertThat(r.ok()).as(r.reason()).isTrue());
        assertThat(data.runs()).allSatisfy(r -> assertThat(r.tokens()).isNull());
        assertThat(data.runs().stream().filter(r -> r.slowdown() == 0.8).map(r -> r.delayNanos()).distinct().toList())
                .singleElement().satisfies(nanos -> assertThat(nanos).isPositive());
        assertThat(data.runs().stream().filter(r -> r.unchanged()).map(r -> r.delayNanos()).distinct().toList())
                .containsExactly(0L);
        // The heavier level really costs more per operation.
        double unchanged = data.runs().stream().filter(r -> r.unchanged()).mapToDouble(r -> r.score()).average()
                .orElseThrow();
        double slowest = data.runs().stream().filter(r -> r.slowdown() == 0.8).mapToDouble(r -> r.score()).average()
                .orElseThrow();
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
            assertThat(b.levels().get(1).detections().confirmed())
                    .isLessThanOrEqualTo(b.levels().get(1).detections().single());
        });
        assertThat(report.grid()).hasSize(2);
        assertThat(run.out()).contains("## Regression detection, measured").contains("| ycsb-c | rocksdb | 3 |")
                .contains("false alarms: confirmed");
        assertThat(out.resolve("calibration.md")).isNotEmptyFile();

        CliRun again = LabRun.of("calibrate", "--from", out.resolve(CalibrationData.FILE).toString(), "--out",
                tmp.resolve("again").toString(), "--baselines", tmp.resolve("b2").toString(), "--profile", profile,
                "--min-effect", "30");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("minimum effect 30%");
    }

    @Test
    void badInputExitsTwo() {
        CliRun unknownTest = LabRun.of("calibrate", "--test", "coin-flip", "--runner", "local");
        assertThat(unknownTest.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(unknownTest.err()).contains("unknown significance test 'coin-flip'").contains("bootstrap, welch");
        CliRun badLevel = LabRun.of("calibrate", "--slowdowns", "150", "--runner", "local", "--out",
                "/nonexistent-dir-x");
        assertThat(badLevel.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(badLevel.err()).contains("slowdown levels must be in (0, 1)");
        CliRun noFile = LabRun.of("calibrate", "--from", "/no/such/file.json");
        assertThat(noFile.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
    }

    /**
     * An A/B campaign for real, small: the tiny profile with the local runner, one session per variant (unchanged, and
     * 90 % fewer ops/s injected into B's engine calls: far beyond the tiny profile's round-to-round scatter beside the
     * rest of mvn test), the sequential test at 3 to 4 rounds; the sessions are written, reported with their
     * intervals and reported again from the file.
     */
    @Test
    @Tag("fork")
    void anAbCampaignRunsRealSessionsAndReportsThemWithIntervals() throws Exception {
        String profile = Path.of("../src/test/resources/tiny-profile.json").toAbsolutePath().toString();
        Path out = tmp.resolve("ab");
        Path baselines = tmp.resolve("perf-baselines");
        CliRun run = LabRun.of("calibrate", "--ab-sessions", "1", "--runner", "local", "--profile", profile,
                "--engines", "rocksdb", "--workloads", "ycsb-c", "--slowdowns", "90", "--min-rounds", "3",
                "--max-rounds", "4", "--out", out.toString(), "--baselines", baselines.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        AbSessions data = AbSessions.read(out.resolve(AbSessions.FILE));
        assertThat(data.complete()).isTrue();
        assertThat(data.sizing()).singleElement().satisfies(s -> assertThat(s.delays()).singleElement()
                .satisfies(l -> assertThat(l.delayNanos()).isPositive()));
        assertThat(data.sessions()).hasSize(2);
        AbSessions.Session slowed = data.sessions().stream().filter(x -> !x.unchanged()).findFirst().orElseThrow();
        assertThat(slowed.outcome().verdict()).as("90 %% slower engine calls").isEqualTo(Verdict.REGRESSION);
        assertThat(slowed.outcome().achieved()).isGreaterThan(0.6);
        assertThat(slowed.outcome().minutes()).isPositive();
        assertThat(run.out()).contains("## A/B sessions, measured")
                .contains("| rocksdb | ycsb-c | 90.0 % | 1 | caught 1/1")
                .contains("| rocksdb | ycsb-c | none | 1 | false alarms ");
        Path raw = CalibrationReport.file(baselines, data.machineClass(), "tiny")
                .resolveSibling("tiny-" + AbSessions.FILE);
        assertThat(raw).isRegularFile();

        CliRun again = LabRun.of("calibrate", "--from-ab-sessions", raw.toString(), "--out",
                tmp.resolve("again").toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("caught 1/1 (95 % CI 3-100 %)");

        CliRun both = LabRun.of("calibrate", "--ab-sessions", "1", "--from-ab-sessions", raw.toString());
        assertThat(both.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(both.err()).contains("give one");
    }
}
