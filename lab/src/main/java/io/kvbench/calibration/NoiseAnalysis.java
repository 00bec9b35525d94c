package io.kvbench.calibration;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.judge.ForkSamples;
import io.kvbench.result.BenchmarkResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * Where a benchmark's noise comes from, so that the detection rates can be explained and the right remedy chosen.
 * A run's forks tell how well it knows its own mean; unchanged runs minutes apart tell how much the machine drifts.
 * When runs scatter far more than their forks explain, more forks buy nothing: the noise is drift of the machine,
 * and only comparing against runs made next to the candidate (interleaving) removes it.
 *
 * <p>Drift is separated from a run's own noise with the calibration's rounds: within one round a benchmark runs
 * unchanged and at every slowdown level back to back, in a random order. On log scores, an additive two-way model
 * (round + level, one run per cell: the two-factor model without replication) gives the residual
 * variance of a run next to its neighbours in time and the variance of the round effects, the drift between rounds.
 * Only complete rounds count (round 0 sizes the slowdowns and has the unchanged run only).
 *
 * <p>The smallest detectable slowdowns use the normal approximation on log scores, (z(1 - alpha/2) + z(power)) times
 * the standard deviation of the compared difference, against a stored baseline; for interleaving, t quantiles, as its
 * paired t-test over rounds decides.
 */
public final class NoiseAnalysis {

    /** The probability with which a slowdown of the reported size is caught. */
    public static final double POWER = 0.95;
    /** The slowdown that {@link Detectable#interleavedRoundsFor10} sizes the rounds for. */
    public static final double TARGET = 0.10;
    /** The paired test needs at least this many rounds ({@code kvbench interleave} pools fewer). */
    static final int MIN_PAIRED_ROUNDS = 3;
    /** More rounds than this are not worth a session: reported as -1. */
    static final int MAX_ROUNDS = 50;

    /**
     * Noise figures of one (engine, workload), written as one flat object; fractions (0.05 = 5 %), NaN where the runs
     * cannot tell.
     *
     * @param spread     how far unchanged runs spread, and how much of it their own forks explain
     * @param roundEffects the two-way model's split of a run's noise into its neighbours' and the rounds' drift
     * @param detectable the smallest slowdowns a comparison catches, and the rounds interleave needs
     */
    public record Noise(String engine, String workload, String metric, @JsonUnwrapped Spread spread,
                        @JsonUnwrapped RoundNoise roundEffects, @JsonUnwrapped Detectable detectable) {

        public int unchangedRuns() {
            return spread.unchangedRuns();
        }

        public double runToRun() {
            return spread.runToRun();
        }

        public double forkError() {
            return spread.forkError();
        }

        public double iterationCv() {
            return spread.iterationCv();
        }

        public int completeRounds() {
            return roundEffects.completeRounds();
        }

        public double neighbour() {
            return roundEffects.neighbour();
        }

        public double drift() {
            return roundEffects.drift();
        }

        public double unexplained() {
            return roundEffects.unexplained();
        }

        public double storedBaselineMde() {
            return detectable.storedBaselineMde();
        }

        public double interleavedMde() {
            return detectable.interleavedMde();
        }

        public int interleavedRoundsFor10() {
            return detectable.interleavedRoundsFor10();
        }
    }

    /**
     * @param unchangedRuns unchanged runs of the benchmark
     * @param runToRun      coefficient of variation of the unchanged runs' means
     * @param forkError     median over unchanged runs of the standard error of the run's mean from its fork means
     * @param iterationCv   median coefficient of variation of the iterations within a fork
     */
    public record Spread(int unchangedRuns, double runToRun, double forkError, double iterationCv) {
    }

    /**
     * @param completeRounds rounds with a run at every level, the ones the two-way model uses
     * @param neighbour      standard deviation (log scale) of a run around its round and level: noise that even runs
     *                       made minutes apart share no part of
     * @param drift          standard deviation (log scale) of the round effects: the machine's drift between rounds
     * @param unexplained    share of the run-to-run variance that the runs' own forks do not explain (0..1)
     */
    public record RoundNoise(int completeRounds, double neighbour, double drift, double unexplained) {
    }

