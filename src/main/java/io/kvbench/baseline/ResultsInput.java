package io.kvbench.baseline;

import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Metric;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one reader of a {@code results.json} someone hands kvbench. Every problem is an {@link InputException} naming the
 * file and the field (exit code 2). Both modes refuse what no command can use: broken JSON, another schema version,
 * engine, workload or profile names that are paths ("../x", "a/b"), a metric kvbench does not know,
 * negative, infinite or NaN scores where a score is required, the same (engine, workload) twice.
 * {@link Mode#STRICT}, for the commands that judge a run, also wants everything a verdict needs: the machine class, a
 * metric, a unit and a positive score for every OK result.
 */
public final class ResultsInput {

    /** How much a reader needs. */
    public enum Mode {
        /** Gating, comparing, baselines, history: everything a verdict needs. */
        STRICT,
        /** Reporting: whatever can be shown honestly, so a run with gaps still gets its report. */
        LENIENT
    }

    private ResultsInput() {
    }

    /** {@code dir/results.json} of a run's output directory, strictly. */
    public static RunResults read(Path dir) {
        Inputs.directory(dir, "a results");
        Path file = dir.resolve(ResultsJson.RESULTS_FILE);
        if (!Files.exists(file)) {
            throw new InputException(dir, null, "has no " + ResultsJson.RESULTS_FILE
                    + "; is it the output directory of a run?");
        }
        return readFile(file, Mode.STRICT);
    }

    /** One results file. */
    public static RunResults readFile(Path file, Mode mode) {
        byte[] bytes = Inputs.readFile(file, "a " + ResultsJson.RESULTS_FILE);
        RunResults run = Inputs.parse(ResultsJson.MAPPER, file, bytes, RunResults.class, "a results object");
        validate(file, run, mode);
        return run;
    }

    private static void validate(Path file, RunResults run, Mode mode) {
        if (run.schemaVersion() != RunResults.SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + run.schemaVersion()
                    + "; this kvbench reads version " + RunResults.SCHEMA_VERSION);
        }
        if (mode == Mode.STRICT) {
            if (blank(run.profile())) throw new InputException(file, "profile", "is missing");
            if (run.machine() == null) throw new InputException(file, "machine", "is missing");
            if (blank(run.machine().machineClass())) throw new InputException(file, "machine.machineClass",
                    "is missing");
        }
        // A profile name becomes part of paths (perf-baselines/<profile>/) and of suggested commands: never a path.
        if (!blank(run.profile())) Inputs.id(file, "profile", run.profile());
        Set<BenchmarkKey> seen = new HashSet<>();
        List<BenchmarkResult> results = run.results();
        for (int i = 0; i < results.size(); i++) {
            BenchmarkResult r = results.get(i);
            String at = "results[" + i + "]";
            if (r == null) throw new InputException(file, at, "is null");
            Inputs.id(file, at + ".engine", r.engine());
            Inputs.id(file, at + ".workload", r.workload());
            if (r.status() == null) throw new InputException(file, at + ".status", "is missing");
            if (!seen.add(BenchmarkKey.of(r))) {
                throw new InputException(file, at, "(" + r.key()
                        + ") appears twice; one result per engine and workload");
            }
            validateNumbers(file, at, r, mode == Mode.STRICT && r.status() == Status.OK);
            if (mode == Mode.STRICT && r.status() == Status.OK) validateMeasured(file, at, r);
            // A metric no reader knows would be shown as if it were one: refused in every mode where one is given.
            if (mode == Mode.LENIENT && r.metric() != null) validateMetric(file, at, r);
        }
    }

    /** Numbers any reader would show: never negative or infinite; NaN only where it means "not measured". */
    private static void validateNumbers(Path file, String at, BenchmarkResult r, boolean judged) {
        if (r.status() == Status.OK) Inputs.positive(file, at + ".score", r.score());
        else Inputs.nonNegativeOrNaN(file, at + ".score", r.score());
        Inputs.nonNegativeOrNaN(file, at + ".error", r.error());
        for (int j = 0; j < r.samples().size(); j++) {
            Double s = r.samples().get(j);
            // NaN: a sample a report shows as missing; a result that is judged needs every sample.
            if (s == null || Double.isInfinite(s) || s < 0 || judged && s.isNaN()) {
                throw new InputException(file, at + ".samples[" + j + "]", "is " + s
                        + "; a sample is a finite number >= 0");
            }
        }
        for (Map.Entry<String, Metric> m : r.secondary().entrySet()) {
            String field = at + ".secondary." + Inputs.printable(m.getKey());
            if (m.getValue() == null) throw new InputException(file, field, "is null");
            if (!Double.isNaN(m.getValue().score()) && !Double.isFinite(m.getValue().score())) {
                throw new InputException(file, field + ".score", "is " + m.getValue().score()
                        + "; it must be finite or NaN");
            }
        }
    }

    private static void validateMeasured(Path file, String at, BenchmarkResult r) {
        validateMetric(file, at, r);
        if (blank(r.unit())) throw new InputException(file, at + ".unit", "is missing");
    }

    private static void validateMetric(Path file, String at, BenchmarkResult r) {
        if (!BenchmarkResult.THROUGHPUT.equals(r.metric()) && !BenchmarkResult.TIME_PER_PASS.equals(r.metric())) {
            throw new InputException(file, at + ".metric", "is " + quote(r.metric()) + "; valid values: "
                    + BenchmarkResult.THROUGHPUT + ", " + BenchmarkResult.TIME_PER_PASS);
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String quote(String s) {
        return s == null ? "missing" : "'" + Inputs.printable(s) + "'";
    }
}
