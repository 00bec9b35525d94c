package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.Fixtures.forks;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.withDisk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.result.BenchmarkResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class PoolingTest {

    @Test
    void poolsSamplesForksAndTheSmallestDiskFootprint() {
        BenchmarkResult first = withDisk(forks(new double[] {1, 2}, new double[] {3, 4}), 1200);
        BenchmarkResult rerun = withDisk(forks(new double[] {5, 6}, new double[] {7, 8}), 1000);
        BenchmarkResult pooled = Pooling.pool(List.of(first, rerun));
        assertThat(pooled.samples()).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0);
        assertThat(pooled.score()).isEqualTo(4.5);
        assertThat(pooled.error()).isPositive();
        assertThat(ForkSamples.of(pooled).forkCount()).isEqualTo(4);
        assertThat(Baseline.diskBytes(pooled)).as("growth must show in every run").isEqualTo(1000);
        assertThat(Pooling.pool(List.of(first))).isSameAs(first);
    }

    @Test
    void onlyOkRunsOfOneBenchmarkPool() {
        assertThatThrownBy(() -> Pooling.pool(List.of(ok("e", "w", 1, 2), ok("e", "other", 1, 2))))
                .hasMessageContaining("only OK runs of one benchmark pool");
        assertThatThrownBy(() -> Pooling.pool(List.of(ok("e", "w", 1, 2), failed("e", "w", "boom"))))
                .hasMessageContaining("ERROR");
        assertThatThrownBy(() -> Pooling.pool(List.of())).hasMessageContaining("nothing to pool");
    }
}
