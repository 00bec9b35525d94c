package io.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DirectionTest {

    @Test
    void aRateIsBetterHigherAndATimeLower() {
        assertThat(Direction.of("ops/s")).isEqualTo(Direction.HIGHER_IS_BETTER);
        assertThat(Direction.of("ops/ms")).isEqualTo(Direction.HIGHER_IS_BETTER);
        assertThat(Direction.of("s/op")).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(Direction.of(null)).isEqualTo(Direction.LOWER_IS_BETTER);
    }

    @Test
    void worseIsPositiveWhicheverWayBetterIs() {
        assertThat(Direction.of("ops/s").worse(-0.25)).isEqualTo(0.25);
        assertThat(Direction.of("s/op").worse(0.25)).isEqualTo(0.25);
        assertThat(Direction.of("s/op").worse(-0.25)).isEqualTo(-0.25);
    }

    @Test
    void aResultTakesItsDirectionFromItsUnit() {
        BenchmarkResult throughput = BenchmarkResult.measured("e", "w", new Measurement(BenchmarkResult.THROUGHPUT, 1,
                0, "ops/s", null, null), null);
        BenchmarkResult pass = BenchmarkResult.measured("e", "w", new Measurement(BenchmarkResult.TIME_PER_PASS, 1, 0,
                "s/op", null, null), null);
        assertThat(throughput.higherIsBetter()).isTrue();
        assertThat(pass.higherIsBetter()).isFalse();
    }
}
