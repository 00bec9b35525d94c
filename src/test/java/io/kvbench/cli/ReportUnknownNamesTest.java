package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `report` shows what a results.json holds even when its metric, unit, profile or machine class are names kvbench
 * does not know, path-like ones included: they are table cells, never paths. It writes summary.md and report.html into
 * --out and nothing anywhere else.
 */
class ReportUnknownNamesTest {

    @Test
    void unknownAndPathLikeNamesAreReportedNotFollowed(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("deep/er/results"));
        String results = HostileInputTest.RESULTS.replace("\"profile\":\"smoke\"", "\"profile\":\"../../../escaped\"")
                .replace("\"machineClass\":\"m1\"", "\"machineClass\":\"../class\"")
                .replace("\"metric\":\"throughput\"", "\"metric\":\"../../speed\"")
                .replace("\"unit\":\"ops/s\"", "\"unit\":\"frobs/s\"");
        Files.writeString(dir.resolve("results.json"), results);
        Path out = tmp.resolve("deep/er/out");

        CliRun run = CliRun.of("report", "--results", dir.toString(), "--out", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("../../../escaped").contains("frobs/s");
        try (Stream<Path> files = Files.walk(tmp)) {
            assertThat(files.filter(Files::isRegularFile).map(tmp::relativize).map(Path::toString).sorted().toList())
                    .containsExactly("deep/er/out/report.html", "deep/er/out/summary.md",
                    "deep/er/results/results.json");
        }
    }
}
