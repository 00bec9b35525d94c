package io.kvbench.classpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build's artifact list as mvn dependency:list writes it (with Maven's colours); coordinates as users write. */
class BuildArtifactsTest {

    @Test
    void readsDependencyListLinesWithColoursModulesAndClassifiers() {
        String text = "\nThe following files have been resolved:\n"
                + "   org.rocksdb:rocksdbjni:jar:11.8.1:compile\u001B[36m -- module rocksdbjni"
                + "\u001B[0;1;33m (auto)\u001B[m\n"
                + "   com.github.jnr:jffi:jar:native:1.3.14:runtime\n"
                + "   com.fasterxml.jackson.core:jackson-annotations:jar:2.22:compile -- module com.fasterxml\n";
        assertThat(BuildArtifacts.parse(text)).containsExactly(
                new Coordinates("org.rocksdb", "rocksdbjni", "", "11.8.1"),
                new Coordinates("com.github.jnr", "jffi", "native", "1.3.14"),
                new Coordinates("com.fasterxml.jackson.core", "jackson-annotations", "", "2.22"));
    }

    @Test
    void thisBuildListsItsEngines() {
        List<Coordinates> build = BuildArtifacts.ofThisBuild();
        assertThat(build).as("the resource pom.xml writes with dependency:list").isNotEmpty()
                .anySatisfy(c -> assertThat(c.key()).isEqualTo("org.rocksdb:rocksdbjni"))
                .anySatisfy(c -> assertThat(c.key()).isEqualTo("com.github.jnr:jffi:native"));
    }

    @Test
    void aFileThatListsNothingIsBadInput(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("deps.txt"), "nothing here\n");
        assertThatThrownBy(() -> BuildArtifacts.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lists no artifact");
    }

    @Test
    void coordinatesAsUsersWriteThem() {
        assertThat(Coordinates.parse("io.example:adapter:1.0")).isEqualTo(new Coordinates("io.example", "adapter", "",
                "1.0"));
        assertThat(Coordinates.parse("io.example:adapter:linux:1.0").key()).isEqualTo("io.example:adapter:linux");
        assertThat(Coordinates.looksLike("io.example:adapter:1.0")).isTrue();
        assertThat(Coordinates.looksLike("a.jar:b.jar")).isFalse();
        assertThat(Coordinates.looksLike("lib/adapter.jar")).isFalse();
        assertThatThrownBy(() -> Coordinates.parse("io.example::1.0")).hasMessageContaining("empty part");
        assertThatThrownBy(() -> Coordinates.of("rocksdbjni", "1")).hasMessageContaining("groupId:artifactId");
    }
}
