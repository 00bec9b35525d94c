package io.kvbench.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.BadInputException;
import io.kvbench.input.FlatJson;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads and writes baseline files under a root directory laid out as
 * {@code <root>/<profile>/<machineClass>/<engine>/<workload>.json}.
 *
 * <p>Files are meant to be reviewed in pull requests, so they are written with sorted keys, two-space indentation and
 * one sample per line. Reading is strict: a missing, mistyped or unknown field, or content that disagrees with the
 * file's location, is a {@link BaselineFormatException} naming the file and the field.
 */
public final class BaselineStore implements BaselineSource {

    public static final Path DEFAULT_ROOT = Path.of("perf-baselines");
    private static final String SUFFIX = ".json";

    /** Field names in the order they are checked, which decides which problem a broken file reports first. */
    private static final List<String> FIELDS = List.of("schemaVersion", "engine", "workload", "profile",
            "machineClass", "metric", "unit", "score", "error", "samples", "diskBytes", "context", "recordedAt",
            "reason");

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .addModule(new FlatJson())
            .build();

    /** Line feeds (not the platform's separator) so that files are byte-identical wherever they are written. */
    private static final ObjectWriter WRITER = MAPPER.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"))
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)));

    private static final TypeReference<Map<String, Object>> FIELDS_BY_NAME = new TypeReference<>() { };

    private final Path root;

    public BaselineStore(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    @Override
    public String describe() {
        return root.toString();
    }

    /** {@code <root>/<profile>/<machineClass>}. */
    public Path directory(String profile, String machineClass) {
        return root.resolve(segment("profile", profile)).resolve(segment("machine class", machineClass));
    }

    /** {@code <root>/<profile>/<machineClass>/<engine>/<workload>.json}. */
    public Path file(String profile, String machineClass, BenchmarkKey key) {
        return directory(profile, machineClass).resolve(segment("engine", key.engine()))
                .resolve(segment("workload", key.workload()) + SUFFIX);
    }

    /** Every baseline of a profile and machine class; an absent directory is an empty, non-existing set. */
    @Override
    public BaselineSet load(String profile, String machineClass) throws IOException {
        Path dir = directory(profile, machineClass);
        Map<BenchmarkKey, DiskBaseline> disk = new DiskBaselineStore(root).load(profile);
        Map<BenchmarkKey, CostBaseline> costs = new CostBaselineStore(root).load(profile);
        if (!Files.isDirectory(dir)) {
            return BaselineSet.absent(profile, machineClass, dir).withDisk(disk).withCosts(costs);
        }
        CoverageStore coverage = new CoverageStore(this);
        Coverage declared = Coverage.NONE.withDeclaration(coverage.declaration(profile, machineClass),
                coverage.newBenchmarks(profile));
        TreeMap<BenchmarkKey, Baseline> baselines = new TreeMap<>();
        for (Path engineDir : sortedChildren(dir)) {
            if (!Files.isDirectory(engineDir)) continue;
            for (Path file : sortedChildren(engineDir)) {
                // Only *.json: leftovers of an interrupted write end in .tmp and are not baselines.
                if (!file.getFileName().toString().endsWith(SUFFIX) || !Files.isRegularFile(file)) continue;
                Baseline baseline = read(file, profile, machineClass);
                baselines.put(baseline.key(), baseline);
            }
        }
        return new BaselineSet(profile, machineClass, dir, true, baselines).withDisk(disk).withCosts(costs)
                .withCoverage(declared);
    }

    /** The baseline of one (engine, workload), if recorded. */
    public Optional<Baseline> find(String profile, String machineClass, BenchmarkKey key) throws IOException {
        Path file = file(profile, machineClass, key);
        if (!Files.exists(file)) return Optional.empty();
        return Optional.of(read(file, profile, machineClass));
    }

    /**
     * Writes baselines so that a failure leaves the old ones intact: every file is first written in full to a temp file
     * beside its target, and only when all of them are on disk is each renamed over its target (an atomic replace).
     */
    public void writeAll(Collection<Baseline> baselines) throws IOException {
        AtomicFiles.writeAll(contents(baselines));
    }

    /** The files {@link #writeAll} would write, by path, for writing them together with other files all-or-nothing. */
    public Map<Path, String> contents(Collection<Baseline> baselines) {
        Map<Path, String> targets = new LinkedHashMap<>();
        for (Baseline b : baselines) {
            Path file = file(b.profile(), b.machineClass(), b.key());
            if (targets.put(file, toJson(b)) != null) throw new BadInputException("two baselines for " + file);
        }
        return targets;
    }

    /** The file content of a baseline: sorted keys, one sample per line, NaN error as null, final newline. */
    public static String toJson(Baseline b) {
        Map<String, Object> fields = new TreeMap<>();
        fields.put("schemaVersion", b.schemaVersion());
        fields.put("engine", b.engine());
        fields.put("workload", b.workload());
        fields.put("profile", b.profile());
        fields.put("machineClass", b.machineClass());
        fields.put("metric", b.metric());
        fields.put("unit", b.unit());
        fields.put("score", b.score());
        fields.put("error", Double.isNaN(b.error()) ? null : b.error());
        fields.put("samples", b.samples());
        fields.put("diskBytes", b.diskBytes());
        // As a map, so that its fields (grouped records written as one flat object) are sorted like every other.
        fields.put("context", MAPPER.convertValue(b.context(), FIELDS_BY_NAME));
        fields.put("recordedAt", b.recordedAt());
        fields.put("reason", b.reason());
        try {
            return WRITER.writeValueAsString(fields) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize baseline " + b.key(), e);
        }
    }

    /**
     * Reads one file and checks it against where it lies: {@code file} must be
     * {@code <root>/<profile>/<machineClass>/<engine>/<workload>.json}.
     */
    Baseline read(Path file, String profile, String machineClass) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BaselineFormatException(file, null, "does not exist");
        }
        Baseline b = parse(file, text);
        String workload = file.getFileName().toString();
        workload = workload.substring(0, workload.length() - SUFFIX.length());
        String engine = file.getParent().getFileName().toString();
        expect(file, "engine", b.engine(), engine, "the directory");
        expect(file, "workload", b.workload(), workload, "the file name");
        expect(file, "profile", b.profile(), profile, "the profile directory");
        expect(file, "machineClass", b.machineClass(), machineClass, "the machine class directory");
        return b;
    }

    private static void expect(Path file, String field, String actual, String expected, String where) {
        if (!actual.equals(expected)) {
            throw new BaselineFormatException(file, field, "is '" + actual + "' but " + where + " says '" + expected
                    + "'");
        }
    }

    /** Parses the content of a baseline file; every problem names {@code file} and the field. */
    public static Baseline parse(Path file, String text) {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new BaselineFormatException(file, "is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (node == null || !node.isObject()) throw new BaselineFormatException(file, null, "is not a JSON object");
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new BaselineFormatException(file, name, "is unknown; valid fields: " + String.join(", ", FIELDS));
            }
        }
        Fields f = new Fields(file, node);
        int schemaVersion = f.schemaVersion();
        String engine = f.text("engine", false);
        String workload = f.text("workload", false);
        String profile = f.text("profile", false);
        String machineClass = f.text("machineClass", false);
        String metric = f.text("metric", false);
        if (!metric.equals(BenchmarkResult.THROUGHPUT) && !metric.equals(BenchmarkResult.TIME_PER_PASS)) {
            throw new BaselineFormatException(file, "metric", "is '" + metric + "'; valid values: "
                    + BenchmarkResult.THROUGHPUT + ", " + BenchmarkResult.TIME_PER_PASS);
        }
        String unit = f.text("unit", false);
        double score = f.positiveNumber("score");
        double error = f.error();
        List<Double> samples = f.samples();
        Long diskBytes = f.diskBytes();
        ResultContext context = f.context();
        String recordedAt = f.instant("recordedAt");
        String reason = f.text("reason", true);
        return new Baseline(schemaVersion, new BenchmarkKey(engine, workload), profile, machineClass,
                new Baseline.Measured(metric, unit, score, error, samples, diskBytes),
                new Baseline.Recorded(context, recordedAt, reason));
    }

    /** Typed access to the fields of one file's JSON object, failing with the file and field named. */
    private record Fields(Path file, JsonNode node) {

        private JsonNode required(String field) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) throw new BaselineFormatException(file, field, "is missing");
            return value;
        }

        int schemaVersion() {
            JsonNode v = required("schemaVersion");
            if (!v.isIntegralNumber()) throw new BaselineFormatException(file, "schemaVersion", "is not an integer");
            if (v.intValue() != Baseline.SCHEMA_VERSION) {
                throw new BaselineFormatException(file, "schemaVersion", "is " + v.asText()
                        + "; this kvbench reads version " + Baseline.SCHEMA_VERSION);
            }
            return v.intValue();
        }

        String text(String field, boolean mayBeEmpty) {
            JsonNode v = required(field);
            if (!v.isTextual()) throw new BaselineFormatException(file, field, "is not a string");
            if (!mayBeEmpty && v.asText().isBlank()) throw new BaselineFormatException(file, field, "is empty");
            return v.asText();
        }

        double positiveNumber(String field) {
            JsonNode v = required(field);
            if (!v.isNumber()) throw new BaselineFormatException(file, field, "is not a number");
            double d = v.doubleValue();
            if (!(d > 0) || Double.isInfinite(d)) {
                throw new BaselineFormatException(file, field, "is " + v.asText() + "; it must be a positive number");
            }
            return d;
        }

        /** Null (unknown) reads as NaN; otherwise a non-negative number. */
        double error() {
            JsonNode v = node.get("error");
            if (v == null) throw new BaselineFormatException(file, "error", "is missing (null when unknown)");
            if (v.isNull()) return Double.NaN;
            if (!v.isNumber()) throw new BaselineFormatException(file, "error", "is not a number (null when unknown)");
            if (!(v.doubleValue() >= 0) || Double.isInfinite(v.doubleValue())) {
                throw new BaselineFormatException(file, "error", "is " + v.asText() + "; it must be >= 0");
            }
            return v.doubleValue();
        }

        List<Double> samples() {
            JsonNode v = required("samples");
            if (!v.isArray()) throw new BaselineFormatException(file, "samples", "is not an array of numbers");
            // An empty list would make the comparison judge only the disk footprint: the score check silently off.
            if (v.isEmpty()) throw new BaselineFormatException(file, "samples",
                    "is empty; a baseline needs its run's samples");
            List<Double> samples = new ArrayList<>();
            for (int i = 0; i < v.size(); i++) {
                JsonNode s = v.get(i);
                if (!s.isNumber() || !Double.isFinite(s.doubleValue()) || s.doubleValue() < 0) {
                    throw new BaselineFormatException(file, "samples", "item " + i + " is not a number: " + s);
                }
                samples.add(s.doubleValue());
            }
            return samples;
        }

        Long diskBytes() {
            JsonNode v = node.get("diskBytes");
            if (v == null) throw new BaselineFormatException(file, "diskBytes", "is missing (null when not recorded)");
            if (v.isNull()) return null;
            if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
                throw new BaselineFormatException(file, "diskBytes", "is not a whole number of bytes: " + v);
            }
            return v.longValue();
        }

        ResultContext context() {
            JsonNode v = required("context");
            if (!v.isObject()) throw new BaselineFormatException(file, "context", "is not an object");
            try {
                return MAPPER.treeToValue(v, ResultContext.class);
            } catch (JsonProcessingException e) {
                throw new BaselineFormatException(file, "context", "is invalid: " + e.getOriginalMessage());
            }
        }

        String instant(String field) {
            String text = text(field, false);
            try {
                Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw new BaselineFormatException(file, field, "is '" + text + "', not an ISO-8601 instant");
            }
            return text;
        }
    }

    /**
     * Names end up as directory and file names; refuse the few that would escape the layout or be hidden, rather than
     * rewrite them into something a reader would not find.
     */
    public static String segment(String what, String name) {
        if (name == null || name.isBlank()) throw new BadInputException(what
                + " is empty; it names a directory of the baselines");
        if (name.startsWith(".") || name.contains("/") || name.contains("\\") || name.chars()
                .anyMatch(Character::isISOControl)) {
            throw new BadInputException(what + " '" + name + "' cannot be a file name in the baselines "
                    + "(no '/', '\\', control characters or leading '.')");
        }
        return name;
    }

    private static List<Path> sortedChildren(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            return children.sorted().toList();
        }
    }
}
