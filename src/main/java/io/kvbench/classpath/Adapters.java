package io.kvbench.classpath;

import io.kvbench.input.BadInputException;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * Outside adapters: engines kvbench does not ship, each given as one value of {@code --adapter} (or of
 * {@code KVBENCH_ADAPTERS}, comma-separated), in one of three forms:
 * <ul>
 *   <li>a jar, or several joined like a class path ({@code adapter.jar:engine.jar:dependency.jar});</li>
 *   <li>a directory: every jar in it (an adapter jar beside its engine's jars), or a directory of classes;</li>
 *   <li>a Maven coordinate {@code groupId:artifactId:version}: that artifact with its runtime dependencies, resolved
 *       as Maven would (kvbench itself left out: an adapter declares it {@code provided}).</li>
 * </ul>
 * Each value must hold a {@code KvEngine} service registration; the entries come after kvbench's on the class path,
 * so kvbench's versions of shared libraries win, as they would in a build of kvbench with the engine added.
 */
public final class Adapters {

    /** Where an adapter registers its engine, as for ServiceLoader. */
    static final String SERVICE = "META-INF/services/io.kvbench.engine.KvEngine";
    /** The variable CI sets instead of repeating --adapter: values separated by commas. */
    public static final String VARIABLE = "KVBENCH_ADAPTERS";

    private Adapters() {
    }

    /** The values of {@link #VARIABLE}, in order, blanks dropped. */
    public static List<String> fromEnvironment() {
        String value = System.getenv(VARIABLE);
        if (value == null || value.isBlank()) return List.of();
        return Arrays.stream(value.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
    }

    /**
     * The class path entries of these adapters, in order, each checked: a path that does not exist, a value with no
     * KvEngine registration or a coordinate that does not resolve is one line naming it.
     *
     * @param repository made only when a value is a Maven coordinate
     */
    public static List<Path> entries(List<String> values, Supplier<MavenRepository> repository) {
        List<Path> all = new ArrayList<>();
        for (String value : values) {
            List<Path> entries = entries(value, repository);
            if (entries.stream().noneMatch(Adapters::registersAnEngine)) {
                throw new BadInputException("--adapter " + value + ": no KvEngine in it (" + SERVICE
                        + " naming the adapter class; docs/outside-adapters.md)");
            }
            for (Path entry : entries) if (!all.contains(entry)) all.add(entry);
        }
        return List.copyOf(all);
    }

    private static List<Path> entries(String value, Supplier<MavenRepository> repository) {
        if (Coordinates.looksLike(value) && !Files.exists(Path.of(value))) {
            Coordinates adapter;
            try {
                adapter = Coordinates.parse(value);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--adapter " + value + ": " + e.getMessage(), e);
            }
            return repository.get().resolveWithDependencies(List.of(adapter)).stream()
                    .filter(r -> !r.coordinates().groupId().equals("io.kvbench")
                            || !r.coordinates().artifactId().equals("kvbench"))
                    .map(MavenRepository.Resolved::file).toList();
        }
        List<Path> entries = new ArrayList<>();
        for (String part : value.split(File.pathSeparator)) {
            if (part.isBlank()) continue;
            Path path = Path.of(part.strip()).toAbsolutePath().normalize();
            if (!Files.exists(path)) {
                throw new BadInputException("--adapter " + value + ": " + path + " does not exist");
            }
            entries.addAll(Files.isDirectory(path) ? directory(path) : List.of(path));
        }
        return entries;
    }

    /** The jars in a directory, sorted; a directory without jars is itself an entry (compiled classes). */
    private static List<Path> directory(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> jars = files.filter(f -> f.getFileName().toString().endsWith(".jar") && Files.isRegularFile(f))
                    .sorted().toList();
            return jars.isEmpty() ? List.of(dir) : jars;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static boolean registersAnEngine(Path entry) {
        if (Files.isDirectory(entry)) return Files.isRegularFile(entry.resolve(SERVICE));
        try (ZipFile zip = new ZipFile(entry.toFile())) {
            return zip.getEntry(SERVICE) != null;
        } catch (IOException e) {
            throw new BadInputException("--adapter: " + entry + " is not a jar (" + e.getMessage() + ")", e);
        }
    }
}
