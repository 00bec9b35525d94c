package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Several runs of one benchmark as one result: what a confirmation decides on. Samples are concatenated in run and
 * fork order and the fork counts added, so that {@link ForkSamples} still sees every fork; the score is the mean of
 * all samples with a 99.9 % error like JMH's. Disk use is the smallest of the runs': a disk regression is confirmed
 * only
 * when every run grew (one run caught before a compaction does not decide); the other secondary metrics are the first
 * run's.
 */
public final class Pooling {

    private Pooling() {
    }

    public static BenchmarkResult pool(List<BenchmarkResult> runs) {
        if (runs.isEmpty()) throw new BadInputException("nothing to pool");
        BenchmarkResult first = runs.get(0);
        if (runs.size() == 1) return first;
        List<Double> samples = new ArrayList<>();
        int forks = 0;
        List<Double> disks = new ArrayList<>();
        for (BenchmarkResult run : runs) {
            if (run.status() != Status.OK || !run.engine().equals(first.engine())
                    || !run.workload().equals(first.workload())
                    || !run.metric().equals(first.metric()) || !run.unit().equals(first.unit())) {
                throw new BadInputException("cannot pool " + run.key() + " (" + run.status() + ", "
                        + run.metric()
                        + ") with " + first.key() + " (" + first.metric() + "): only OK runs of one benchmark pool");
            }
            samples.addAll(run.samples());
            forks += ForkSamples.of(run).forkCount();
            Long disk = Baseline.diskBytes(run);
            if (disk != null) disks.add(disk.doubleValue());
        }
        SummaryStatistics stats = new SummaryStatistics();
        samples.forEach(stats::addValue);
        double error = stats.getN() < 2 ? Double.NaN
                : new TDistribution(stats.getN() - 1)
                .inverseCumulativeProbability(0.9995) * stats.getStandardDeviation()
                        / Math.sqrt(stats.getN());
        Map<String, Metric> secondary = new HashMap<>(first.secondary());
        if (!disks.isEmpty()) {
            Metric disk = first.secondary(MetricNames.DISK_BYTES);
            double smallest = disks.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            secondary.put(MetricNames.DISK_BYTES, new Metric(smallest, Double.NaN, disk == null ? "B" : disk.unit()));
        }
        Measurement pooled = new Measurement(first.metric(), stats.getMean(), error, first.unit(), samples, secondary);
        return BenchmarkResult.measured(first.engine(), first.workload(), pooled, withForks(first.context(), forks));
    }

    private static ResultContext withForks(ResultContext c, int forks) {
        if (c == null) return null;
        Map<String, String> parameters = new HashMap<>(c.parameters() == null ? Map.of() : c.parameters());
        parameters.put(ForkSamples.FORKS_PARAMETER, String.valueOf(forks));
        return new ResultContext(c.software(), c.profile(), c.runner(), c.time(), c.machine(), c.resources(),
                parameters);
    }
}
