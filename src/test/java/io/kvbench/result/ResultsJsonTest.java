package io.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsJsonTest {

    @TempDir
    Path tmp;

    @Test
    void roundTripKeepsEveryFieldIncludingNaN() throws Exception {
        MachineInfo machine = new MachineInfo("Test CPU", 2, 1L << 34, "Linux", "test-cpu-2c");
        ResultContext context = new ResultContext(new Software("1.0", "OpenJDK 17", "abc123"), "smoke", "local",
                "2026-11-21T00:00:00Z", machine, Map.of("heap", "512m"), Map.of("records", "10000"));
        BenchmarkResult ok = BenchmarkResult.measured("rocksdb", "ycsb-c", new Measurement(BenchmarkResult.THROUGHPUT,
                1234.5, Double.NaN, "ops/s", List.of(1200.0, 1269.0),
                Map.of(MetricNames.DISK_BYTES, new Metric(4096, 0, "B"))), context);
        BenchmarkResult na = BenchmarkResult.notApplicable("sparkey", "ycsb-a", "write-once engine", context);
        RunResults run = new RunResults(RunResults.SCHEMA_VERSION, true, "smoke", "local", "2026-11-21T00:00:00Z",
                machine,
                List.of(ok, na));
        Path file = tmp.resolve("results.json");
        ResultsJson.write(file, run);
        RunResults back = ResultsJson.read(file);
        assertThat(back).isEqualTo(run); // record equality compares doubles with Double.compare, so NaN equals NaN
        assertThat(back.results().get(0).error()).isNaN();
        assertThat(Files.readString(file)).contains("\"results\"").contains("\"samples\"").contains("\"context\"");
        assertThat(Files.list(tmp)).as("no temp file left behind").containsExactly(file);
    }

    @Test
    void unknownFieldsAreErrors() throws Exception {
        Path file = Files.writeString(tmp.resolve("results.json"),
                "{\"schemaVersion\": 1, \"complete\": true, \"profil\": \"smoke\"}");
        assertThatThrownBy(() -> ResultsJson.read(file)).hasMessageContaining("profil");
    }
}
