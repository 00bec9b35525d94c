package io.kvbench.workload;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.BadInputException;
import io.kvbench.input.FlatJson;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The workloads and profiles shipped in the jar ({@code kvbench/workloads.json}, {@code kvbench/profiles/*.json}).
 * A profile may also be given as a path to a JSON file of the same shape.
 */
public final class Catalog {

    /** The profiles shipped with kvbench, smallest first. */
    public static final List<String> PROFILES = List.of("smoke", "overview", "ci", "nightly", "published");

    // Strict about unknown fields (a typo is an error), also in the flat objects of grouped records; absent optional
    // fields take the defaults Workload and Profile set.
    private static final ObjectMapper JSON = JsonMapper.builder().addModule(new FlatJson()).build();
    private static final Map<String, Workload> WORKLOADS = loadWorkloads();

    private Catalog() {
    }

    /** Every workload, in the order of workloads.json. */
    public static List<Workload> workloads() {
        return List.copyOf(WORKLOADS.values());
    }

    /** A workload by name, if this build knows it (results and baselines may name one it does not). */
    public static Optional<Workload> known(String name) {
        return Optional.ofNullable(WORKLOADS.get(name));
    }

    /** A workload by name; an unknown name is an error that lists the valid ones. */
    public static Workload workload(String name) {
        Workload workload = WORKLOADS.get(name);
        if (workload == null) {
            throw new BadInputException("unknown workload '" + name + "'; valid workloads: "
                    + String.join(", ", WORKLOADS.keySet()));
        }
        return workload;
    }

    /** A shipped profile by name, or a profile JSON file by path. */
    public static Profile profile(String nameOrPath) {
        if (PROFILES.contains(nameOrPath)) {
            try (InputStream in = resource("kvbench/profiles/" + nameOrPath + ".json")) {
                return JSON.readValue(in, Profile.class);
            } catch (IOException e) {
                throw new UncheckedIOException("shipped profile " + nameOrPath + " is unreadable", e);
            }
        }
        Path file = Path.of(nameOrPath);
        if (nameOrPath.endsWith(".json") && Files.exists(file)) return parseProfile(file,
                Inputs.readFile(file, "a profile"));
        throw new BadInputException("unknown profile '" + nameOrPath + "'; valid profiles: "
                + String.join(", ", PROFILES) + " (or a path to a profile .json file)");
    }

    /** Largest dataset a profile may ask for: beyond it a typo (an extra zero or three), not a benchmark. */
    static final long MAX_RECORDS = 1_000_000_000L;
    static final long MAX_HEAP_BYTES = 1L << 40;
    static final int MAX_FORKS = 100;
    static final int MAX_ITERATIONS = 10_000;
    static final double MAX_SECONDS = 3600;

    /** A profile file's content, checked field by field (the record checks shapes; this checks sizes and names). */
    public static Profile parseProfile(Path file, byte[] json) {
        Profile p = Inputs.parse(JSON, file, json, Profile.class, "a profile object");
        Inputs.id(file, "name", p.name());
        for (Map.Entry<String, Long> family : p.records().entrySet()) {
            String field = "records." + Inputs.printable(family.getKey());
            Inputs.id(file, field, family.getKey());
            if (family.getValue() == null) throw new InputException(file, field, "is null");
            Inputs.range(file, field, family.getValue(), 1, MAX_RECORDS);
        }
        Inputs.range(file, "forks", p.forks(), 1, MAX_FORKS);
        iterations(file, "passes", p.passes());
        if (p.readPasses() != null) iterations(file, "readPasses", p.readPasses());
        iterations(file, "operations", p.operations());
        Inputs.size(file, "heap", p.heap(), MAX_HEAP_BYTES);
        for (int i = 0; i < p.defaultEngines().size(); i++) Inputs.id(file, "defaultEngines[" + i + "]",
                p.defaultEngines().get(i));
        for (int i = 0; i < p.defaultWorkloads().size(); i++) {
            String name = Inputs.id(file, "defaultWorkloads[" + i + "]", p.defaultWorkloads().get(i));
            if (!WORKLOADS.containsKey(name)) throw new InputException(file, "defaultWorkloads[" + i + "]", "is '"
                    + name + "', not a workload");
        }
        if (p.gate() != null) gate(file, p.gate());
        return p;
    }

    private static void iterations(Path file, String field, Profile.Iterations it) {
        Inputs.range(file, field + ".warmupIterations", it.warmupIterations(), 0, MAX_ITERATIONS);
        Inputs.range(file, field + ".measurementIterations", it.measurementIterations(), 1, MAX_ITERATIONS);
        seconds(file, field + ".warmupSeconds", it.warmupSeconds());
        seconds(file, field + ".measurementSeconds", it.measurementSeconds());
    }

    private static void seconds(Path file, String field, double seconds) {
        if (!(seconds >= 0 && seconds <= MAX_SECONDS)) {
            throw new InputException(file, field, "is " + seconds + "; it must be between 0 and " + MAX_SECONDS);
        }
    }

    private static void gate(Path file, Profile.GateSettings g) {
        if (g.test() != null && !List.of("bootstrap", "welch").contains(g.test())) {
            throw new InputException(file, "gate.test", "is '" + Inputs.printable(g.test())
                    + "'; valid values: bootstrap, welch");
        }
        if (!(g.alpha() > 0 && g.alpha() < 1)) throw new InputException(file, "gate.alpha", "is " + g.alpha()
                + "; it must be in (0, 1)");
        fraction(file, "gate.minEffect", g.minEffect());
        fraction(file, "gate.diskTolerance", g.diskTolerance());
        if (g.diskSlackBytes() < 0) throw new InputException(file, "gate.diskSlackBytes", "is " + g.diskSlackBytes()
                + "; it must be >= 0");
        for (Map.Entry<String, Profile.DiskRow> row : g.diskRows().entrySet()) {
            String field = row(file, "gate.diskRows.", row.getKey(), row.getValue());
            fraction(file, field + ".tolerance", row.getValue().tolerance());
            evidence(file, field, row.getValue().evidence());
        }
        for (Map.Entry<String, Profile.ScoreRow> row : g.scoreRows().entrySet()) {
            String field = row(file, "gate.scoreRows.", row.getKey(), row.getValue());
            fraction(file, field + ".minEffect", row.getValue().minEffect());
            if (!(row.getValue().minEffect() > g.minEffect())) {
                throw new InputException(file, field + ".minEffect", "is " + row.getValue().minEffect()
                        + "; a row raises the gate's minEffect (" + g.minEffect() + "), so it must be larger");
            }
            evidence(file, field, row.getValue().evidence());
        }
        for (Map.Entry<String, Profile.CostTolerance> cost : g.costs().entrySet()) {
            String field = "gate.costs." + Inputs.printable(cost.getKey());
            if (!Profile.JUDGED_COSTS.contains(cost.getKey())) {
                throw new InputException(file, field, "is not a judged cost; judged: " + String.join(", ",
                        Profile.JUDGED_COSTS));
            }
            if (cost.getValue() == null) throw new InputException(file, field, "is null");
            fraction(file, field + ".tolerance", cost.getValue().tolerance());
            if (!(cost.getValue().slack() >= 0)) throw new InputException(file, field + ".slack", "is "
                    + cost.getValue().slack() + "; it must be >= 0");
            evidence(file, field, cost.getValue().evidence());
        }
    }

    /** The field name of a gate row named engine/workload, after checking the name and that the row is there. */
    private static String row(Path file, String prefix, String benchmark, Object row) {
        String field = prefix + Inputs.printable(benchmark);
        String[] parts = benchmark.split("/", -1);
        if (parts.length != 2) throw new InputException(file, field, "is not named engine/workload");
        Inputs.id(file, field, parts[0]);
        if (!WORKLOADS.containsKey(Inputs.id(file, field, parts[1]))) {
            throw new InputException(file, field, "names '" + Inputs.printable(parts[1]) + "', not a workload");
        }
        if (row == null) throw new InputException(file, field, "is null");
        return field;
    }

    private static void fraction(Path file, String field, double value) {
        if (!(value >= 0 && value < 10)) {
            throw new InputException(file, field, "is " + value + "; it must be in [0, 10)");
        }
    }

    private static void evidence(Path file, String field, String evidence) {
        if (evidence == null || evidence.isBlank()) {
            throw new InputException(file, field + ".evidence", "is empty; say why the row varies and where it was "
                    + "measured");
        }
    }

    /** The workloads of a workloads.json: each checked by its record, names unique and usable as file names. */
    public static Map<String, Workload> parseWorkloads(Path file, byte[] json) {
        List<Workload> list = Inputs.parse(JSON, file, json, new TypeReference<List<Workload>>() { },
                "an array of workloads");
        Map<String, Workload> byName = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            Workload w = list.get(i);
            if (w == null) throw new InputException(file, "[" + i + "]", "is null");
            Inputs.id(file, "[" + i + "].name", w.name());
            Inputs.id(file, "[" + i + "].family", w.family());
            Inputs.range(file, "[" + i + "].keyBytes", w.keyBytes(), 0, 1 << 20);
            Inputs.range(file, "[" + i + "].valueBytes", w.valueBytes(), 0, 1 << 26);
            Inputs.range(file, "[" + i + "].threads", w.threads(), 1, 1024);
            Inputs.range(file, "[" + i + "].maxScanLength", w.maxScanLength(), 1, 1 << 20);
            if (byName.put(w.name(), w) != null) throw new InputException(file, "[" + i + "].name", "'" + w.name()
                    + "' is defined twice");
        }
        return byName;
    }

    private static Map<String, Workload> loadWorkloads() {
        try (InputStream in = resource("kvbench/workloads.json")) {
            return parseWorkloads(Path.of("kvbench/workloads.json"), in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("kvbench/workloads.json is unreadable", e);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = Catalog.class.getClassLoader().getResourceAsStream(name);
        if (in == null) throw new IOException("resource " + name + " is missing from the class path");
        return in;
    }
}
