package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The timed region's allocation and collection readings count what happens inside the region and nothing after it. */
class IterationMetricsTest {

    private static volatile Object sink;

    @Test
    void allocationInsideTheTimedRegionIsCountedAndAfterItIsNot() {
        IterationMetrics.reset();
        IterationMetrics.timedRegionStarts();
        allocate(64, 1 << 16); // 4 MiB in 64 arrays
        IterationMetrics.timedRegionEnds();
        allocate(256, 1 << 16); // 16 MiB after the region: not its cost
        IterationMetrics.Snapshot snapshot = IterationMetrics.snapshot();
        long allocated = snapshot.timed().allocatedBytes();
        assertThat(allocated).as("HotSpot counts per-thread allocation").isNotNegative();
        assertThat(allocated).isGreaterThanOrEqualTo(64L << 16).isLessThan(256L << 16);
        assertThat(snapshot.timed().gcCount()).isNotNegative();
        assertThat(snapshot.timed().gcMillis()).isNotNegative();
    }

    @Test
    void collectionsInsideTheRegionAreCounted() {
        IterationMetrics.reset();
        IterationMetrics.timedRegionStarts();
        System.gc(); // a request, which HotSpot's collectors honour unless -XX:+DisableExplicitGC
        IterationMetrics.timedRegionEnds();
        assertThat(IterationMetrics.snapshot().timed().gcCount()).isPositive();
    }

    private static void allocate(int arrays, int bytes) {
        for (int i = 0; i < arrays; i++) sink = new byte[bytes];
    }
}
