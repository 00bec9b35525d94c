package io.kvbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every adapter is registered, identifies itself, and declares its promises with a source. */
class RegistryTest {

    /**
     * The engines registered in META-INF/services, exactly: a registration line lost in a merge would otherwise drop an
     * engine from every test, benchmark and gate without a failure. Adding an engine adds its id here.
     */
    static final List<String> REGISTERED = List.of("berkeleydb-je", "chronicle-map", "h2-mvstore", "leveldb-java",
            "leveldb-jni", "lmdb", "mapdb", "naive-json", "naive-mmap", "naive-properties", "persistit", "rocksdb",
            "sparkey", "sqlite", "xodus-btree", "xodus-patricia");

    /** Registered only when their Maven profile (-Phalodb, -Phestiastore, -Pdatastore4j) is active. */
    static final Set<String> OPT_IN = Set.of("halodb", "hestiastore", "datastore4j");

    @Test
    void theRegisteredEnginesAreExactlyTheExpectedOnes() {
        List<String> ids = Engines.all().stream().map(KvEngine::id).toList();
        assertThat(ids.stream().filter(id -> !OPT_IN.contains(id)).toList())
                .as("registered engines (META-INF/services/io.kvbench.engine.KvEngine)")
                .containsExactlyElementsOf(REGISTERED);
    }

    @ParameterizedTest(name = "[{0}] declares id, version and sourced promises")
    @MethodSource("io.kvbench.contract.EngineSource#engines")
    void declaresItself(KvEngine engine) {
        assertThat(engine.id()).matches("[a-z0-9][a-z0-9-]*");
        assertThat(engine.version()).as("version of the engine library on the class path").isNotBlank()
                .isNotEqualTo("unknown");
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
