package io.kvbench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The engine-call delay: off unless its property is set (the JVM that runs the tests has none), and its busy work
 * lasts about what it is asked. Whether a set delay reaches an engine's gets is shown end to end by
 * InterleaveCommandTest (aSlowdownInjectedIntoBsEngineCallsIsARegression); what the off path costs, by
 * {@code kvbench overhead}.
 */
class EngineDelayTest {

    @Test
    void offByDefault() {
        assertThat(System.getProperty(EngineDelay.PROPERTY)).isNull();
        assertThat(EngineDelay.nanos()).isZero();
    }

    @Test
    void theDelayBecomesIterationsAtTheMeasuredRate() {
        assertThat(EngineDelay.iterationsFor(1_000, 0.5)).isEqualTo(500);
        assertThat(EngineDelay.iterationsFor(3, 0.1)).as("never less than one iteration").isEqualTo(1);
        assertThat(EngineDelay.iterationsFor(EngineDelay.MAX_NANOS, 1e9)).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void theWorkLastsAboutItsNanosecondsAtTheMeasuredRate() {
        double perNano = EngineDelay.iterationsPerNano();
        assertThat(perNano).isPositive();
        // The rate is the fastest of several runs, so a run at that rate cannot be much shorter than asked; it may
        // be longer (the test JVM shares its cores), which only an upper bound would catch: none is asserted.
        for (long nanos : new long[] {50_000, 500_000}) {
            long start = System.nanoTime();
            EngineDelay.work(EngineDelay.iterationsFor(nanos, perNano));
            assertThat(System.nanoTime() - start).as("%d ns", nanos).isGreaterThanOrEqualTo(nanos * 8 / 10);
        }
    }
}
