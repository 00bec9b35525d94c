package io.kvbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A broken adapter (its native library fails to load in its static initializer) disables that engine only. Tested on
 * the loader with an injected candidate list, so the registered engine set of every other test stays as it is.
 */
class EngineLoadingTest {

    /** An adapter whose class cannot be initialised, as when a JNI library is missing. */
    static final class NativeLessEngine {
        static {
            if (Boolean.TRUE) throw new UnsatisfiedLinkError("no nativeless in java.library.path");
        }

        static KvEngine create() {
            return null;
        }
    }

    private static final KvEngine WORKING = Engines.all().get(0);

    @Test
    void aBrokenAdapterIsUnavailableWithItsReasonAndTheOthersWork() {
        Engines.Registry registry = Engines.load(List.of(
                new Engines.Candidate("io.kvbench.engine.adapter.NativeLessEngine", NativeLessEngine::create),
                new Engines.Candidate(WORKING.getClass().getName(), () -> WORKING)));

        assertThat(registry.engines()).containsExactly(WORKING);
        assertThat(registry.unavailable()).singleElement().satisfies(u -> {
            assertThat(u.adapter()).isEqualTo("io.kvbench.engine.adapter.NativeLessEngine");
            assertThat(u.reason()).isEqualTo("UnsatisfiedLinkError: no nativeless in java.library.path");
        });
        assertThat(Engines.byId(registry, WORKING.id())).isSameAs(WORKING);
        assertThatThrownBy(() -> Engines.byId(registry, "native-less"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("engine 'native-less' is unavailable: io.kvbench.engine.adapter.NativeLessEngine: "
                        + "UnsatisfiedLinkError: no nativeless in java.library.path");
    }

    @Test
    void aSecondLoadFailureOfTheSameClassIsStillReported() {
        // The JVM reports a class whose initialiser failed once as NoClassDefFoundError afterwards.
        Engines.Registry registry = Engines.load(List.of(
                new Engines.Candidate("A", NativeLessEngine::create),
                        new Engines.Candidate("B", NativeLessEngine::create)));
        assertThat(registry.engines()).isEmpty();
        assertThat(registry.unavailable()).hasSize(2);
        assertThatThrownBy(() -> Engines.byId(registry, "rocksdb")).hasMessageContaining("unavailable adapters: A: ");
    }

    @Test
    void theShippedAdaptersAllLoad() {
        assertThat(Engines.unavailable()).isEmpty();
    }
}