    /**
     * @param storedBaselineMde      smallest slowdown a comparison of one run with a baseline of {@code baselineRuns}
     *                               runs recorded at another time catches with probability {@link #POWER}, any minimum
     *                               effect aside
     * @param interleavedMde         the same for {@code kvbench interleave} with {@code rounds} rounds (A and B
     *                               adjacent in time, so drift cancels)
     * @param interleavedRoundsFor10 rounds {@code kvbench interleave} needs to catch a {@link #TARGET} slowdown with
     *                               probability {@link #POWER} (at least {@value #MIN_PAIRED_ROUNDS}; -1 above
     *                               {@value #MAX_ROUNDS} or when the runs cannot tell)
     */
    public record Detectable(int baselineRuns, double storedBaselineMde, int rounds, double interleavedMde,
                             int interleavedRoundsFor10) {
    }

    private NoiseAnalysis() {
    }

    /**
     * @param alpha        the gate's significance level
     * @param baselineRuns unchanged runs pooled into a baseline
     * @param rounds       interleaved rounds to size {@link Noise#interleavedMde} for
     */
    public static List<Noise> analyse(List<CalibrationRun> runs, double alpha, int baselineRuns, int rounds) {
        double z = new NormalDistribution().inverseCumulativeProbability(1 - alpha / 2)
                + new NormalDistribution().inverseCumulativeProbability(POWER);
        List<Noise> out = new ArrayList<>();
        for (List<CalibrationRun> group : CalibrationRun.byBenchmark(runs, run -> run.ok() && run.score() > 0)
                .values()) {
            out.add(noise(group, z, alpha, baselineRuns, rounds));
        }
        return out;
    }

    /**
     * The smallest log-scale slowdown the paired t-test of {@code kvbench interleave} catches with probability
     * {@link #POWER} over {@code rounds} rounds, when one run scatters by {@code neighbour} around its round: the
     * per-round log ratio has standard deviation sqrt(2) x neighbour, and t quantiles with rounds - 1 degrees of
     * freedom
     * replace the normal ones (power approximated by the central t).
     */
    static double pairedDetectable(double neighbour, int rounds, double alpha) {
        if (Double.isNaN(neighbour) || rounds < MIN_PAIRED_ROUNDS) return Double.NaN;
        TDistribution t = new TDistribution(rounds - 1);
        double factor = t.inverseCumulativeProbability(1 - alpha / 2) + t.inverseCumulativeProbability(POWER);
        return factor * Math.sqrt(2) * neighbour / Math.sqrt(rounds);
    }

    private static Noise noise(List<CalibrationRun> runs, double z, double alpha, int baselineRuns, int rounds) {
        CalibrationRun first = runs.get(0);
        List<CalibrationRun> unchanged = runs.stream().filter(CalibrationRun::unchanged).toList();
        DescriptiveStatistics means = new DescriptiveStatistics();
        DescriptiveStatistics forkErrors = new DescriptiveStatistics();
        DescriptiveStatistics iterationCvs = new DescriptiveStatistics();
        for (CalibrationRun run : unchanged) {
            List<double[]> forks = forks(run);
            DescriptiveStatistics forkMeans = new DescriptiveStatistics();
            for (double[] fork : forks) {
                DescriptiveStatistics it = new DescriptiveStatistics(fork);
                forkMeans.addValue(it.getMean());
                if (fork.length > 1) iterationCvs.addValue(it.getStandardDeviation() / it.getMean());
            }
            means.addValue(forkMeans.getMean());
            if (forks.size() > 1) {
                forkErrors.addValue(forkMeans.getStandardDeviation() / forkMeans.getMean() / Math.sqrt(forks.size()));
            }
        }
        double runToRun = means.getN() > 1 ? means.getStandardDeviation() / means.getMean() : Double.NaN;
        double forkError = forkErrors.getN() > 0 ? forkErrors.getPercentile(50) : Double.NaN;
        double iterationCv = iterationCvs.getN() > 0 ? iterationCvs.getPercentile(50) : Double.NaN;
        double unexplained = Double.isNaN(runToRun) || Double.isNaN(forkError) || runToRun == 0 ? Double.NaN
                : Math.max(0, 1 - (forkError * forkError) / (runToRun * runToRun));

        TwoWay model = TwoWay.of(runs);
        // Without two complete rounds the unchanged runs' spread is all there is (CV ~ standard deviation of logs).
        double logRunToRun = Double.isNaN(model.neighbourVariance) ? runToRun
                : Math.sqrt(model.neighbourVariance + model.driftVariance);
        double stored = worse(first.metric(), z * logRunToRun * Math.sqrt(1 + 1.0 / baselineRuns));
        double neighbour = Math.sqrt(model.neighbourVariance);
        double interleaved = worse(first.metric(), pairedDetectable(neighbour, rounds, alpha));
        double logTarget = BenchmarkResult.THROUGHPUT.equals(first.metric()) ? -Math.log(1 - TARGET)
                : Math.log(1 + TARGET);
        int roundsFor10 = -1;
        for (int r = MIN_PAIRED_ROUNDS; r <= MAX_ROUNDS && !Double.isNaN(neighbour); r++) {
            if (pairedDetectable(neighbour, r, alpha) <= logTarget) {
                roundsFor10 = r;
                break;
            }
        }
        return new Noise(first.engine(), first.workload(), first.metric(),
                new Spread(unchanged.size(), runToRun, forkError, iterationCv),
                new RoundNoise(model.rounds, neighbour, Math.sqrt(model.driftVariance), unexplained),
                new Detectable(baselineRuns, stored, rounds, interleaved, roundsFor10));
    }

