package io.kvbench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The engine-call delay: off unless its property is set (the JVM that runs the tests has none), and a spin lasts at
 * least what it is asked. Whether a set delay reaches an engine's gets is shown end to end by InterleaveCommandTest
 * (aSlowdownInjectedIntoBsEngineCallsIsARegression); what the off path costs, by {@code kvbench overhead}.
 */
class EngineDelayTest {

    @Test
    void offByDefault() {
        assertThat(System.getProperty(EngineDelay.PROPERTY)).isNull();
        assertThat(EngineDelay.nanos()).isZero();
    }

    @Test
    void aSpinLastsAtLeastItsNanoseconds() {
        for (long nanos : new long[] {1_000, 50_000, 500_000}) {
            long start = System.nanoTime();
            EngineDelay.spin(nanos);
            assertThat(System.nanoTime() - start).as("%d ns", nanos).isGreaterThanOrEqualTo(nanos);
        }
    }
}
