package io.kvbench.calibration;

import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a calibration measured, written after every run ({@value #FILE} in its output directory) so that an
 * interrupted or over-budget calibration keeps what it has, and committed beside the figures as the raw data.
 *
 * @param resources     the resource profile of the benchmark containers, or "local"
 * @param nanosPerToken what one Blackhole.consumeCPU token cost where the benchmarks ran
 * @param slowdowns     injected slowdown levels (0.05 = 5 %)
 * @param complete      false while running, and when the time budget or an interrupt ended it early
 */
public record CalibrationData(int schemaVersion, String profile, String runner, String resources, String machineClass,
                              double nanosPerToken, double nanosPerTokenError, List<String> engines,
                              List<String> workloads, List<Double> slowdowns, int rounds, String startedAt,
                              boolean complete, List<CalibrationRun> runs) {

    public static final int SCHEMA_VERSION = 1;
    public static final String FILE = "calibration-runs.json";

    public CalibrationData {
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    CalibrationData with(CalibrationRun run) {
        List<CalibrationRun> more = new ArrayList<>(runs);
        more.add(run);
        return new CalibrationData(schemaVersion, profile, runner, resources, machineClass, nanosPerToken,
                nanosPerTokenError, engines, workloads, slowdowns, rounds, startedAt, false, more);
    }

    CalibrationData completed(boolean complete, String machineClass) {
        return new CalibrationData(schemaVersion, profile, runner, resources, machineClass, nanosPerToken,
                nanosPerTokenError, engines, workloads, slowdowns, rounds, startedAt, complete, runs);
    }

    public static CalibrationData read(Path file) throws IOException {
        CalibrationData data = ResultsJson.MAPPER.readValue(file.toFile(), CalibrationData.class);
        if (data == null || data.schemaVersion() != SCHEMA_VERSION) {
            throw new IllegalArgumentException(file + ": not calibration data of schema version " + SCHEMA_VERSION);
        }
        return data;
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }
}
