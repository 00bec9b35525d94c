package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.kvbench.calibration.CalibrationData;
import io.kvbench.input.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The calibration data the lab reads ({@code calibrate --from FILE}, history-replay's --from): as kvbench's
 * HostileInputTest, JsonCompatibilityTest and ReaderFuzzTest check its own files: a hostile file is one line of bad
 * input naming the file and the field, a file written before is written back byte for byte, and every seed of the
 * fuzz corpus is read or refused as bad input.
 */
class CalibrationInputTest {

    private static final Path FIXTURES = Path.of("src/test/resources/io/kvbench/calibration");
    private static final String CALIBRATION = "{\"schemaVersion\":1,\"profile\":\"smoke\",\"runner\":\"local\","
            + "\"resources\":\"local\",\"machineClass\":\"m1\",\"nanosPerToken\":1.0,\"nanosPerTokenError\":0.1,"
            + "\"engines\":[\"rocksdb\"],\"workloads\":[\"tc-seq-read\"],\"slowdowns\":[0.05],\"rounds\":1,"
            + "\"startedAt\":\"2026-01-01T00:00:00Z\",\"complete\":true,\"runs\":[]}";

    @TempDir
    Path tmp;

    static Stream<Arguments> hostile() {
        return Stream.of(
                Arguments.of("unknown schema", CALIBRATION.replace("\"schemaVersion\":1", "\"schemaVersion\":9"),
                        "field 'schemaVersion'"),
                Arguments.of("negative nanosPerToken",
                        CALIBRATION.replace("\"nanosPerToken\":1.0", "\"nanosPerToken\":-1"), "field 'nanosPerToken'"),
                Arguments.of("slowdown Infinity", CALIBRATION.replace("[0.05]", "[\"Infinity\"]"),
                        "field 'slowdowns[0]'"),
                Arguments.of("run engine a/b", CALIBRATION.replace("\"runs\":[]",
                        "\"runs\":[{\"engine\":\"a/b\",\"workload\":\"w\",\"status\":\"OK\"}]"),
                        "field 'runs[0].engine'"),
                Arguments.of("truncated", CALIBRATION.substring(0, 20), "malformed JSON"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void aHostileFileIsOneLineOfBadInput(String name, String content, String expected) throws IOException {
        Path file = Files.writeString(tmp.resolve("calibration-runs.json"), content);
        Path out = tmp.resolve("out");
        CliRun run = LabRun.of("calibrate", "--from", file.toString(), "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).startsWith("kvbench: ").contains(file.getFileName().toString()).contains(expected)
                .doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(run.err().strip().lines().count()).as(run.err()).isEqualTo(1);
        assertThat(out).doesNotExist();
    }

    @Test
    void calibrationDataIsWrittenBackByteForByte() throws IOException {
        CalibrationData data = CalibrationData.read(FIXTURES.resolve("calibrationData/valid.json"));
        Path again = tmp.resolve("calibration.json");
        data.write(again);
        assertThat(Files.readString(again)).isEqualTo(Files.readString(FIXTURES.resolve("calibration-runs.json")));
        assertThat(CalibrationData.read(again)).isEqualTo(data);
    }

    @Test
    void everySeedIsReadOrRefusedAsBadInput() throws IOException {
        List<Path> seeds;
        try (Stream<Path> files = Files.list(FIXTURES.resolve("calibrationData"))) {
            seeds = files.toList();
        }
        assertThat(seeds).hasSizeGreaterThanOrEqualTo(2);
        for (Path seed : seeds) {
            assertThatCode(() -> {
                try {
                    CalibrationData.parse(seed, Files.readAllBytes(seed));
                } catch (InputException expected) {
                    // refused with file and field named
                }
            }).as(seed.toString()).doesNotThrowAnyException();
        }
    }
}
