package io.kvbench.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.FlatJson;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads and writes the two coverage files beside the baselines: {@code <root>/<profile>/<class>/class.json}
 * ({@link CompleteClass}) and {@code <root>/<profile>/new-benchmarks.json} ({@link NewBenchmarks}). Read strictly: an
 * unknown field, a benchmark name that is not "engine/workload" or a file that disagrees with its location names the
 * file and the field.
 */
public final class CoverageStore {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .addModule(new FlatJson())
            .build();
    private static final TypeReference<Map<String, Object>> FIELDS_BY_NAME = new TypeReference<>() { };

    private final BaselineStore store;

    public CoverageStore(BaselineStore store) {
        this.store = store;
    }

    public Path declarationFile(String profile, String machineClass) {
        return store.directory(profile, machineClass).resolve(CompleteClass.FILE);
    }

    public Path newBenchmarksFile(String profile) {
        return store.root().resolve(BaselineStore.segment("profile", profile)).resolve(NewBenchmarks.FILE);
    }

    /** The class's declaration, or null when there is none. */
    public CompleteClass declaration(String profile, String machineClass) {
        Path file = declarationFile(profile, machineClass);
        if (!Files.isRegularFile(file)) return null;
        CompleteClass c = Inputs.parse(MAPPER, file, Inputs.readFile(file, "a class declaration"), CompleteClass.class,
                "a class declaration (" + CompleteClass.FILE + ")");
        if (c.schemaVersion() != CompleteClass.SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + c.schemaVersion() + "; this kvbench reads "
                    + CompleteClass.SCHEMA_VERSION);
        }
        expect(file, "profile", c.profile(), profile);
        expect(file, "machineClass", c.machineClass(), machineClass);
        if (c.minRuns() < 1) throw new InputException(file, "minRuns", "is " + c.minRuns() + "; it must be >= 1");
        for (int i = 0; i < c.benchmarks().size(); i++) name(file, "benchmarks[" + i + "]", c.benchmarks().get(i));
        for (String key : c.withoutBaseline().keySet()) name(file, "withoutBaseline." + key, key);
        return c;
    }

    /** The profile's new benchmarks; none when the file does not exist. */
    public NewBenchmarks newBenchmarks(String profile) {
        Path file = newBenchmarksFile(profile);
        if (!Files.isRegularFile(file)) return NewBenchmarks.none(profile);
        NewBenchmarks n = Inputs.parse(MAPPER, file, Inputs.readFile(file, "a list of new benchmarks"),
                NewBenchmarks.class, "a list of new benchmarks (" + NewBenchmarks.FILE + ")");
        if (n.schemaVersion() != NewBenchmarks.SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + n.schemaVersion() + "; this kvbench reads "
                    + NewBenchmarks.SCHEMA_VERSION);
        }
        expect(file, "profile", n.profile(), profile);
        for (String key : n.benchmarks().keySet()) name(file, "benchmarks." + key, key);
        return n;
    }

    /** The machine classes whose baselines of the profile are declared complete. */
    public List<String> declaredClasses(String profile) throws IOException {
        Path dir = store.root().resolve(BaselineStore.segment("profile", profile));
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) return out;
        try (Stream<Path> children = Files.list(dir)) {
            for (Path c : children.sorted().toList()) {
                if (Files.isRegularFile(c.resolve(CompleteClass.FILE))) out.add(c.getFileName().toString());
            }
        }
        return out;
    }

    public static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(new TreeMap<>(MAPPER.convertValue(value, FIELDS_BY_NAME)))
                    .replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + value, e);
        }
    }

    /** "engine/workload" as a key; anything else is bad input naming the file and the field. */
    static BenchmarkKey name(Path file, String field, String name) {
        int slash = name == null ? -1 : name.indexOf('/');
        if (slash <= 0 || slash != name.lastIndexOf('/') || slash == name.length() - 1) {
            throw new InputException(file, field, "is '" + name + "'; a benchmark is named engine/workload");
        }
        return new BenchmarkKey(Inputs.id(file, field, name.substring(0, slash)),
                Inputs.id(file, field, name.substring(slash + 1)));
    }

    private static void expect(Path file, String field, String actual, String expected) {
        if (!expected.equals(actual)) {
            throw new InputException(file, field, "is '" + actual + "' but its location says '" + expected + "'");
        }
    }
}
