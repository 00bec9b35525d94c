package io.kvbench.calibration;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a calibration measured, written after every run ({@value #FILE} in its output directory, one flat object)
 * so that an interrupted or over-budget calibration keeps what it has, and committed beside the figures as the raw
 * data.
 *
 * @param conditions where it ran
 * @param tokenCost  what one Blackhole.consumeCPU token cost there, in data recorded when slowdowns were tokens
 * @param design     what it measured and injected
 * @param complete   false while running, and when the time budget or an interrupt ended it early
 */
public record CalibrationData(int schemaVersion, @JsonUnwrapped Conditions conditions,
                              @JsonUnwrapped TokenCostFigures tokenCost, @JsonUnwrapped Design design,
                              String startedAt, boolean complete, List<CalibrationRun> runs) {

    public static final int SCHEMA_VERSION = 1;
    public static final String FILE = "calibration-runs.json";

    /**
     * @param resources    the resource profile of the benchmark containers, or "local"
     * @param machineClass the machine class of the benchmarks; empty until the first one ran
     */
    public record Conditions(String profile, String runner, String resources, String machineClass) {
    }

    /**
     * What one Blackhole.consumeCPU token cost where the benchmarks ran, and its error: recorded when slowdowns were
     * tokens (before 2026-11-28); null, and not written, since they are an engine-call delay in nanoseconds.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TokenCostFigures(Double nanosPerToken, Double nanosPerTokenError) {
    }

    /**
     * @param slowdowns injected slowdown levels (0.05 = 5 %)
     * @param rounds    interleaved rounds after the sizing run
     */
    public record Design(List<String> engines, List<String> workloads, List<Double> slowdowns, int rounds) {
    }

    public CalibrationData {
        conditions = conditions == null ? new Conditions(null, null, null, null) : conditions;
        tokenCost = tokenCost == null ? new TokenCostFigures(null, null) : tokenCost;
        design = design == null ? new Design(null, null, null, 0) : design;
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    CalibrationData with(CalibrationRun run) {
        List<CalibrationRun> more = new ArrayList<>(runs);
        more.add(run);
        return new CalibrationData(schemaVersion, conditions, tokenCost, design, startedAt, false, more);
    }

    CalibrationData completed(boolean done, String measuredOn) {
        Conditions where = new Conditions(profile(), runner(), resources(), measuredOn);
        return new CalibrationData(schemaVersion, where, tokenCost, design, startedAt, done, runs);
    }

    public String profile() {
        return conditions.profile();
    }

    public String runner() {
        return conditions.runner();
    }

    public String resources() {
        return conditions.resources();
    }

    public String machineClass() {
        return conditions.machineClass();
    }

    /** What a token cost, in data recorded when slowdowns were tokens; null otherwise. */
    public Double nanosPerToken() {
        return tokenCost.nanosPerToken();
    }

    public Double nanosPerTokenError() {
        return tokenCost.nanosPerTokenError();
    }

    public List<String> engines() {
        return design.engines();
    }

    public List<String> workloads() {
        return design.workloads();
    }

    public List<Double> slowdowns() {
        return design.slowdowns();
    }

    public int rounds() {
        return design.rounds();
    }

    public static CalibrationData read(Path file) {
        return parse(file, Inputs.readFile(file, "a " + FILE));
    }

    /** The content of a calibration data file; every problem names the file and the field. */
    public static CalibrationData parse(Path file, byte[] json) {
        CalibrationData data = Inputs.parse(ResultsJson.MAPPER, file, json, CalibrationData.class, "calibration data");
        if (data.schemaVersion() != SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + data.schemaVersion()
                    + "; this kvbench reads version " + SCHEMA_VERSION);
        }
        if (data.nanosPerToken() != null) Inputs.nonNegativeOrNaN(file, "nanosPerToken", data.nanosPerToken());
        if (data.nanosPerTokenError() != null) {
            Inputs.nonNegativeOrNaN(file, "nanosPerTokenError", data.nanosPerTokenError());
        }
        Inputs.range(file, "rounds", data.rounds(), 0, 100_000);
        List<Double> slowdowns = data.slowdowns() == null ? List.of() : data.slowdowns();
        for (int i = 0; i < slowdowns.size(); i++) {
            Double s = slowdowns.get(i);
            if (s == null || !(s >= 0 && s <= 100)) throw new InputException(file, "slowdowns[" + i + "]", "is " + s
                    + "; it must be in [0, 100]");
        }
        for (int i = 0; i < data.runs().size(); i++) {
            CalibrationRun run = data.runs().get(i);
            String at = "runs[" + i + "]";
            if (run == null) throw new InputException(file, at, "is null");
            Inputs.id(file, at + ".engine", run.engine());
            Inputs.id(file, at + ".workload", run.workload());
            if (run.status() == null) throw new InputException(file, at + ".status", "is missing");
            Inputs.range(file, at + ".round", run.round(), 0, 100_000);
            Inputs.range(file, at + ".forks", run.forks(), 0, 1000);
            if (run.tokens() != null) Inputs.range(file, at + ".tokens", run.tokens(), 0, Long.MAX_VALUE);
            if (run.delayNanos() != null) Inputs.range(file, at + ".delayNanos", run.delayNanos(), 0, Long.MAX_VALUE);
            if (!(run.slowdown() >= 0 && run.slowdown() <= 100)) throw new InputException(file, at + ".slowdown", "is "
                    + run.slowdown() + "; it must be in [0, 100]");
            Inputs.nonNegativeOrNaN(file, at + ".score", run.score());
            for (int j = 0; j < run.samples().size(); j++) {
                Double s = run.samples().get(j);
                if (s == null || !Double.isFinite(s) || s < 0) throw new InputException(file, at + ".samples[" + j
                        + "]", "is " + s + "; a sample is a finite number >= 0");
            }
            if (run.diskBytes() != null && run.diskBytes() < 0) throw new InputException(file, at + ".diskBytes",
                    "is negative");
        }
        return data;
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }
}
