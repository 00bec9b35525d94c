package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.Engines;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine-call delay: off unless its property is set (the JVM that runs the tests has none), and its busy work
 * lasts about what it is asked. That every get and put of a delayed engine carries it is DelayedEngineTest's; that a
 * set delay reaches B's engine in an A/B is shown end to end by InterleaveCommandTest
 * (aSlowerConfigurationBIsARegression).
 */
class EngineDelayTest {

    @Test
    void offByDefault() {
        assertThat(System.getProperty(DelayedEngine.PROPERTY)).isNull();
        assertThat(Engines.byId("rocksdb")).as("the registered engine itself, not a wrapper")
                .isNotInstanceOf(DelayedEngine.class);
        assertThat(Engines.unavailable()).as("the lab's delayed engine, unconfigured here")
                .anySatisfy(u -> assertThat(u.describe()).contains(DelayedEngine.class.getName())
                        .contains("-D" + DelayedEngine.PROPERTY + "=ENGINE:NANOS"));
    }

    @Test
    void theDelayBecomesIterationsAtTheMeasuredRate() {
        assertThat(EngineDelay.iterationsFor(1_000, 0.5)).isEqualTo(500);
        assertThat(EngineDelay.iterationsFor(3, 0.1)).as("never less than one iteration").isEqualTo(1);
        assertThat(EngineDelay.iterationsFor(EngineDelay.MAX_NANOS, 1e9)).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void aDelayOutOfRangeIsRefused() {
        assertThatThrownBy(() -> EngineDelay.of(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EngineDelay.of(EngineDelay.MAX_NANOS + 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to " + EngineDelay.MAX_NANOS + " ns");
    }

    /**
     * As the delay is used: a fresh JVM started with the property (a benchmark fork) measures the loop's rate when the
     * delay is made and adds its nanoseconds to each call. The rate is the fastest of several runs, so a call cannot be
     * much shorter than asked; it may be longer (the JVM shares its cores), which only an upper bound would catch: none
     * is asserted.
     */
    @Test
    @Tag("fork")
    void aJvmStartedWithTheDelayAddsAboutItsNanosecondsToEachCall() throws Exception {
        long nanos = 500_000;
        List<String> command = JavaCommand.here().flag(DelayedEngine.flag("lmdb", nanos))
                .classPath(ClassPaths.parse(ClassPaths.current())).main(DelayedCalls.class.getName(), List.of())
                .build();
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        assertThat(Long.parseLong(output)).as("the shortest delayed call, ns").isGreaterThanOrEqualTo(nanos * 8 / 10);
    }

    /** Prints the shortest of 20 calls of the delay this JVM was started with, in nanoseconds. */
    static final class DelayedCalls {
        public static void main(String[] args) {
            String setting = System.getProperty(DelayedEngine.PROPERTY);
            EngineDelay delay = EngineDelay.of(Long.parseLong(setting.substring(setting.lastIndexOf(':') + 1)));
            long shortest = Long.MAX_VALUE;
            for (int call = 0; call < 20; call++) {
                long start = System.nanoTime();
                delay.apply();
                shortest = Math.min(shortest, System.nanoTime() - start);
            }
            System.out.println(shortest);
        }
    }
}
