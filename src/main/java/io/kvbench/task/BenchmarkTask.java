package io.kvbench.task;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.input.BadInputException;
import io.kvbench.input.FlatJson;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One benchmark, fully resolved: what the benchmark JVM needs as values, so that nothing downstream looks up a profile,
 * a workload or a resource profile again. Built once at the edge (the CLI) from the parsed profile, written as JSON
 * (one
 * flat object) and read by the child that runs it (a container, another kvbench build on another class path, every JMH
 * fork). Its schema is versioned like results.json because interleave hands tasks to other kvbench builds.
 *
 * @param schemaVersion  {@value #SCHEMA_VERSION} when written by this build; a newer one is refused on reading
 * @param engine         the engine's id (a fork resolves it to the adapter class it loads)
 * @param workload       the workload itself, every value of it
 * @param sizing         the profile's sizes and iterations for this workload
 * @param environment    resources, JVM flags and data directory
 */
public record BenchmarkTask(int schemaVersion, String engine, Workload workload, @JsonUnwrapped Sizing sizing,
                            @JsonUnwrapped Environment environment) {

    public static final int SCHEMA_VERSION = 1;
    /** The system property through which a JMH fork finds its task file. */
    public static final String PROPERTY = "kvbench.task";
    /**
     * Blackhole.consumeCPU work per operation, which tasks of earlier builds carry (0 but when kvbench checked itself).
     * Such work is no longer injected: a task that asks for it is refused, one with 0 reads as if it had no such field.
     */
    static final String SLOWDOWN_TOKENS = "slowdownTokens";

    // Strict about unknown fields, like the workload catalogue, also in the flat object of the grouped values;
    // Workload.isPass() is derived, not a field to write.
    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(new FlatJson()).addMixIn(Workload.class, DerivedWorkloadValues.class).build();

    @JsonIgnoreProperties({"pass"})
    private abstract static class DerivedWorkloadValues {
    }

    /**
     * The profile's values for this workload.
     *
     * @param profile    the profile's name, a label for results
     * @param records    records of the dataset (the profile's value for the workload's family)
     * @param forks      JMH forks
     * @param threads    benchmark threads sharing one store
     * @param iterations JMH warmup and measurement iterations for this workload
     * @param heap       -Xms = -Xmx of the benchmark JVM
     */
    public record Sizing(String profile, long records, int forks, int threads, Profile.Iterations iterations,
                         String heap) {
        public Sizing {
            Objects.requireNonNull(iterations, "iterations");
            Objects.requireNonNull(heap, "heap");
            if (records < 1 || records > Integer.MAX_VALUE - 8) {
                throw new BadInputException("records out of range: " + records);
            }
            if (forks < 1) throw new BadInputException("forks must be >= 1, was " + forks);
            if (threads < 1) throw new BadInputException("threads must be >= 1, was " + threads);
            profile = profile == null ? "" : profile;
        }
    }

    /**
     * Where and how the benchmark JVM runs.
     *
     * @param resources resource limits in force, recorded in every result's context (in order)
     * @param jvmFlags  extra benchmark JVM flags (a resource profile's GC and processor count, a setting to compare)
     * @param dataDir   where stores are created (a real disk, never tmpfs), absolute
     */
    public record Environment(Map<String, String> resources, List<String> jvmFlags, String dataDir) {
        public Environment {
            Objects.requireNonNull(dataDir, "dataDir");
            resources = resources == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(resources));
            jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
        }

        /** An environment whose stores go under {@code dataDir}, made absolute. */
        public static Environment of(Map<String, String> resources, List<String> jvmFlags, Path dataDir) {
            return new Environment(resources, jvmFlags, dataDir.toAbsolutePath().toString());
        }
    }

    public BenchmarkTask {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(sizing, "sizing");
        Objects.requireNonNull(environment, "environment");
    }

    /** Resolves one (engine, workload) of a parsed profile into a task. */
    public static BenchmarkTask of(String engineId, Workload workload, Profile profile, Environment environment) {
        Sizing sizing = new Sizing(profile.name(), profile.records(workload.family()), profile.forks(),
                workload.threads(), profile.iterations(workload), profile.heap());
        return new BenchmarkTask(SCHEMA_VERSION, engineId, workload, sizing, environment);
    }

    /** The same task with stores under another directory (a container's mount point, a per-benchmark subdirectory). */
    public BenchmarkTask withDataDir(Path dir) {
        Environment moved = new Environment(environment.resources(), environment.jvmFlags(), dir.toString());
        return new BenchmarkTask(schemaVersion, engine, workload, sizing, moved);
    }

    public String profile() {
        return sizing.profile();
    }

    public long records() {
        return sizing.records();
    }

    public int forks() {
        return sizing.forks();
    }

    public int threads() {
        return sizing.threads();
    }

    public Profile.Iterations iterations() {
        return sizing.iterations();
    }

    public String heap() {
        return sizing.heap();
    }

    public Map<String, String> resources() {
        return environment.resources();
    }

    public List<String> jvmFlags() {
        return environment.jvmFlags();
    }

    public String dataDir() {
        return environment.dataDir();
    }

    /** {@code <engine>-<workload>}: the name of the task's files and directories. */
    public String key() {
        return engine + "-" + workload.name();
    }

    /** The workload parameters as results record them. */
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("records", String.valueOf(records()));
        p.put("threads", String.valueOf(threads()));
        p.put("forks", String.valueOf(forks()));
        Profile.Iterations iterations = iterations();
        p.put("iterations", iterations.warmupIterations() + " warmup + " + iterations.measurementIterations()
                + " measured" + (workload.isPass() ? " passes" : " x " + iterations.measurementSeconds() + " s"));
        p.put("key", workload.key() + (workload.key() == Workload.KeyFormat.RANDOM_BYTES ? " " + workload.keyBytes()
                + " B" : ""));
        p.put("value", workload.value() + (workload.value() == Workload.ValueFormat.RANDOM ? " " + workload.valueBytes()
                + " B" : "")
                + (workload.variableSizes() ? " variable" : ""));
        return p;
    }

    public void write(Path file) throws IOException {
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), this);
    }

    /**
     * Reads a task file, validated at the edge: a malformed file, one written by a newer kvbench, a path-like engine id
     * or an impossible value is an {@link InputException} naming the file and the field.
     */
    public static BenchmarkTask read(Path file) throws IOException {
        JsonNode tree = Inputs.parse(JSON, file, Inputs.readFile(file, "a task"), JsonNode.class, "a task object");
        if (!tree.isObject()) throw new InputException(file, null, "holds no JSON object; expected a task");
        JsonNode versionNode = tree.path("schemaVersion");
        int version = versionNode.canConvertToInt() ? versionNode.asInt(-1) : -1;
        if (version > SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + version + "; this kvbench reads up to "
                    + SCHEMA_VERSION
                    + ": run it with the kvbench build that wrote it, or a newer one");
        }
        if (version < 1) throw new InputException(file, "schemaVersion", "is missing or not a positive number");
        JsonNode tokens = ((ObjectNode) tree).remove(SLOWDOWN_TOKENS);
        if (tokens != null && !(tokens.isIntegralNumber() && tokens.asLong() == 0)) {
            throw new InputException(file, SLOWDOWN_TOKENS, "is " + tokens + ": Blackhole work per operation is no "
                    + "longer injected; kvbench's lab slows the engine's calls instead (lab/README.md)");
        }
        BenchmarkTask task;
        try {
            task = JSON.treeToValue(tree, BenchmarkTask.class);
        } catch (JsonProcessingException e) {
            throw Inputs.malformed(file, e);
        } catch (IllegalArgumentException | NullPointerException e) { // the record's own checks, through Jackson or not
            throw new InputException(file, null, "is not a valid task: " + e.getMessage(), e);
        }
        Inputs.id(file, "engine", task.engine());
        Inputs.id(file, "workload.name", task.workload().name());
        Inputs.size(file, "heap", task.heap(), 1L << 40);
        Inputs.range(file, "forks", task.forks(), 1, 1000);
        Inputs.range(file, "threads", task.threads(), 1, 1024);
        return task;
    }

    /** The task named by {@value #PROPERTY} in this JVM, or null when none is (a benchmark run by hand or by a test).
     * */
    public static BenchmarkTask fromSystemProperty() {
        String path = System.getProperty(PROPERTY);
        if (path == null) return null;
        try {
            return read(Path.of(path));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the task file " + path, e);
        }
    }
}
