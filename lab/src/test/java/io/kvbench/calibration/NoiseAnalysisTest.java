package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Noise decomposition on constructed runs: drift the forks cannot see, fork noise they can, too few rounds. */
class NoiseAnalysisTest {

    private static final double ALPHA = 0.01;

    /** A run whose forks have the given means (log-normal offsets of {@code mean}), 3 identical iterations each. */
    private static CalibrationRun run(String metric, int round, double slowdown, double mean, double... forkOffsets) {
        List<Double> samples = new ArrayList<>();
        for (double offset : forkOffsets) for (int i = 0; i < 3; i++) samples.add(mean * Math.exp(offset));
        double score = samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        return new CalibrationRun("rocksdb", "ycsb-c",
                CalibrationRun.Injected.delayed(round, slowdown, slowdown == 0 ? 0 : 10), Status.OK, "",
                new CalibrationRun.Scores(metric, "ops/s", score, forkOffsets.length, samples, 1000L), "t");
    }

    @Test
    void driftBetweenRoundsIsWhatForksCannotSee() {
        double[] roundOffsets = {0.08, -0.08, 0.06, -0.06};
        List<CalibrationRun> runs = new ArrayList<>();
        runs.add(run(BenchmarkResult.THROUGHPUT, 0, 0, 1000, 0.001, -0.001)); // sizing run: not a complete round
        for (int r = 0; r < roundOffsets.length; r++) {
            double drift = roundOffsets[r];
            runs.add(run(BenchmarkResult.THROUGHPUT, r + 1, 0, 1000, drift + 0.002, drift - 0.002));
            runs.add(run(BenchmarkResult.THROUGHPUT, r + 1, 0.1, 900, drift - 0.002, drift + 0.002));
        }
        NoiseAnalysis.Noise noise = NoiseAnalysis.analyse(runs, ALPHA, 1, 4).get(0);
        assertThat(noise.unchangedRuns()).isEqualTo(5);
        assertThat(noise.completeRounds()).isEqualTo(4);
        assertThat(noise.forkError()).isCloseTo(0.002, within(0.0005));
        assertThat(noise.runToRun()).isGreaterThan(0.05);
        assertThat(noise.unexplained()).as("forks explain almost nothing of the run-to-run spread").isGreaterThan(0.99);
        assertThat(noise.drift()).isCloseTo(0.074, within(0.01));
        assertThat(noise.neighbour()).as("runs of one round agree").isLessThan(0.01);
        // (2.576 + 1.645) * 7.4 % * sqrt(2): a stored-baseline gate cannot catch less than about 35 %.
        assertThat(noise.storedBaselineMde()).isGreaterThan(0.3);
        assertThat(noise.interleavedMde()).isLessThan(0.03);
        assertThat(noise.interleavedRoundsFor10()).as("the fewest rounds the paired test takes").isEqualTo(3);
    }

    @Test
    void forkNoiseWithoutDriftIsExplainedByTheForks() {
        SplittableRandom random = new SplittableRandom(42);
        List<CalibrationRun> runs = new ArrayList<>();
        for (int r = 1; r <= 40; r++) {
            for (double slowdown : new double[] {0, 0.1}) {
                double[] forks = new double[4];
                for (int f = 0; f < forks.length; f++) forks[f] = 0.06 * gaussian(random);
                runs.add(run(BenchmarkResult.THROUGHPUT, r, slowdown, slowdown == 0 ? 1000 : 900, forks));
            }
        }
        NoiseAnalysis.Noise noise = NoiseAnalysis.analyse(runs, ALPHA, 2, 4).get(0);
        // Fork means scatter by 6 %; a run of 4 forks knows its mean to about 3 %, and runs scatter by just that.
        assertThat(noise.forkError()).isCloseTo(0.03, within(0.008));
        assertThat(noise.runToRun()).isCloseTo(0.03, within(0.008));
        assertThat(noise.unexplained()).isLessThan(0.35);
        assertThat(noise.drift()).as("estimation noise only, well under the neighbour noise").isLessThan(0.02);
        assertThat(noise.neighbour()).isCloseTo(0.03, within(0.008));
        // Stored baseline of 2 runs: (2.576 + 1.645) * 3 % * sqrt(1.5) = 15.5 % on the log scale; interleaved over 4
        // rounds, paired t with 3 degrees of freedom: (5.84 + 2.35) * sqrt(2) * 3 % / 2 = 17 %; 10 % takes 6-7 rounds.
        assertThat(noise.storedBaselineMde()).isCloseTo(0.145, within(0.03));
        assertThat(noise.interleavedMde()).isCloseTo(0.16, within(0.04));
        assertThat(noise.interleavedRoundsFor10()).isBetween(5, 9);
    }

    @Test
    void passesCountLongerAsWorseAndTooFewRoundsSayNothingOfDrift() {
        List<CalibrationRun> runs = List.of(
                run("time", 0, 0, 0.4, 0.05, -0.05),
                run("time", 1, 0, 0.4, -0.05, 0.05),
                run("time", 1, 0.2, 0.48, 0.0, 0.0));
        NoiseAnalysis.Noise noise = NoiseAnalysis.analyse(runs, ALPHA, 1, 4).get(0);
        assertThat(noise.completeRounds()).isEqualTo(1);
        assertThat(noise.drift()).isNaN();
        assertThat(noise.neighbour()).isNaN();
        assertThat(noise.interleavedRoundsFor10()).isEqualTo(-1);
        assertThat(noise.runToRun()).isCloseTo(0, within(1e-9));
        assertThat(noise.unexplained()).isNaN();
        assertThat(noise.storedBaselineMde()).as("falls back to the unchanged runs' spread").isCloseTo(0, within(1e-9));
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: one standard normal value.
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
