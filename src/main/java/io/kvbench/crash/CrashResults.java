package io.kvbench.crash;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.BadInputException;
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
 * The crash tests of one run ({@code crash-results.json}): one result per engine and fault.
 *
 * @param schemaVersion {@value #SCHEMA_VERSION} (version 1, before failure kinds and faults beyond the power cut, reads
 *                      the same)
 * @param complete      every planned engine and fault was tested (an interrupted run is not)
 * @param run           where, when and with which seed (its fields sit flat in the file)
 * @param results       one per engine and fault
 */
public record CrashResults(int schemaVersion, boolean complete, @JsonUnwrapped Run run,
                           List<EngineCrashResult> results) {

    /**
     * Where, when and how many.
     *
     * @param runner      container or local (several, comma-separated, in a merged run)
     * @param startedAt   ISO-8601 instant
     * @param gitRevision kvbench revision
     * @param cycles      faults per engine
     * @param seed        seed of the operation streams, kill delays and fault draws
     * @param machine     the host
     */
    public record Run(String runner, String startedAt, String gitRevision, int cycles, long seed, MachineInfo machine) {
    }

    public static final int SCHEMA_VERSION = 2;
    /** The oldest schema this kvbench reads. */
    static final int OLDEST_SCHEMA_VERSION = 1;
    public static final String FILE = "crash-results.json";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public CrashResults {
        results = results == null ? List.of() : List.copyOf(results);
        run = run == null ? new Run(null, null, null, 0, 0, null) : run;
    }

    public String runner() {
        return run.runner();
    }

    public int cycles() {
        return run.cycles();
    }

    public long seed() {
        return run.seed();
    }

    public String startedAt() {
        return run.startedAt();
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
     * Several crash runs (one per engine in the nightly job, or one per fault) as one: their results side by side.
     * Complete when all are; cycles, seed and start are the first run's (each result keeps its own seed and runner).
     */
    public static CrashResults merge(List<CrashResults> runs) {
        if (runs.isEmpty()) throw new BadInputException("nothing to merge");
        Run first = runs.get(0).run();
        List<EngineCrashResult> all = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (CrashResults run : runs) {
            for (EngineCrashResult r : run.results()) {
                if (!seen.add(key(r))) {
                    throw new BadInputException("crash results of engine " + r.engine() + " under fault "
                            + r.fault().id() + " appear twice");
                }
                all.add(r);
            }
        }
        String runners = String.join(", ", runs.stream().map(CrashResults::runner).distinct().toList());
        Run merged = new Run(runners, first.startedAt(), first.gitRevision(), first.cycles(), first.seed(),
                first.machine());
        return new CrashResults(SCHEMA_VERSION, runs.stream().allMatch(CrashResults::complete), merged, all);
    }

    private static String key(EngineCrashResult r) {
        return r.engine() + " " + r.fault().id();
    }

    public static CrashResults read(Path file) {
        return parse(file, Inputs.readFile(file, "a " + FILE));
    }

    /** The content of a crash results file; every problem names the file and the field. */
    public static CrashResults parse(Path file, byte[] json) {
        CrashResults results = Inputs.parse(JSON, file, json, CrashResults.class, "crash results");
        if (results.schemaVersion() < OLDEST_SCHEMA_VERSION || results.schemaVersion() > SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + results.schemaVersion()
                    + "; this kvbench reads versions " + OLDEST_SCHEMA_VERSION + " to " + SCHEMA_VERSION);
        }
        Inputs.range(file, "cycles", results.cycles(), 0, 10_000_000);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < results.results().size(); i++) {
            EngineCrashResult r = results.results().get(i);
            String at = "results[" + i + "]";
            if (r == null) throw new InputException(file, at, "is null");
            Inputs.id(file, at + ".engine", r.engine());
            if (!seen.add(key(r))) {
                throw new InputException(file, at + ".engine", "'" + r.engine() + "' appears twice for fault "
                        + r.fault().id());
            }
            if (r.verdict() == null) throw new InputException(file, at + ".verdict", "is missing");
            check(file, at, r);
        }
        return results;
    }

    private static void check(Path file, String at, EngineCrashResult r) {
        EngineCrashResult.Counts c = r.counts();
        EngineCrashResult.Damage d = c.damage();
        EngineCrashResult.FaultEffects e = c.effects();
        Inputs.range(file, at + ".cycles", c.cycles(), 0, 10_000_000);
        long[] counts = {c.acknowledged(), c.promised(), c.pendingKept(), d.lost(), d.resurrected(), d.corrupt(),
            d.prefixBreaks(), d.unopenable(), e.injected(), e.reported(), e.wrongData(), e.crashed()};
        for (long n : counts) if (n < 0) throw new InputException(file, at, "has a negative count");
        Inputs.nonNegativeOrNaN(file, at + ".recoveryMillisMedian", r.recovery().medianMillis());
        Inputs.nonNegativeOrNaN(file, at + ".recoveryMillisMax", r.recovery().maxMillis());
        Inputs.nonNegativeOrNaN(file, at + ".seconds", r.replay().seconds());
    }
}
