package io.kvbench.report;

import io.kvbench.judge.ForkSamples;
import io.kvbench.judge.ResampledMean;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * How far a run's order of engines agrees with a published table's, and how much of that the run's own noise allows
 * it to say. Kendall's tau-b over engine pairs (1: same order, -1: reversed; ties on either side count as neither),
 * three ways:
 * <ul>
 * <li>{@code tau}: of the measured means, as they fell;</li>
 * <li>its 95 % bootstrap interval: every row's mean resampled from its own forks and iterations
 *     ({@link ResampledMean}), the order and tau recomputed, {@value #RESAMPLES} times from the fixed seed
 *     {@value #SEED}, so the same rows always give the same interval;</li>
 * <li>{@code resolvedTau}: over the resolved pairs only, those whose measured 95 % intervals do not overlap. A pair
 *     whose intervals overlap is a tie this run cannot order, not a swap; {@code unresolvedPairs} says how many.</li>
 * </ul>
 *
 * @param tau             tau-b of the published figures against the measured means; NaN below two engines or when one
 *                        side is all tied
 * @param low             2.5th percentile of tau over the bootstrap resamples; NaN with tau
 * @param high            97.5th percentile
 * @param resolvedTau     tau-b over the resolved pairs; NaN when no pair is resolved (or all of those are tied
 *                        published)
 * @param pairs           engine pairs, n(n-1)/2
 * @param unresolvedPairs pairs whose measured intervals overlap (or that lack one)
 */
public record RankAgreement(double tau, double low, double high, double resolvedTau, int pairs, int unresolvedPairs) {

    public static final int RESAMPLES = 10_000;
    /** Any fixed value would do; fixed so that a report rendered twice from the same results says the same. */
    public static final long SEED = 35;
    private static final double CONFIDENCE = Intervals.CONFIDENCE;

    /**
     * One engine of the table, every figure in the table's unit (a run's s/op beside a published ops/s is inverted).
     *
     * @param published  the published figure
     * @param value      the measured mean
     * @param low        the lower end of its 95 % interval ({@link RowInterval}); NaN without one
     * @param high       the upper end; NaN without one (+infinity when an inverted interval reaches zero)
     * @param resampler  draws the measured mean again from the row's forks and iterations, in the result's unit
     * @param reciprocal true when the table's unit is the reciprocal of the result's
     */
    public record Entry(double published, double value, double low, double high, ResampledMean resampler,
                        boolean reciprocal) {

        /** A measured row beside its published figure; {@code reciprocal} when the units are each other's inverse. */
        public static Entry of(double published, BenchmarkResult measured, boolean reciprocal) {
            return of(published, measured, RowInterval.halfWidth(measured), reciprocal);
        }

        /** The same with the row's {@link RowInterval} half-width, when the caller has it already. */
        static Entry of(double published, BenchmarkResult measured, double half, boolean reciprocal) {
            double score = measured.score();
            List<Double> samples = measured.samples().isEmpty() ? List.of(score) : measured.samples();
            int forks = ForkSamples.forkCount(measured.context());
            ResampledMean resampler = ResampledMean.of(ForkSamples.split(samples, forks));
            if (!reciprocal) return new Entry(published, score, score - half, score + half, resampler, false);
            double low = 1 / (score + half);
            double high = score - half > 0 ? 1 / (score - half) : Double.POSITIVE_INFINITY;
            return new Entry(published, 1 / score, low, high, resampler, true);
        }

        /** True when this row's and the other's intervals are apart, so that the run can order the two. */
        public boolean resolvedAgainst(Entry other) {
            if (Double.isNaN(low) || Double.isNaN(other.low)) return false;
            return high < other.low || other.high < low;
        }

        double resampled(RandomGenerator random) {
            double mean = resampler.next(random);
            return reciprocal ? 1 / mean : mean;
        }
    }

    /** The agreement of these rows, resampled {@value #RESAMPLES} times from {@value #SEED}. */
    public static RankAgreement of(List<Entry> entries) {
        return of(entries, RESAMPLES, SEED);
    }

    static RankAgreement of(List<Entry> entries, int resamples, long seed) {
        int n = entries.size();
        int pairs = n * (n - 1) / 2;
        double[] published = entries.stream().mapToDouble(Entry::published).toArray();
        double[] measured = entries.stream().mapToDouble(Entry::value).toArray();
        boolean[][] resolved = new boolean[n][n];
        int unresolved = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                resolved[i][j] = entries.get(i).resolvedAgainst(entries.get(j));
                if (!resolved[i][j]) unresolved++;
            }
        }
        double tau = tauB(published, measured, null);
        double resolvedTau = tauB(published, measured, resolved);
        if (!Double.isFinite(tau)) {
            return new RankAgreement(tau, Double.NaN, Double.NaN, resolvedTau, pairs, unresolved);
        }
        RandomGenerator random = new Well19937c(seed);
        double[] taus = new double[resamples];
        double[] again = new double[n];
        int finite = 0;
        for (int r = 0; r < resamples; r++) {
            for (int i = 0; i < n; i++) again[i] = entries.get(i).resampled(random);
            double t = tauB(published, again, null);
            if (Double.isFinite(t)) taus[finite++] = t;
        }
        if (finite == 0) return new RankAgreement(tau, Double.NaN, Double.NaN, resolvedTau, pairs, unresolved);
        double[] sorted = Arrays.copyOf(taus, finite);
        Arrays.sort(sorted);
        return new RankAgreement(tau, quantile(sorted, (1 - CONFIDENCE) / 2), quantile(sorted, (1 + CONFIDENCE) / 2),
                resolvedTau, pairs, unresolved);
    }

    /**
     * Kendall's tau-b over the pairs {@code counted} marks (every pair when null): (concordant - discordant) /
     * sqrt(pairs untied on one side x pairs untied on the other). Written out over pairs, rather than taken from
     * commons-math's KendallsCorrelation (which the tests check it against), because the resolved pairs are no
     * ranking: overlap is not transitive.
     */
    static double tauB(double[] x, double[] y, boolean[][] counted) {
        long agreement = 0;
        long untiedX = 0;
        long untiedY = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                if (counted != null && !counted[i][j]) continue;
                int a = Double.compare(x[i], x[j]);
                int b = Double.compare(y[i], y[j]);
                agreement += Integer.signum(a) * Integer.signum(b);
                if (a != 0) untiedX++;
                if (b != 0) untiedY++;
            }
        }
        return untiedX == 0 || untiedY == 0 ? Double.NaN : agreement / Math.sqrt((double) untiedX * untiedY);
    }

    /** The q-quantile of sorted values, nearest rank. */
    private static double quantile(double[] sorted, double q) {
        int index = (int) Math.round(q * (sorted.length - 1));
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    /** Pairs this run resolves. */
    public int resolvedPairs() {
        return pairs - unresolvedPairs;
    }
}
