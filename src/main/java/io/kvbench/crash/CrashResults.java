package io.kvbench.crash;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.MachineInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The crash tests of one run ({@code crash-results.json}).
 *
 * @param schemaVersion {@value #SCHEMA_VERSION}
 * @param complete      every planned engine was tested (an interrupted run is not)
 * @param runner        container or local
 * @param startedAt     ISO-8601 instant
 * @param gitRevision   kvbench revision
 * @param cycles        kills per engine
 * @param seed          seed of the operation streams and kill delays
 * @param machine       the host
 * @param results       one per engine
 */
public record CrashResults(int schemaVersion, boolean complete, String runner, String startedAt, String gitRevision,
                           int cycles, long seed, MachineInfo machine, List<EngineCrashResult> results) {

    public static final int SCHEMA_VERSION = 1;
    public static final String FILE = "crash-results.json";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public CrashResults {
        results = results == null ? List.of() : List.copyOf(results);
    }

    /** True when some engine broke a promise or could not be tested. */
    public boolean failed() {
        return !complete || results.stream().anyMatch(EngineCrashResult::failed);
    }

    public void write(Path file) throws IOException {
        AtomicFiles.writeString(file, JSON.writeValueAsString(this) + "\n");
    }

    /**
     * The crash results that belong with a run's output directory: {@code DIR/crash-results.json}, else
     * {@code DIR/crash/crash-results.json} (where the nightly job puts a shard's crash run).
     */
    public static Optional<CrashResults> findIn(Path dir) throws IOException {
        for (Path file : List.of(dir.resolve(FILE), dir.resolve("crash").resolve(FILE))) {
            if (Files.isRegularFile(file)) return Optional.of(read(file));
        }
        return Optional.empty();
    }

    /**
     * Several crash runs (one per engine in the nightly job) as one: their engines side by side. Complete when all are;
     * cycles, seed and runner are the first run's (each engine's result keeps its own seed and runner).
     */
    public static CrashResults merge(List<CrashResults> runs) {
        if (runs.isEmpty()) throw new IllegalArgumentException("nothing to merge");
        CrashResults first = runs.get(0);
        List<EngineCrashResult> all = new ArrayList<>();
        Set<String> engines = new HashSet<>();
        for (CrashResults run : runs) {
            for (EngineCrashResult r : run.results()) {
                if (!engines.add(r.engine())) throw new IllegalArgumentException("crash results of engine " + r.engine() + " appear twice");
                all.add(r);
            }
        }
        String runners = String.join(", ", runs.stream().map(CrashResults::runner).distinct().toList());
        return new CrashResults(SCHEMA_VERSION, runs.stream().allMatch(CrashResults::complete), runners, first.startedAt(),
                first.gitRevision(), first.cycles(), first.seed(), first.machine(), all);
    }

    public static CrashResults read(Path file) {
        return parse(file, Inputs.readFile(file, "a " + FILE));
    }

    /** The content of a crash results file; every problem names the file and the field. */
    public static CrashResults parse(Path file, byte[] json) {
        CrashResults results = Inputs.parse(JSON, file, json, CrashResults.class, "crash results");
        if (results.schemaVersion() != SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + results.schemaVersion() + "; this kvbench reads version " + SCHEMA_VERSION);
        }
        Inputs.range(file, "cycles", results.cycles(), 0, 10_000_000);
        Set<String> engines = new HashSet<>();
        for (int i = 0; i < results.results().size(); i++) {
            EngineCrashResult r = results.results().get(i);
            String at = "results[" + i + "]";
            if (r == null) throw new InputException(file, at, "is null");
            Inputs.id(file, at + ".engine", r.engine());
            if (!engines.add(r.engine())) throw new InputException(file, at + ".engine", "'" + r.engine() + "' appears twice");
            if (r.verdict() == null) throw new InputException(file, at + ".verdict", "is missing");
            Inputs.range(file, at + ".cycles", r.cycles(), 0, 10_000_000);
            long[] counts = {r.acknowledged(), r.promised(), r.pendingKept(), r.lost(), r.resurrected(), r.corrupt(), r.prefixBreaks(), r.unopenable()};
            for (long n : counts) if (n < 0) throw new InputException(file, at, "has a negative count");
            Inputs.nonNegativeOrNaN(file, at + ".recoveryMillisMedian", r.recoveryMillisMedian());
            Inputs.nonNegativeOrNaN(file, at + ".recoveryMillisMax", r.recoveryMillisMax());
            Inputs.nonNegativeOrNaN(file, at + ".seconds", r.seconds());
        }
        return results;
    }
}
