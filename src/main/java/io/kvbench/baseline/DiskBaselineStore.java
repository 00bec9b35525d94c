package io.kvbench.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.FlatJson;
import io.kvbench.input.Inputs;
import io.kvbench.result.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Disk baselines, one per (profile, engine, workload) for every machine: {@code
 * <root>/disk/<profile>/<engine>/<workload>.json}.
 * Read strictly (unknown or missing fields, non-positive sizes and files that disagree with their location name the
 * file
 * and the field); written atomically, all files staged before any is replaced.
 */
public final class DiskBaselineStore {

    public static final String DIR = "disk";
    private static final String SUFFIX = ".json";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .addModule(new FlatJson())
            .build();
    private static final TypeReference<Map<String, Object>> FIELDS_BY_NAME = new TypeReference<>() { };

    private final Path root;

    public DiskBaselineStore(Path root) {
        this.root = root;
    }

    public Path directory(String profile) {
        return root.resolve(DIR).resolve(BaselineStore.segment("profile", profile));
    }

    public Path file(String profile, BenchmarkKey key) {
        return directory(profile).resolve(BaselineStore.segment("engine", key.engine()))
                .resolve(BaselineStore.segment("workload", key.workload()) + SUFFIX);
    }

    /** Every disk baseline of a profile; none recorded is an empty map. */
    public Map<BenchmarkKey, DiskBaseline> load(String profile) throws IOException {
        Map<BenchmarkKey, DiskBaseline> all = new TreeMap<>();
        Path dir = directory(profile);
        if (!Files.isDirectory(dir)) return all;
        for (Path engineDir : children(dir)) {
            if (!Files.isDirectory(engineDir)) continue;
            for (Path file : children(engineDir)) {
                if (!file.getFileName().toString().endsWith(SUFFIX) || !Files.isRegularFile(file)) continue;
                DiskBaseline d = read(file, profile);
                all.put(d.key(), d);
            }
        }
        return all;
    }

    public void writeAll(Collection<DiskBaseline> baselines) throws IOException {
        AtomicFiles.writeAll(contents(baselines));
    }

    /** The files {@link #writeAll} would write, by path. */
    public Map<Path, String> contents(Collection<DiskBaseline> baselines) {
        Map<Path, String> contents = new TreeMap<>();
        for (DiskBaseline d : baselines) contents.put(file(d.profile(), d.key()), toJson(d));
        return contents;
    }

    static String toJson(DiskBaseline d) {
        try {
            // As a sorted map: the fields of its grouped records, written as one flat object, sorted like the others.
            return MAPPER.writeValueAsString(new TreeMap<>(MAPPER.convertValue(d, FIELDS_BY_NAME)))
                    .replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize disk baseline " + d.key(), e);
        }
    }

    DiskBaseline read(Path file, String profile) throws IOException {
        DiskBaseline d;
        try {
            d = MAPPER.readValue(new String(Inputs.readFile(file, "a disk baseline"), StandardCharsets.UTF_8),
                    DiskBaseline.class);
        } catch (UnrecognizedPropertyException e) {
            throw new BaselineFormatException(file, e.getPropertyName(), "is unknown");
        } catch (JsonProcessingException e) {
            throw new BaselineFormatException(file, "is not a valid disk baseline: " + e.getOriginalMessage(), e);
        }
        if (d == null) throw new BaselineFormatException(file, null, "is JSON null; expected a disk baseline");
        if (d.schemaVersion() != DiskBaseline.SCHEMA_VERSION) {
            throw new BaselineFormatException(file, "schemaVersion", "is " + d.schemaVersion() + "; this kvbench reads "
                    + DiskBaseline.SCHEMA_VERSION);
        }
        String workload = file.getFileName().toString();
        expect(file, "engine", d.engine(), file.getParent().getFileName().toString());
        expect(file, "workload", d.workload(), workload.substring(0, workload.length() - SUFFIX.length()));
        expect(file, "profile", d.profile(), profile);
        if (d.engineVersion() == null || d.engineVersion().isBlank()) throw new BaselineFormatException(file,
                "engineVersion", "is empty");
        if (d.fileSystem() == null || d.fileSystem().isBlank()) throw new BaselineFormatException(file, "fileSystem",
                "is empty");
        if (d.diskBytes() <= 0) throw new BaselineFormatException(file, "diskBytes", "is " + d.diskBytes()
                + "; it must be > 0");
        if (d.runs().isEmpty() || d.runs().stream().anyMatch(r -> r == null || r < d.diskBytes())) {
            throw new BaselineFormatException(file, "runs", "must list every run's footprint, none below diskBytes");
        }
        return d;
    }

    private static void expect(Path file, String field, String actual, String expected) {
        if (!expected.equals(actual)) {
            throw new BaselineFormatException(file, field, "is '" + actual + "' but its location says '" + expected
                    + "'");
        }
    }

    private static List<Path> children(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
