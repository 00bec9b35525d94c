package io.kvbench.classpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.infra.ClassPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Swapping Berkeley DB JE for a real older version, resolved with Maven Resolver from the local repository (or Maven
 * Central the first time): on a Maven class path the build's jar is dropped; in a shaded jar its classes are left
 * out of a copy, everything else kept.
 */
class SwappedClassPathTest {

    private static final String OLD_JE = "5.0.73";
    private static MavenRepository repo;

    @BeforeAll
    static void repository() {
        repo = MavenRepository.fromSettings();
    }

    @AfterAll
    static void close() {
        repo.close();
    }

    private static EngineSwap oldJe() {
        return EngineSwap.version("berkeleydb-je", List.of("com.sleepycat:je"), OLD_JE);
    }

    @Test
    void onAMavenClassPathTheBuildsJarMakesWayForTheVersion() throws Exception {
        List<Path> base = ClassPaths.mountable();
        Path buildJe = base.stream().filter(p -> p.getFileName().toString().startsWith("je-18.")).findFirst()
                .orElseThrow();
        SwappedClassPath.Composed composed = SwappedClassPath.compose(base, List.of(oldJe()),
                BuildArtifacts.ofThisBuild(), repo);
        assertThat(composed.entries()).doesNotContain(buildJe)
                .anySatisfy(p -> assertThat(p.getFileName().toString()).isEqualTo("je-" + OLD_JE + ".jar"));
        assertThat(composed.entries().get(0).resolve("META-INF/maven/com.sleepycat/je/pom.properties"))
                .as("the version the adapters' LibraryVersion reads first").content().contains("version=" + OLD_JE);
        assertThat(composed.entries().size()).isEqualTo(base.size() + 1);
        assertThat(composed.description()).isEqualTo("je " + OLD_JE);
    }

    @Test
    void aShadedJarIsCopiedWithoutTheEnginesClasses(@TempDir Path tmp) throws Exception {
        Path buildJe = repo.resolve(new Coordinates("com.sleepycat", "je", "", "18.3.12")).file();
        String jeClass = "com/sleepycat/je/Environment.class";
        Path shaded = tmp.resolve("kvbench.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(shaded))) {
            for (String name : List.of(jeClass, "io/kvbench/Other.class", "META-INF/services/x.Y")) {
                out.putNextEntry(new JarEntry(name));
                out.write(name.getBytes());
                out.closeEntry();
            }
        }
        List<Coordinates> build = List.of(new Coordinates("com.sleepycat", "je", "", "18.3.12"));
        SwappedClassPath.Composed composed = SwappedClassPath.compose(List.of(shaded), List.of(oldJe()), build, repo);
        Path copy = composed.entries().get(composed.entries().size() - 1);
        assertThat(copy).isNotEqualTo(shaded).startsWith(SwappedClassPath.cacheDir());
        try (ZipFile zip = new ZipFile(copy.toFile())) {
            assertThat(zip.getEntry(jeClass)).as("the build's JE class").isNull();
            assertThat(zip.getEntry("io/kvbench/Other.class")).isNotNull();
            assertThat(zip.getEntry("META-INF/services/x.Y")).as("merged service files stay").isNotNull();
        }
        assertThat(composed.entries()).doesNotContain(buildJe);
        assertThat(SwappedClassPath.compose(List.of(shaded), List.of(oldJe()), build, repo).entries())
                .as("the copy is made once and reused").contains(copy);
    }

    @Test
    void aJarReplacesTheDeclaredArtifactsAndSaysWhichJar(@TempDir Path tmp) throws Exception {
        Path snapshot = Files.copy(repo.resolve(new Coordinates("com.sleepycat", "je", "", OLD_JE)).file(),
                tmp.resolve("je-SNAPSHOT.jar"));
        EngineSwap swap = EngineSwap.jars("berkeleydb-je", List.of("com.sleepycat:je"), List.of(snapshot));
        SwappedClassPath.Composed composed = SwappedClassPath.compose(ClassPaths.mountable(), List.of(swap),
                BuildArtifacts.ofThisBuild(), repo);
        assertThat(composed.entries().get(1)).isEqualTo(snapshot.toAbsolutePath().normalize());
        assertThat(composed.entries().get(0).resolve("META-INF/maven/com.sleepycat/je/pom.properties")).content()
                .contains("version=jar je-SNAPSHOT.jar");
        assertThat(composed.description()).isEqualTo("jar je-SNAPSHOT.jar");
    }

    @Test
    void anOutsideAdaptersOwnEngineJarMakesWayForTheVersion(@TempDir Path tmp) throws Exception {
        Path adapterDir = Files.createDirectories(tmp.resolve("adapter"));
        Path broughtJe = Files.copy(repo.resolve(new Coordinates("com.sleepycat", "je", "", "18.3.12")).file(),
                adapterDir.resolve("je-18.3.12.jar"));
        Path adapter = adapterDir.resolve("kvbench-adapter-je-1.0.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(adapter))) {
            out.putNextEntry(new JarEntry("META-INF/maven/org.example/kvbench-adapter-je/pom.properties"));
            out.write("version=1.0\n".getBytes());
            out.closeEntry();
        }
        List<Coordinates> build = List.of(new Coordinates("org.rocksdb", "rocksdbjni", "", "11.8.1"));
        SwappedClassPath.Composed composed = SwappedClassPath.compose(List.of(adapter, broughtJe), List.of(oldJe()),
                build, repo);
        assertThat(composed.entries()).as("the adapter stays, the engine jar it brought goes").contains(adapter)
                .doesNotContain(broughtJe)
                .anySatisfy(p -> assertThat(p.getFileName().toString()).isEqualTo("je-" + OLD_JE + ".jar"));
    }

    @Test
    void aVersionThatDoesNotExistIsBadInputNamingIt() {
        EngineSwap missing = EngineSwap.version("berkeleydb-je", List.of("com.sleepycat:je"), "0.0.0-no-such");
        assertThatThrownBy(() -> SwappedClassPath.compose(ClassPaths.mountable(), List.of(missing),
                BuildArtifacts.ofThisBuild(), repo)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot resolve com.sleepycat:je:0.0.0-no-such");
    }

    @Test
    void anEngineWithoutArtifactsCannotBeSwapped() {
        assertThatThrownBy(() -> EngineSwap.version("naive-json", List.of(), "1.0"))
                .hasMessageContaining("declares no Maven artifact");
    }
}