    /** A log-scale difference as the policy's "worse": fewer ops/s for throughput, a longer pass otherwise. */
    private static double worse(String metric, double logDifference) {
        if (Double.isNaN(logDifference)) return Double.NaN;
        return BenchmarkResult.THROUGHPUT.equals(metric) ? 1 - Math.exp(-logDifference) : Math.exp(logDifference) - 1;
    }

    /** The run's samples by fork (one group when they do not split evenly); a run without samples is its score. */
    private static List<double[]> forks(CalibrationRun run) {
        return ForkSamples.split(run.samples().isEmpty() ? List.of(run.score()) : run.samples(), run.forks()).forks();
    }

    /**
     * Round + level additive model of log scores without replication, over the rounds that have every level: residual
     * mean square SSE / ((R-1)(L-1)) estimates the neighbour variance; (MS(rounds) - MS(residual)) / L the variance
     * of the round effects (0 when negative). NaN when fewer than two complete rounds or levels.
     */
    private record TwoWay(int rounds, double neighbourVariance, double driftVariance) {

        static TwoWay of(List<CalibrationRun> runs) {
            TreeSet<Double> levels = new TreeSet<>();
            Map<Integer, Map<Double, Double>> cells = new TreeMap<>();
            for (CalibrationRun run : runs) {
                levels.add(run.slowdown());
                // With two unchanged runs per round the model takes the first (interleave's A), as every level has one
                // run.
                cells.computeIfAbsent(run.round(), k -> new TreeMap<>())
                        .putIfAbsent(run.slowdown(), Math.log(run.score()));
            }
            List<double[]> rows = new ArrayList<>();
            for (Map<Double, Double> row : cells.values()) {
                if (row.keySet().containsAll(levels)) rows.add(row.values().stream().mapToDouble(Double::doubleValue)
                        .toArray());
            }
            int r = rows.size();
            int l = levels.size();
            if (r < 2 || l < 2) return new TwoWay(r, Double.NaN, Double.NaN);
            double grand = rows.stream().flatMapToDouble(Arrays::stream).average().orElseThrow();
            double[] rowMeans = rows.stream().mapToDouble(row -> Arrays.stream(row).average().orElseThrow()).toArray();
            double[] columnMeans = new double[l];
            for (double[] row : rows) for (int j = 0; j < l; j++) columnMeans[j] += row[j] / r;
            double ssRounds = 0;
            double ssResidual = 0;
            for (int i = 0; i < r; i++) {
                ssRounds += l * Math.pow(rowMeans[i] - grand, 2);
                for (int j = 0; j < l; j++) ssResidual += Math.pow(rows.get(i)[j] - rowMeans[i] - columnMeans[j]
                        + grand, 2);
            }
            double msResidual = ssResidual / ((r - 1) * (l - 1));
            double msRounds = ssRounds / (r - 1);
            return new TwoWay(r, msResidual, Math.max(0, (msRounds - msResidual) / l));
        }
    }
}
