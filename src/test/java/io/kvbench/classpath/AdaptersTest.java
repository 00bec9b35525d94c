package io.kvbench.classpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each form of --adapter, and each way an adapter can be missing or wrong: one line naming it. */
class AdaptersTest {

    @Test
    void aJarADirectoryOfJarsAndAClassPath(@TempDir Path tmp) throws Exception {
        Path jar = OutsideAdapterJar.build(tmp.resolve("build"));
        Path dir = Files.createDirectories(tmp.resolve("dir"));
        Path inDir = Files.copy(jar, dir.resolve(jar.getFileName()));
        Path other = Files.copy(OutsideAdapterJar.withoutService(tmp.resolve("other")), dir.resolve("engine.jar"));
        assertThat(Adapters.entries(List.of(jar.toString()), () -> null)).containsExactly(jar);
        assertThat(Adapters.entries(List.of(dir.toString()), () -> null)).containsExactly(other, inDir);
        assertThat(Adapters.entries(List.of(jar + File.pathSeparator + other), () -> null)).containsExactly(jar, other);
    }

    @Test
    void missingOrEmptyAdaptersAreOneLine(@TempDir Path tmp) throws Exception {
        assertThatThrownBy(() -> Adapters.entries(List.of(tmp.resolve("nope.jar").toString()), () -> null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope.jar does not exist");
        Path empty = OutsideAdapterJar.withoutService(tmp);
        assertThatThrownBy(() -> Adapters.entries(List.of(empty.toString()), () -> null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--adapter " + empty + ": no KvEngine in it (" + Adapters.SERVICE
                        + " naming the adapter class; docs/outside-adapters.md)");
    }

    @Test
    void aMavenCoordinateResolvesWithItsDependenciesAndMustRegisterAnEngine() {
        // A real artifact that is no adapter: resolved (local repository or Central), then refused for what it lacks.
        try (MavenRepository repo = MavenRepository.fromSettings()) {
            assertThatThrownBy(() -> Adapters.entries(List.of("org.iq80.leveldb:leveldb-api:0.12"), () -> repo))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("--adapter org.iq80.leveldb:leveldb-api:0.12: no KvEngine in it");
            assertThatThrownBy(() -> Adapters.entries(List.of("org.example.none:no-adapter:1.0"), () -> repo))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("cannot resolve org.example.none:no-adapter:1.0");
        }
    }
}
