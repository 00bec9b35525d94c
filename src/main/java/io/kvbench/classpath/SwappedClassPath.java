package io.kvbench.classpath;

import io.kvbench.input.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * A class path with other builds of some engines in place of this build's ({@link EngineSwap}), for the JVMs that run
 * the benchmarks, crash writers and contract tests of one side:
 * <ol>
 *   <li>a version: the engine's artifacts at that version and their runtime dependencies, resolved as Maven would;
 * every artifact of that tree replaces the same artifact of this build (its jar left out of the class path, or its
 *       classes left out of a copy of the shaded kvbench jar, which holds them all);</li>
 *   <li>jars: they replace the engine's declared artifacts the same way; their dependencies stay this build's.</li>
 * </ol>
 * The new jars come first, so that their resources win; before them a small directory of
 * {@code META-INF/maven/<group>/<artifact>/pom.properties} tells the adapters' version lookups
 * ({@code LibraryVersion}) the version that is really on the class path, for the jars that carry none. Which version
 * of an artifact this build has comes from the build's own list ({@link BuildArtifacts}): a shaded jar's classes no
 * longer say which artifact they came from.
 */
public final class SwappedClassPath {

    /**
     * @param entries     the class path, in order
     * @param description what was swapped, e.g. "rocksdbjni 11.7.0", for people
     */
    public record Composed(List<Path> entries, String description) {
    }

    private SwappedClassPath() {
    }

    /** Where copies and version files are kept: $XDG_CACHE_HOME/kvbench/classpath, else ~/.cache/kvbench/classpath. */
    public static Path cacheDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("kvbench").resolve("classpath");
    }

    /**
     * @param base   the class path to start from (this JVM's, or a given one), existing entries
     * @param swaps  the engines to swap, at most one per engine
     * @param build  the artifacts of the build on {@code base} ({@link BuildArtifacts#ofThisBuild()})
     * @param repo   where versions are resolved
     */
    public static Composed compose(List<Path> base, List<EngineSwap> swaps, List<Coordinates> build,
                                   MavenRepository repo) {
        if (swaps.isEmpty()) return new Composed(List.copyOf(base), "");
        if (build.isEmpty()) {
            throw new IllegalStateException("this kvbench has no list of its runtime artifacts ("
                    + BuildArtifacts.RESOURCE + "): build it with Maven to swap engine versions");
        }
        Map<String, Coordinates> built = new LinkedHashMap<>();
        for (Coordinates c : build) built.put(c.key(), c);
        List<Path> added = new ArrayList<>();
        Map<String, String> versions = new TreeMap<>();
        Set<String> replaced = new TreeSet<>();
        for (EngineSwap swap : swaps) {
            if (swap.jars().isEmpty()) {
                List<Coordinates> roots = swap.artifacts().stream()
                        .map(a -> Coordinates.of(a, swap.version())).toList();
                for (MavenRepository.Resolved r : repo.resolveWithDependencies(roots)) {
                    added.add(r.file());
                    replaced.add(r.coordinates().key());
                }
                roots.forEach(r -> versions.put(r.key(), r.version()));
            } else {
                added.addAll(swap.jars().stream().map(j -> j.toAbsolutePath().normalize()).toList());
                for (String artifact : swap.artifacts()) {
                    replaced.add(artifact);
                    versions.put(artifact, jarVersion(swap.jars(), artifact));
                }
            }
        }
        try {
            List<Path> entries = new ArrayList<>();
            entries.add(versionFiles(versions));
            entries.addAll(added);
            entries.addAll(without(base, replaced, built, repo));
            String description = String.join("; ", swaps.stream().map(EngineSwap::describe).toList());
            return new Composed(List.copyOf(entries), description);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the class path in " + cacheDir() + ": " + e.getMessage(), e);
        }
    }

    /** {@code base} without the replaced artifacts: their jars dropped, their entries left out of jars bundling them.
     * */
    private static List<Path> without(List<Path> base, Set<String> replaced, Map<String, Coordinates> built,
                                      MavenRepository repo) throws IOException {
        Set<Path> oldJars = new TreeSet<>();
        Set<String> oldEntries = new TreeSet<>();
        Set<String> outside = new TreeSet<>();
        for (String key : replaced) {
            Coordinates old = built.get(key);
            if (old == null) { // not this build's: an outside adapter may have brought it, as a jar of its own
                outside.add(key);
                continue;
            }
            Path file = repo.resolve(old).file();
            oldJars.add(file.toRealPath());
            oldEntries.addAll(JarWithout.ownedEntries(file, old.groupId(), old.artifactId()));
        }
        List<Path> kept = new ArrayList<>();
        for (Path entry : base) {
            if (Files.isRegularFile(entry) && oldJars.contains(entry.toRealPath())) continue;
            if (Files.isRegularFile(entry) && !outside.isEmpty() && JarWithout.isJarOfAny(entry, outside)) continue;
            if (Files.isRegularFile(entry) && !oldEntries.isEmpty() && JarWithout.holdsAny(entry, oldEntries)) {
                kept.add(JarWithout.copy(entry, oldEntries, cacheDir()));
            } else {
                kept.add(entry);
            }
        }
        return kept;
    }

    /** The version a jar says it is (its pom.properties for the artifact), else its file name. */
    private static String jarVersion(List<Path> jars, String artifact) {
        String[] ga = artifact.split(":");
        String resource = "META-INF/maven/" + ga[0] + "/" + ga[1] + "/pom.properties";
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                ZipEntry entry = file.getEntry(resource);
                if (entry == null) continue;
                Properties props = new Properties();
                props.load(file.getInputStream(entry));
                Optional<String> version = Optional.ofNullable(props.getProperty("version")).filter(v -> !v.isBlank());
                if (version.isPresent()) return version.get() + " (jar " + jar.getFileName() + ")";
            } catch (IOException e) {
                throw new BadInputException("engine jar " + jar + " cannot be read: " + e.getMessage(), e);
            }
        }
        return "jar " + jars.get(0).getFileName();
    }

    /** A directory of pom.properties files, one per swapped artifact, named by its content so that it is reused. */
    private static Path versionFiles(Map<String, String> versions) throws IOException {
        StringBuilder all = new StringBuilder();
        versions.forEach((artifact, version) -> all.append(artifact).append('=').append(version).append('\n'));
        Path dir = cacheDir().resolve("versions-" + sha(all.toString()));
        for (Map.Entry<String, String> e : versions.entrySet()) {
            String[] ga = e.getKey().split(":");
            Path file = dir.resolve("META-INF/maven/" + ga[0] + "/" + ga[1] + "/pom.properties");
            Files.createDirectories(file.getParent());
            Files.writeString(file, "# written by kvbench for a swapped engine\ngroupId=" + ga[0] + "\nartifactId="
                    + ga[1] + "\nversion=" + e.getValue() + "\n");
        }
        return dir;
    }

    private static String sha(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
