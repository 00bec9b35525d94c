package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The replayed gate on constructed calibration runs, and the sizing of slowdowns. */
class CalibrationAnalysisTest {

    private static CalibrationRun run(int round, double slowdown, long seed, double mean) {
        double[] samples = new double[10];
        double[][] forks = Fixtures.normalForks(seed, 2, 5, mean);
        System.arraycopy(forks[0], 0, samples, 0, 5);
        System.arraycopy(forks[1], 0, samples, 5, 5);
        return new CalibrationRun("rocksdb", "ycsb-c",
                CalibrationRun.Injected.delayed(round, slowdown, slowdown == 0 ? 0 : 100), Status.OK, "",
                new CalibrationRun.Scores(BenchmarkResult.THROUGHPUT, "ops/s", Arrays.stream(samples).average()
                        .orElseThrow(), 2, Arrays.stream(samples).boxed().toList(), 1000L), "t");
    }

    @Test
    void countsFalseAlarmsAndDetectionsOverPairs() {
        List<CalibrationRun> runs = new ArrayList<>();
        for (int r = 0; r < 4; r++) runs.add(run(r, 0, r, 1000));
        for (int r = 1; r < 4; r++) runs.add(run(r, 0.3, 100 + r, 700));
        runs.add(run(1, 0.01, 200, 990)); // a level too small to see: one run, so it cannot be confirmed
        List<CalibrationAnalysis.Benchmark> figures = CalibrationAnalysis.analyse(runs, new BootstrapPolicy(), 1);
        assertThat(figures).singleElement().satisfies(b -> {
            assertThat(b.unchangedRuns()).isEqualTo(4);
            // 4 x 3 ordered pairs of unchanged runs; 2 % noise never reaches the 10 % minimum effect.
            assertThat(b.falseAlarms()).isEqualTo(new DetectionCounts(12, 0, 0));
            CalibrationAnalysis.Level big = b.levels().get(1);
            assertThat(big.slowdown()).isEqualTo(0.3);
            assertThat(big.detections()).isEqualTo(new DetectionCounts(4 * 3, 12, 12));
            assertThat(big.achieved()).isCloseTo(0.3, within(0.02));
            CalibrationAnalysis.Level tiny = b.levels().get(0);
            assertThat(tiny.detections().comparisons()).as("no second run to confirm with").isZero();
        });
        assertThat(CalibrationAnalysis.analyse(runs, new BootstrapPolicy(), 0).get(0).levels().get(0).detections())
                .isEqualTo(new DetectionCounts(4, 0, 0));
        // Baselines of two pooled runs: 4 windows of 2 consecutive runs, each against the 2 runs outside it.
        CalibrationAnalysis.Benchmark pooled = CalibrationAnalysis.analyse(runs, new BootstrapPolicy(), 1, 2).get(0);
        assertThat(pooled.falseAlarms()).isEqualTo(new DetectionCounts(8, 0, 0));
        assertThat(pooled.levels().get(1).detections()).isEqualTo(new DetectionCounts(4 * 3, 12, 12));
    }

    @Test
    void ratesComeWithExactIntervals() {
        DetectionCounts none = new DetectionCounts(100, 0, 0);
        assertThat(none.confirmedRate()).isZero();
        assertThat(none.confirmedUpper()).isCloseTo(0.0362, within(0.0005)); // the "rule of three" region
        DetectionCounts all = new DetectionCounts(60, 60, 60);
        assertThat(all.confirmedLower()).isCloseTo(0.9404, within(0.0005));
        assertThat(all.confirmedText()).isEqualTo("60/60 (100.0 %)");
        assertThat(DetectionCounts.NONE.confirmedText()).isEqualTo("-");
    }

    @Test
    void slowdownsAreSizedFromTheMeasuredCostPerOperation() {
        Profile ci = Catalog.profile("ci");
        Workload reads = Catalog.workload("ycsb-c");
        BenchmarkResult million = Fixtures.ok("rocksdb", "ycsb-c", 1e6, 1e6);
        double perOp = SlowdownDelay.nanosPerOperation(million, reads, ci, 1);
        assertThat(perOp).isCloseTo(1000, within(1e-6));
        // 10 % lower throughput: each operation 1/0.9 as long, 111 ns more.
        assertThat(SlowdownDelay.delayNanos(0.10, perOp, true)).isEqualTo(111);
        // A pass of 200,000 reads taking 0.2 s: 1000 ns each; 10 % longer is 100 ns.
        Workload pass = Catalog.workload("tc-random-read");
        BenchmarkResult passTime = Fixtures.ok("rocksdb", "tc-random-read", BenchmarkResult.TIME_PER_PASS, 0.2, 0.2);
        double perRead = SlowdownDelay.nanosPerOperation(passTime, pass, ci, 1);
        assertThat(perRead).isCloseTo(1000, within(1e-6));
        assertThat(SlowdownDelay.delayNanos(0.10, perRead, false)).isEqualTo(100);
        // Eight reader threads on one core share it: an operation costs 1/score of it, not 8/score.
        Workload eight = Catalog.workload("halo-random-read-8t");
        assertThat(SlowdownDelay.nanosPerOperation(Fixtures.ok("rocksdb", "halo-random-read-8t", 1e6, 1e6), eight, ci,
                1))
                .isCloseTo(1000, within(1e-6));
    }
}
