package io.kvbench.gate;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Intervals;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The judgement of one workload of {@code kvbench versions}: a point per version (its mean score over the rounds with
 * the {@link Intervals#CONFIDENCE} t interval, relative to the first measured version) and a step between each two
 * consecutive versions that measured in every round, judged as the A/B judges B against A ({@link
 * Interleaving#judge}: paired by round from 3 rounds, with the resolution of its rounds). A version that was not
 * measured (its adapter does not link, it failed, or the workload does not apply to it) is a point of its kind and
 * no end of a step: the step around it compares its neighbours, and names it.
 */
public final class VersionSeries {

    private VersionSeries() {
    }

    /**
     * @param rounds each version's results of this workload, in round order (a version left out after its first
     *               round has one); a version without any is an ERROR point
     */
    public static VersionsReport.Series judge(BenchmarkKey key, List<String> versions,
                                              Map<String, List<BenchmarkResult>> rounds, ThresholdPolicy policy) {
        List<VersionsReport.Point> points = new ArrayList<>();
        List<VersionsReport.Step> steps = new ArrayList<>();
        String unit = null;
        double first = Double.NaN;
        String previous = null;
        List<String> skipped = new ArrayList<>();
        for (String version : versions) {
            List<BenchmarkResult> results = rounds.getOrDefault(version, List.of());
            VersionsReport.Point point = point(version, results, first);
            points.add(point);
            if (point.state() != VersionsReport.State.MEASURED) {
                skipped.add(version);
                continue;
            }
            if (unit == null) {
                unit = results.get(0).unit();
                first = point.mean();
                point = point(version, results, first);
                points.set(points.size() - 1, point);
            }
            if (previous != null) {
                Interleaving.Result judged = Interleaving.judge(key, rounds.get(previous), results, policy);
                steps.add(new VersionsReport.Step(previous, version, skipped, judged));
            }
            previous = version;
            skipped = new ArrayList<>();
        }
        return new VersionsReport.Series(key.workload(), unit, points, steps);
    }

    /** A version's point: MEASURED when every round is OK, else the kind of its first failed round. */
    static VersionsReport.Point point(String version, List<BenchmarkResult> results, double first) {
        List<Double> scores = results.stream().map(r -> r.status() == Status.OK ? r.score() : Double.NaN).toList();
        BenchmarkResult failed = results.stream().filter(r -> r.status() != Status.OK).findFirst().orElse(null);
        if (results.isEmpty() || failed != null) {
            VersionsReport.State state = failed == null ? VersionsReport.State.ERROR
                    : failed.kind() == FailureKind.LINKAGE ? VersionsReport.State.LINKAGE
                    : failed.status() == Status.NOT_APPLICABLE ? VersionsReport.State.NOT_APPLICABLE
                    : VersionsReport.State.ERROR;
            String note = failed == null ? "not measured" : failed.reason();
            return new VersionsReport.Point(version, state, VersionsReport.Mean.NONE, scores, note);
        }
        double[] interval = meanInterval(scores.stream().mapToDouble(Double::doubleValue).toArray());
        return new VersionsReport.Point(version, VersionsReport.State.MEASURED, new VersionsReport.Mean(interval[0],
                interval[1], interval[2], interval[0] / first), scores, "");
    }

    /** The mean of {@code values} and its {@link Intervals#CONFIDENCE} Student t interval; NaN ends below 2 values. */
    static double[] meanInterval(double[] values) {
        int n = values.length;
        double mean = 0;
        for (double v : values) mean += v / n;
        if (n < 2) return new double[] {mean, Double.NaN, Double.NaN};
        double squares = 0;
        for (double v : values) squares += (v - mean) * (v - mean);
        double halfWidth = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + Intervals.CONFIDENCE / 2)
                * Math.sqrt(squares / (n - 1) / n);
        return new double[] {mean, mean - halfWidth, mean + halfWidth};
    }
}
