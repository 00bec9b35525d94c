package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The chase's working set is one cycle through every line, so that each load lands on a line not yet touched. */
class CacheChaseTest {

    @Test
    void theCycleVisitsEveryLineOnceBeforeReturning() {
        int lines = 10_007;
        int[] next = CacheChase.cycle(lines, 42);
        assertThat(next).hasSize(lines * CacheChase.STRIDE);
        BitSet seen = new BitSet(lines);
        int at = 0;
        for (int step = 0; step < lines; step++) {
            assertThat(at % CacheChase.STRIDE).as("a line's first int").isZero();
            assertThat(seen.get(at / CacheChase.STRIDE)).as("line %d seen twice, at step %d", at, step).isFalse();
            seen.set(at / CacheChase.STRIDE);
            at = next[at];
        }
        assertThat(at).as("back at the start after every line").isZero();
        assertThat(CacheChase.chase(next, 0, lines)).isZero();
    }

    @Test
    void theOrderIsShuffledNotSequential() {
        int[] next = CacheChase.cycle(1_000, 1);
        int neighbours = 0;
        for (int line = 0; line < 1_000; line++) {
            if (Math.abs(next[line * CacheChase.STRIDE] / CacheChase.STRIDE - line) == 1) neighbours++;
        }
        assertThat(neighbours).as("lines followed by an adjacent line").isLessThan(20);
    }

    @Test
    void aChaseNeedsTwoLines() {
        assertThatThrownBy(() -> CacheChase.cycle(1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
