package io.kvbench.classpath;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * A copy of a jar without some of its entries: the shaded kvbench jar without the classes of an engine version that
 * another one replaces. The copy is made with the JDK's zip file system, which keeps every other entry's compressed
 * bytes as they are, and is cached by the jar, its size and time and the names left out, so the next run reuses it;
 * a copy unused for a week is deleted when the next one is made.
 */
final class JarWithout {

    /** Days after which an unused copy is deleted. */
    private static final long UNUSED = 7;

    private JarWithout() {
    }

    /** The entries of {@code jar} that an artifact owns: classes and its resources, not the shared META-INF files. */
    static Set<String> ownedEntries(Path jar, String groupId, String artifactId) throws IOException {
        Set<String> names = new TreeSet<>();
        String maven = "META-INF/maven/" + groupId + "/" + artifactId + "/";
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().filter(e -> !e.isDirectory()).map(ZipEntry::getName)
                    .filter(name -> owned(name, maven)).forEach(names::add);
        }
        return names;
    }

    /**
     * Class files (not module-info) and resources outside META-INF, plus the artifact's own META-INF/maven files.
     * Service registrations and licence files are merged or shared in a shaded jar: never removed (a stale service
     * line fails to load alone; removing a merged file would drop every other artifact's registrations).
     */
    private static boolean owned(String name, String mavenDir) {
        if (name.endsWith("module-info.class")) return false;
        if (name.endsWith(".class")) return true;
        return !name.startsWith("META-INF/") || name.startsWith(mavenDir);
    }

    /**
     * Whether {@code jar} is the jar of one of {@code artifacts} ("groupId:artifactId"), e.g. an engine jar an outside
     * adapter brought: its only {@code META-INF/maven/.../pom.properties} names it, or, in a jar with none, its file
     * name is {@code <artifactId>-<version>.jar} (as Maven names it in a repository and when it copies dependencies).
     */
    static boolean isJarOfAny(Path jar, Set<String> artifacts) throws IOException {
        Set<String> named = new TreeSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().map(ZipEntry::getName).filter(n -> n.startsWith("META-INF/maven/")
                    && n.endsWith("/pom.properties")).forEach(n -> {
                        String[] parts = n.split("/");
                        if (parts.length == 5) named.add(parts[2] + ":" + parts[3]);
                    });
        } catch (ZipException e) {
            return false; // not a jar: never one of the artifacts
        }
        if (named.size() == 1) return artifacts.contains(named.iterator().next());
        if (!named.isEmpty()) return false; // a jar bundling several artifacts (a shaded jar) is never dropped whole
        String file = jar.getFileName().toString();
        return artifacts.stream().map(a -> a.substring(a.indexOf(':') + 1))
                .anyMatch(artifactId -> file.matches(Pattern.quote(artifactId) + "-\\d[^/]*\\.jar"));
    }

    /** Whether {@code jar} holds any of {@code names}. */
    static boolean holdsAny(Path jar, Set<String> names) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().anyMatch(e -> names.contains(e.getName()));
        }
    }

    /** {@code jar} without {@code names}, in {@code cacheDir} (made once per jar and set of names). */
    static Path copy(Path jar, Set<String> names, Path cacheDir) throws IOException {
        Files.createDirectories(cacheDir);
        String stem = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        Path target = cacheDir.resolve(stem + "-without-" + key(jar, names) + ".jar");
        if (Files.isRegularFile(target)) {
            Files.setLastModifiedTime(target, FileTime.from(Instant.now())); // in use: kept by the pruning below
            return target;
        }
        prune(cacheDir);
        Path scratch = Files.createTempFile(cacheDir, stem + "-", ".tmp");
        try {
            Files.copy(jar, scratch, StandardCopyOption.REPLACE_EXISTING);
            try (FileSystem zip = FileSystems.newFileSystem(scratch)) {
                for (String name : names) Files.deleteIfExists(zip.getPath(name));
            }
            Files.move(scratch, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    /** Copies unused for a week go: each new build of kvbench.jar makes new ones, as large as the jar. */
    private static void prune(Path cacheDir) throws IOException {
        Instant cutoff = Instant.now().minus(UNUSED, ChronoUnit.DAYS);
        try (Stream<Path> files = Files.list(cacheDir)) {
            for (Path old : files.filter(f -> f.getFileName().toString().contains("-without-")).toList()) {
                if (Files.getLastModifiedTime(old).toInstant().isBefore(cutoff)) Files.deleteIfExists(old);
            }
        }
    }

    private static String key(Path jar, Set<String> names) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((jar.toRealPath() + "\n" + Files.size(jar) + "\n" + Files.getLastModifiedTime(jar).toMillis())
                    .getBytes(StandardCharsets.UTF_8));
            for (String name : new TreeSet<>(names)) sha.update((name + "\n").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
