package io.kvbench.cli;

import io.kvbench.report.ConsoleReport;
import io.kvbench.report.ReportWriter;
import io.kvbench.result.Units;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * What a finished run prints and writes besides results.json (the comparison table, summary.md and report.html), and
 * where commands write by default.
 */
final class RunOutput {

    private RunOutput() {
    }

    /** {@code --out} when given, else {@code kvbench-results/<command>-<yyyyMMdd-HHmmss>}. */
    static Path outDir(Path given, String command) {
        return given != null ? given
                : Path.of("kvbench-results", command + "-" + LocalDateTime.now()
                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }

    static void write(RunResults results, Path outDir, PrintWriter out) throws IOException {
        out.println();
        ConsoleReport.print(results, out, Units.forConsole());
        ReportWriter.Written written = ReportWriter.write(results, outDir, null);
        out.println();
        out.println("results: " + outDir.resolve("results.json") + "  (raw JMH JSON: "
                + outDir.resolve("jmh-results.json") + ")");
        out.println("report:  " + written.html() + "  summary: " + written.summary());
        out.flush();
    }
}
