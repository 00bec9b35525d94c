package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The probe's arithmetic: per-second means from the child's lines, spreads, the paired spread of the two cores. */
class CacheProbeTest {

    @Test
    void samplesBecomePerSecondMeansWithoutThePartialLastSecond() {
        String output = "0.2000 10.0\n0.9000 12.0\n1.1000 20.0\n1.5000 22.0\n2.0100 99.0\nend 1234\n";
        assertThat(CacheProbe.perSecond(output, 2)).containsExactly(11.0, 21.0);
    }

    @Test
    void spreadsAreOfLogTimes() {
        CacheProbe.CoreSeries steady = new CacheProbe.CoreSeries("0", new double[] {10, 10, 10, 10});
        CacheProbe.CoreSeries doubling = new CacheProbe.CoreSeries("1", new double[] {10, 20, 10, 20});
        assertThat(steady.spread()).isZero();
        assertThat(doubling.spread()).isCloseTo(Math.log(2) / Math.sqrt(3), within(1e-12));
        assertThat(doubling.median()).isEqualTo(15);
        assertThat(doubling.min()).isEqualTo(10);
        assertThat(doubling.max()).isEqualTo(20);

        // Both cores slowed together: the pair's ratio stays put, however much each moved.
        CacheProbe.CoreSeries together = new CacheProbe.CoreSeries("1", new double[] {11, 22, 11, 22});
        CacheProbe.Size size = new CacheProbe.Size(1 << 20, "test", steady, steady, doubling, together);
        assertThat(size.pairedSpread()).isCloseTo(0, within(1e-12));
        CacheProbe.Size apart = new CacheProbe.Size(1 << 20, "test", steady, steady, steady, doubling);
        assertThat(apart.pairedSpread()).isCloseTo(doubling.spread(), within(1e-12));
    }

    @Test
    void cpusetsAreReadAsTheDuetReadsThemBeforeAnyChase() {
        assertThat(CacheProbe.cpus("4,6-7")).containsExactly(4, 6, 7);
        assertThatThrownBy(() -> new CacheProbe(List.of("0-7:2", "1"), 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("--duet-cpusets 0-7:2: cpuset");
    }

    @Test
    void needsTwoCpusetsAndTwoSeconds() {
        assertThatThrownBy(() -> new CacheProbe(List.of("0"), 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two cpusets");
        assertThatThrownBy(() -> new CacheProbe(List.of("0", "1"), 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--seconds must be at least 2");
    }
}
