package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.BootstrapPolicy;
import io.kvbench.judge.SequentialTest;
import io.kvbench.judge.Thresholds;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * `kvbench interleave` (the sequential test) replayed on calibration rounds: drift between rounds cancels, A' against
 * A stays quiet.
 */
class SequentialReplayTest {

    private static final BootstrapPolicy FIVE_PERCENT = new BootstrapPolicy(Thresholds.DEFAULTS.withMinEffect(0.05));

    private static CalibrationRun run(int round, double slowdown, long seed, double mean) {
        double[][] forks = Fixtures.normalForks(seed, 2, 5, mean);
        double[] samples = new double[10];
        System.arraycopy(forks[0], 0, samples, 0, 5);
        System.arraycopy(forks[1], 0, samples, 5, 5);
        return new CalibrationRun("lmdb", "ycsb-c",
                CalibrationRun.Injected.delayed(round, slowdown, slowdown == 0 ? 0 : 50), Status.OK, "",
                new CalibrationRun.Scores(BenchmarkResult.THROUGHPUT, "ops/s", Arrays.stream(samples).average()
                        .orElseThrow(), 2, Arrays.stream(samples).boxed().toList(), 1000L), "t");
    }

    /** Rounds 1..n, each A, A' and a 10 % slower B; the machine's speed swings by +-15 % from round to round. */
    private static List<CalibrationRun> rounds(int n, boolean twoUnchanged) {
        List<CalibrationRun> runs = new ArrayList<>();
        runs.add(run(0, 0, 1, 1000)); // sizing run
        for (int r = 1; r <= n; r++) {
            double speed = r % 2 == 0 ? 1.15 : 0.85;
            runs.add(run(r, 0, 100L * r, 1000 * speed));
            if (twoUnchanged) runs.add(run(r, 0, 100L * r + 1, 1000 * speed));
            runs.add(run(r, 0.1, 100L * r + 2, 900 * speed));
        }
        return runs;
    }

    @Test
    void aStoredBaselineFromAnotherRoundCannotTellTheSameSlowdownFromDrift() {
        // The contrast that motivates interleaving: B of a fast round against A of a slow round looks 6 % faster.
        List<CalibrationRun> runs = rounds(6, true);
        CalibrationAnalysis.Benchmark stored = CalibrationAnalysis.analyse(runs, FIVE_PERCENT, 0).get(0);
        DetectionCounts tenPercent = stored.levels().get(0).detections();
        assertThat(tenPercent.single()).isLessThan(tenPercent.comparisons());
        assertThat(stored.falseAlarms().single()).isPositive();
    }

    @Test
    void aCompleteRoundHoldsTwoUnchangedRunsAndEveryLevelAllOk() {
        assertThat(SequentialReplay.completeRounds(rounds(6, true).subList(1, 19))).hasSize(6)
                .allSatisfy(r -> assertThat(r.levels()).containsOnlyKeys(0.1));
        assertThat(SequentialReplay.completeRounds(rounds(6, false))).as("one unchanged run per round").isEmpty();
        List<CalibrationRun> oneFailed = new ArrayList<>(rounds(4, true));
        CalibrationRun ok = oneFailed.get(3);
        oneFailed.set(3, new CalibrationRun(ok.engine(), ok.workload(), ok.injected(), Status.ERROR,
                "infrastructure: out of memory", new CalibrationRun.Scores(ok.metric(), ok.unit(), Double.NaN, 2,
                List.of(), null), "t"));
        assertThat(SequentialReplay.completeRounds(oneFailed.subList(1, 13)))
                .as("a round with a failed run is left out").hasSize(3);
        assertThat(SequentialReplay.analyse(rounds(14, false), SequentialTest.withDefaults(0.01, 0.05))).isEmpty();
    }

    @Test
    void sequentialSessionsTakeRoundsUntilTheTestDecidesAndTheNextStartsAfter() {
        // 14 rounds: each comparison decides at the test's minimum of 4 rounds (the drift cancels in the ratios), so 3
        // disjoint sessions are counted and the last 2 rounds, too few for a decision, are not.
        SequentialTest test = SequentialTest.withDefaults(0.01, 0.05);
        List<SequentialReplay.Figures> figures = SequentialReplay.analyse(rounds(14, true), test);
        assertThat(figures).singleElement().satisfies(f -> {
            assertThat(f.falseAlarms()).isEqualTo(new DetectionCounts(3, 0, 0));
            assertThat(f.detections().get("10%")).isEqualTo(new DetectionCounts(3, 3, 3));
            assertThat(f.meanRounds()).containsEntry("A'", 4.0).containsEntry("10%", 4.0);
            assertThat(f.undecided()).containsEntry("A'", 0).containsEntry("10%", 0);
        });
        assertThat(SequentialReplay.analyse(rounds(3, true), test)).as("fewer rounds than a decision needs").isEmpty();
    }
}
