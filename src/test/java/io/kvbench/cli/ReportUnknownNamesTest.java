package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `report` shows a unit or machine class it does not know as table cells, never as paths, and writes summary.md and
 * report.html into --out and nothing anywhere else. A metric it does not know, or a profile name that is a path, it
 * refuses (exit 2, one line naming the field, nothing written): it would show the one as if it were a known metric and
 * suggest the other as a --profile.
 */
class ReportUnknownNamesTest {

    @Test
    void unknownUnitsAndClassesAreReportedNotFollowed(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("deep/er/results"));
        String results = HostileInputTest.RESULTS.replace("\"machineClass\":\"m1\"", "\"machineClass\":\"../class\"")
                .replace("\"unit\":\"ops/s\"", "\"unit\":\"frobs/s\"");
        Files.writeString(dir.resolve("results.json"), results);
        Path out = tmp.resolve("deep/er/out");

        CliRun run = CliRun.of("report", "--results", dir.toString(), "--out", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("../class").contains("frobs/s");
        assertThat(files(tmp)).containsExactly("deep/er/out/report.html", "deep/er/out/summary.md",
                "deep/er/results/results.json");
    }

    @Test
    void anUnknownMetricOrAPathAsProfileIsRefused(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("results"));
        for (String[] change : new String[][] {{"\"profile\":\"smoke\"", "\"profile\":\"../../../escaped\"", "profile"},
                {"\"metric\":\"throughput\"", "\"metric\":\"../../speed\"", "results[0].metric"}}) {
            Files.writeString(dir.resolve("results.json"), HostileInputTest.RESULTS.replace(change[0], change[1]));
            CliRun run = CliRun.of("report", "--results", dir.toString(), "--out", tmp.resolve("out").toString());
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
            assertThat(run.err().lines().toList()).singleElement().asString().startsWith("kvbench: ")
                    .contains("field '" + change[2] + "'");
            assertThat(files(tmp)).containsExactly("results/results.json");
        }
    }

    private static java.util.List<String> files(Path root) throws java.io.IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(root::relativize).map(Path::toString).sorted().toList();
        }
    }
}
