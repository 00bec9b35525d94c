package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class EngineFactsTest {

    /** An adapter whose native library is missing here: listings and reports still work and say so. */
    private static final KvEngine NATIVE_MISSING = new KvEngine() {
        @Override
        public String id() {
            return "native-missing";
        }

        @Override
        public String version() {
            return "1.0";
        }

        @Override
        public String nativeVersion() {
            throw new UnsatisfiedLinkError("no libmissing in java.library.path");
        }

        @Override
        public Capabilities capabilities() {
            return Engines.byId("rocksdb").capabilities();
        }

        @Override
        public KvStore openStore(Path dir, StoreOptions options) {
            throw new UnsupportedOperationException("never opened");
        }
    };

    @Test
    void aNativeLibraryThatCannotLoadMakesTheVersionUnknownNotTheListingFail() {
        assertThat(EngineFacts.nativeOf(NATIVE_MISSING)).isEqualTo("unknown (UnsatisfiedLinkError)");
        assertThat(EngineFacts.nativeVersion(Engines.byId("h2-mvstore"))).isEqualTo("-");
        assertThat(EngineJson.of(NATIVE_MISSING, new ObjectMapper())
                .get("nativeVersion").asText()).isEqualTo("unknown (UnsatisfiedLinkError)");
    }

    @Test
    void theNaiveStoresJdkVersionIsShortenedToItsRelease() {
        assertThat(EngineFacts.shortVersion("jdk-17.0.15+6-Debian-1deb12u1")).isEqualTo("jdk-17.0.15");
        assertThat(EngineFacts.shortVersion("jdk-21+35")).isEqualTo("jdk-21");
        assertThat(EngineFacts.shortVersion("11.8.1")).isEqualTo("11.8.1");
        assertThat(EngineFacts.shortVersion("jdk-not-a-version")).isEqualTo("jdk-not-a-version");
    }

    @Test
    void referencesAreShortenedToTheirProjectAndIssueOrFile() {
        assertThat(EngineFacts.shortReference("https://github.com/google/leveldb/issues/75"))
                .isEqualTo("google/leveldb#75");
        assertThat(EngineFacts.shortReference("https://github.com/jankotek/mapdb/blob/mapdb-3.1.0/src/main/java/org/"
                + "mapdb/volume/MappedFileVol.java#L198-L225")).isEqualTo("jankotek/mapdb MappedFileVol.java");
        assertThat(EngineFacts.shortReference("docs/somewhere.md")).isEqualTo("docs/somewhere.md");
    }
}
