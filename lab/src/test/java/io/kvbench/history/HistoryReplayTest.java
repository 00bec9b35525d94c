package io.kvbench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.kvbench.cli.KvBenchLab;
import io.kvbench.result.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kvbench-lab history-replay over the committed calibration runs (recorded order only, to keep it short). */
class HistoryReplayTest {

    @TempDir
    Path tmp;

    @Test
    void replaysTheRecordedRunsAsNights() throws Exception {
        String otava = null;
        try {
            otava = String.join(" ", Otava.resolve(System.getenv(Otava.ENV), System.getenv()).command());
        } catch (RuntimeException e) {
            assumeThat(otava).as("Apache Otava not installed: " + e.getMessage()).isNotNull();
        }
        int exit = KvBenchLab.execute("history-replay", "--from",
                "../perf-baselines/calibration/amd-epyc-f25-m17-s1-1c-4g/ci-runs.json",
                "--out", tmp.toString(), "--otava", otava, "--resampled", "0");
        assertThat(exit).isZero();
        JsonNode rows = ResultsJson.MAPPER.readTree(tmp.resolve("replay.json").toFile()).get("rows");
        // 6 benchmarks x (unchanged + 3 levels), recorded order.
        assertThat(rows).hasSize(24);
        int flagged20 = 0;
        for (JsonNode row : rows) {
            if (row.get("level").asDouble() == 0.2 && row.get("nightsToFlag").get(0).asInt() >= 0) flagged20++;
            if (row.get("level").asDouble() == 0) assertThat(row.get("judged").asInt()).isPositive();
        }
        assertThat(flagged20).as("a 20 % step is found in most benchmarks").isGreaterThanOrEqualTo(4);
        assertThat(Files.readString(tmp.resolve("replay.md"))).contains("| ci-runs.json | rocksdb / ycsb-c | 20 % |");
    }
}
