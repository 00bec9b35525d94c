package io.kvbench.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads {@code results.json} from a run's output directory for the commands that judge it, and rejects (as bad input,
 * IllegalArgumentException) anything they could not judge honestly: a missing file, broken JSON, a missing machine class,
 * an OK result without a usable score, the same (engine, workload) twice.
 */
public final class ResultsInput {

    private ResultsInput() {
    }

    public static RunResults read(Path dir) throws IOException {
        if (!Files.exists(dir)) throw new IllegalArgumentException("results directory " + dir + " does not exist");
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException("results directory " + dir + " is not a directory");
        Path file = dir.resolve(ResultsJson.RESULTS_FILE);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(dir + " has no " + ResultsJson.RESULTS_FILE + "; is it the output directory of a run?");
        }
        RunResults run;
        try {
            run = ResultsJson.read(file);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": malformed: " + e.getOriginalMessage(), e);
        }
        if (run == null) throw new IllegalArgumentException(file + ": malformed: empty");
        validate(file, run);
        return run;
    }

    private static void validate(Path file, RunResults run) {
        if (run.schemaVersion() != RunResults.SCHEMA_VERSION) {
            throw new IllegalArgumentException(file + ": field 'schemaVersion' is " + run.schemaVersion()
                    + "; this kvbench reads version " + RunResults.SCHEMA_VERSION);
        }
        if (blank(run.profile())) throw new IllegalArgumentException(file + ": field 'profile' is missing");
        if (run.machine() == null) throw new IllegalArgumentException(file + ": field 'machine' is missing");
        if (blank(run.machine().machineClass())) {
            throw new IllegalArgumentException(file + ": field 'machine.machineClass' is missing");
        }
        Set<BenchmarkKey> seen = new HashSet<>();
        List<BenchmarkResult> results = run.results();
        for (int i = 0; i < results.size(); i++) {
            BenchmarkResult r = results.get(i);
            String where = file + ": results[" + i + "]";
            if (r == null) throw new IllegalArgumentException(where + " is null");
            if (blank(r.engine())) throw new IllegalArgumentException(where + ": field 'engine' is missing");
            if (blank(r.workload())) throw new IllegalArgumentException(where + ": field 'workload' is missing");
            where += " (" + r.key() + ")";
            if (r.status() == null) throw new IllegalArgumentException(where + ": field 'status' is missing");
            if (!seen.add(BenchmarkKey.of(r))) throw new IllegalArgumentException(where + ": appears twice");
            if (r.status() == Status.OK) validateMeasured(where, r);
        }
    }

    private static void validateMeasured(String where, BenchmarkResult r) {
        if (!BenchmarkResult.THROUGHPUT.equals(r.metric()) && !BenchmarkResult.TIME_PER_PASS.equals(r.metric())) {
            throw new IllegalArgumentException(where + ": field 'metric' is " + quote(r.metric()) + "; valid values: "
                    + BenchmarkResult.THROUGHPUT + ", " + BenchmarkResult.TIME_PER_PASS);
        }
        if (blank(r.unit())) throw new IllegalArgumentException(where + ": field 'unit' is missing");
        if (!(r.score() > 0) || Double.isInfinite(r.score())) {
            throw new IllegalArgumentException(where + ": field 'score' is " + r.score() + "; an OK result needs a positive score");
        }
        if (r.error() < 0 || Double.isInfinite(r.error())) {
            throw new IllegalArgumentException(where + ": field 'error' is " + r.error() + "; it must be >= 0 or NaN");
        }
        for (int j = 0; j < r.samples().size(); j++) {
            Double s = r.samples().get(j);
            if (s == null || !Double.isFinite(s)) {
                throw new IllegalArgumentException(where + ": field 'samples' item " + j + " is not a number: " + s);
            }
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String quote(String s) {
        return s == null ? "missing" : "'" + s + "'";
    }
}
