package io.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.judge.Pooling;
import io.kvbench.fixtures.SampleResults;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.api.Test;

class IntervalsTest {

    @Test
    void rescalesAStoredHalfWidthToTheStudentT95PercentOneOverTheSameSamples() {
        List<Double> samples = List.of(101.0, 97.5, 103.2, 99.1, 95.8, 104.4, 100.3);
        SummaryStatistics stats = new SummaryStatistics();
        samples.forEach(stats::addValue);
        double sem = stats.getStandardDeviation() / Math.sqrt(samples.size());
        // t(0.9995, 6) = 5.959 and t(0.975, 6) = 2.447 (tables)
        double stored = 5.959 * sem;
        assertThat(Intervals.halfWidth(stored, samples.size())).isCloseTo(2.447 * sem, within(0.001 * sem));
    }

    @Test
    void appliesToPooledResultsWhoseErrorKvbenchComputesLikeJmh() {
        List<Double> samples = List.of(10.0, 12.0, 11.0, 13.0, 9.0);
        BenchmarkResult first = result(samples.subList(0, 3));
        BenchmarkResult second = result(samples.subList(3, 5));
        BenchmarkResult pooled = Pooling.pool(List.of(first, second));
        // sd = 1.581, sem = 0.7071, t(0.975, 4) = 2.776
        assertThat(Intervals.of(pooled)).isCloseTo(2.776 * 0.7071, within(0.002));
    }

    private static BenchmarkResult result(List<Double> samples) {
        return BenchmarkResult.measured("lmdb", "ycsb-c", new Measurement(BenchmarkResult.THROUGHPUT,
                11, 0, "ops/s", samples, Map.of()), SampleResults.context("1", Map.of()));
    }

    @Test
    void noIntervalWithoutTwoSamplesOrAStoredError() {
        assertThat(Intervals.halfWidth(5, 1)).isNaN();
        assertThat(Intervals.halfWidth(Double.NaN, 10)).isNaN();
        assertThat(Intervals.LABEL).startsWith("95%");
    }
}
