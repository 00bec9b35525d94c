package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.SampleResults;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;
import io.kvbench.result.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;

/** A reproduction row's interval widens to what its forks allow, and is t over iterations where forks agree. */
class RowIntervalTest {

    @Test
    void forksThatSettleAtDifferentSpeedsWidenTheRowPastItsIterationInterval() {
        // as the SHA-1 search passes of one run measured: fork means 1x, 2x and 3x apart, each fork steady
        BenchmarkResult r = passes(3, fork -> fork + 1.0);
        double iterations = Intervals.of(r) / r.score();
        double row = RowInterval.halfWidth(r) / r.score();
        assertThat(iterations).as("t over 30 iterations").isLessThan(0.2);
        assertThat(row).as("the forks' spread").isGreaterThan(0.4);
        Reproduction.Line line = line(r);
        assertThat(line.resolved()).isFalse();
        assertThat(line.relativeHalfWidth()).isEqualTo(row);
    }

    @Test
    void forksThatAgreeKeepAboutTheIterationInterval() {
        BenchmarkResult r = passes(3, fork -> 2.0);
        double iterations = Intervals.of(r);
        assertThat(RowInterval.halfWidth(r)).isGreaterThanOrEqualTo(iterations).isLessThan(iterations * 1.5);
        assertThat(line(r).resolved()).isTrue();
    }

    @Test
    void oneForkHasOnlyItsIterationInterval() {
        BenchmarkResult r = passes(1, fork -> 2.0);
        assertThat(RowInterval.halfWidth(r)).isEqualTo(Intervals.of(r));
    }

    @Test
    void theSameResultsGiveTheSameInterval() {
        BenchmarkResult r = passes(2, fork -> fork == 0 ? 2.0 : 2.3);
        assertThat(RowInterval.halfWidth(r)).isEqualTo(RowInterval.halfWidth(r));
    }

    private interface ForkMean {
        double of(int fork);
    }

    /** Ten passes per fork scattered ±2 % about the fork's mean, with JMH's stored 99.9 % error over all of them. */
    private static BenchmarkResult passes(int forks, ForkMean mean) {
        List<Double> samples = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            for (int i = 0; i < 10; i++) samples.add(mean.of(f) * (1 + 0.02 * ((i % 5) - 2) / 2));
        }
        double[] values = samples.stream().mapToDouble(Double::doubleValue).toArray();
        int n = values.length;
        double storedError = new TDistribution(n - 1).inverseCumulativeProbability(0.9995)
                * Math.sqrt(StatUtils.variance(values) / n);
        Measurement m = new Measurement(BenchmarkResult.TIME_PER_PASS, StatUtils.mean(values), storedError, "ms/op",
                samples, Map.of());
        return BenchmarkResult.measured("naive-json", "sha1-search-10pct", m, SampleResults.context("1",
                Map.of("forks", String.valueOf(forks), "records", "262144")));
    }

    /** The row the SHA-1 study's search table gives this result. */
    private static Reproduction.Line line(BenchmarkResult r) {
        return Reproduction.of(SampleResults.run(List.of(r))).stream()
                .filter(t -> t.table().workload().equals("sha1-search-10pct")).findFirst().orElseThrow()
                .lines().get(0);
    }
}
