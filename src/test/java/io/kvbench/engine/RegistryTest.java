package io.kvbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Every adapter is registered, identifies itself, and declares its promises with a source. */
class RegistryTest {

    @ParameterizedTest(name = "[{0}] declares id, version and sourced promises")
    @MethodSource("io.kvbench.engine.EngineSource#engines")
    void declaresItself(KvEngine engine) {
        assertThat(engine.id()).matches("[a-z0-9][a-z0-9-]*");
        assertThat(engine.version()).as("version of the engine library on the class path").isNotBlank().isNotEqualTo("unknown");
        Capabilities caps = engine.capabilities();
        assertThat(caps.durability().setting()).isNotBlank();
        assertThat(caps.durability().source()).as("where the engine documents its durability").isNotBlank();
        assertThat(caps.maxKeyBytes()).isPositive();
    }

    @Test
    void unknownEngineNamesTheValidOnes() {
        assertThatThrownBy(() -> Engines.byId("no-such-engine"))
                .hasMessageContaining("unknown engine 'no-such-engine'")
                .hasMessageContaining("rocksdb");
    }

    @Test
    void idsAreSortedAndUnique() {
        assertThat(Engines.all()).extracting(KvEngine::id).isSorted().doesNotHaveDuplicates();
    }
}
