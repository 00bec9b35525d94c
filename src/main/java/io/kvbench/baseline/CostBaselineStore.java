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
 * Cost baselines, one per (profile, engine, workload) for every machine: {@code
 * <root>/costs/<profile>/<engine>/<workload>.json}. Read strictly (unknown or missing fields, a cost that is not
 * judged, values that are not finite amounts, files that disagree with their location name the file and the field);
 * written with the other baselines of an update, all files staged before any is replaced.
 */
public final class CostBaselineStore {

    public static final String DIR = "costs";
    private static final String SUFFIX = ".json";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .addModule(new FlatJson())
            .build();
    private static final TypeReference<Map<String, Object>> FIELDS_BY_NAME = new TypeReference<>() { };

    private final Path root;

    public CostBaselineStore(Path root) {
        this.root = root;
    }

    public Path directory(String profile) {
        return root.resolve(DIR).resolve(BaselineStore.segment("profile", profile));
    }

    public Path file(String profile, BenchmarkKey key) {
        return directory(profile).resolve(BaselineStore.segment("engine", key.engine()))
                .resolve(BaselineStore.segment("workload", key.workload()) + SUFFIX);
    }

    /** Every cost baseline of a profile; none recorded is an empty map. */
    public Map<BenchmarkKey, CostBaseline> load(String profile) throws IOException {
        Map<BenchmarkKey, CostBaseline> all = new TreeMap<>();
        Path dir = directory(profile);
        if (!Files.isDirectory(dir)) return all;
        for (Path engineDir : children(dir)) {
            if (!Files.isDirectory(engineDir)) continue;
            for (Path file : children(engineDir)) {
                if (!file.getFileName().toString().endsWith(SUFFIX) || !Files.isRegularFile(file)) continue;
                CostBaseline c = read(file, profile);
                all.put(c.key(), c);
            }
        }
        return all;
    }

    /** The files an update writes, by path. */
    public Map<Path, String> contents(Collection<CostBaseline> baselines) {
        Map<Path, String> contents = new TreeMap<>();
        for (CostBaseline c : baselines) contents.put(file(c.profile(), c.key()), toJson(c));
        return contents;
    }

    static String toJson(CostBaseline c) {
        try {
            return MAPPER.writeValueAsString(new TreeMap<>(MAPPER.convertValue(c, FIELDS_BY_NAME)))
                    .replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize cost baseline " + c.key(), e);
        }
    }

    CostBaseline read(Path file, String profile) throws IOException {
        CostBaseline c;
        try {
            c = MAPPER.readValue(new String(Inputs.readFile(file, "a cost baseline"), StandardCharsets.UTF_8),
                    CostBaseline.class);
        } catch (UnrecognizedPropertyException e) {
            throw new BaselineFormatException(file, e.getPropertyName(), "is unknown");
        } catch (JsonProcessingException e) {
            throw new BaselineFormatException(file, "is not a valid cost baseline: " + e.getOriginalMessage(), e);
        }
        if (c == null) throw new BaselineFormatException(file, null, "is JSON null; expected a cost baseline");
        if (c.schemaVersion() != CostBaseline.SCHEMA_VERSION) {
            throw new BaselineFormatException(file, "schemaVersion", "is " + c.schemaVersion()
                    + "; this kvbench reads " + CostBaseline.SCHEMA_VERSION);
        }
        String workload = file.getFileName().toString();
        expect(file, "engine", c.engine(), file.getParent().getFileName().toString());
        expect(file, "workload", c.workload(), workload.substring(0, workload.length() - SUFFIX.length()));
        expect(file, "profile", c.profile(), profile);
        present(file, "engineVersion", c.measuredOn().engineVersion());
        present(file, "jdk", c.measuredOn().jdk());
        present(file, "fileSystem", c.measuredOn().fileSystem());
        if (c.costs().isEmpty()) throw new BaselineFormatException(file, "costs", "is empty");
        c.costs().forEach((cost, runs) -> {
            if (!CostBaselines.JUDGED.contains(cost)) {
                throw new BaselineFormatException(file, "costs." + cost, "is not a judged cost; judged: "
                        + String.join(", ", CostBaselines.JUDGED));
            }
            if (runs == null || runs.isEmpty() || runs.stream().anyMatch(v -> v == null || !(v >= 0)
                    || v.isInfinite())) {
                throw new BaselineFormatException(file, "costs." + cost, "must list every run's value, each >= 0");
            }
        });
        return c;
    }

    private static void present(Path file, String field, String value) {
        if (value == null || value.isBlank()) throw new BaselineFormatException(file, field, "is empty");
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
