package io.kvbench.cli;

import io.kvbench.history.ChangeDetection;
import io.kvbench.history.ChangePoint;
import io.kvbench.history.HistoryStore;
import io.kvbench.history.Otava;
import io.kvbench.input.BadInputException;
import io.kvbench.report.ChangePointsReport;
import io.kvbench.report.TextTable;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.ResultsJson;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench history changes}: change points over every series of the history (Apache Otava), written as
 * change-points.json, change-points.md (for the job summary) and trends.html. Reports by default; with --fail-within N
 * it fails (exit 1) on a worse change whose first night is among the newest N, so that a shift found weeks ago does
 * not keep the nightly red forever.
 */
@Command(name = "changes", mixinStandardHelpOptions = true,
        description = {"Find persistent shifts in every series of the history with Apache Otava (E-divisive means): "
                + "each benchmark's score and each cost per operation it recorded (alloc.bytes.op, "
                + "write.amplification, syncs.op; a cost is worse when it grows). Writes <out>/change-points.json "
                + "and <out>/trends.html (self-contained; publishable as index.html).",
                "Exit 1 when a change in the worse direction starts within the newest --fail-within nights of its "
                        + "series (off by default), 2 on bad input, 3 when Otava is missing or fails."})
final class HistoryChangesCommand implements Callable<Integer> {

    static final String TRENDS_FILE = "trends.html";
    static final String MARKDOWN_FILE = "change-points.md";

    @Option(names = "--history", required = true, paramLabel = "DIR",
            description = "History directory, as `kvbench history append` writes it (required).")
    Path history;

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Option(names = "--otava", paramLabel = "CMD",
            description = "The otava command (default: $" + Otava.ENV + ", else otava on the PATH).")
    String otava;

    @Option(names = "--p-value", defaultValue = "0.001", paramLabel = "P",
            description = "Largest p-value of a reported change point (Otava's -P; default: ${DEFAULT-VALUE}).")
    double pValue;

    @Option(names = "--min-shift", defaultValue = "0", paramLabel = "PERCENT",
            description = "Smallest shift reported, in percent: 5 or 5%% (Otava's -M; default: ${DEFAULT-VALUE}).")
    Percent minShift;

    @Option(names = "--fail-within", defaultValue = "0", paramLabel = "NIGHTS",
            description = "Exit 1 when a worse change starts within this many newest nights of its series (default: "
                    + "${DEFAULT-VALUE}: report only; the false-alarm rate measured by replaying unchanged series is "
                    + "in docs/ci-nightly.md).")
    int failWithin;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(history)) throw new BadInputException("history directory " + history
                + " does not exist");
        if (!(pValue > 0 && pValue < 1)) throw new BadInputException("--p-value must be in (0, 1), not "
                + pValue);
        OptionRange.atLeast("--fail-within", 0, failWithin);
        Path outDir = OutOption.check(RunOutput.outDir(this.out, "history-changes"));
        Otava tool = Otava.resolve(otava, System.getenv());
        List<HistoryStore.Series> series = new HistoryStore(history).all();
        ChangeDetection.Report report = ChangeDetection.detect(series, tool,
                new Otava.Settings(pValue, minShift.fraction()),
                outDir.resolve("otava"));
        ResultsJson.write(outDir.resolve(ChangeDetection.Report.FILE), report);
        String trends = ChangePointsReport.trendsHtml(series, report);
        AtomicFiles.writeString(outDir.resolve(TRENDS_FILE), trends);
        // The same page as index.html, so that <out> can be published to GitHub Pages as it is.
        AtomicFiles.writeString(outDir.resolve("index.html"), trends);
        AtomicFiles.writeString(outDir.resolve(MARKDOWN_FILE), ChangePointsReport.markdown(report));

        PrintWriter console = spec.commandLine().getOut();
        TextTable table = new TextTable("machine class", "engine", "workload", "metric", "first night", "commit range",
                "shift", "direction", "nights since");
        for (ChangePoint c : report.changePoints()) {
            table.row(c.machineClass(), c.engine(), c.workload(), c.metric(), c.time(), c.lastCommitBefore() + ".."
                    + c.firstCommitAfter(),
                    c.formattedShift(), c.direction(),
                            String.valueOf(c.nightsSince()));
        }
        if (!report.changePoints().isEmpty()) table.print(console);
        console.print(ChangePointsReport.bisections(report.changePoints(), "").replace("`", ""));
        List<ChangePoint> recent = failWithin == 0 ? List.of() : report.recentWorse(failWithin);
        console.println(report.series() + " series, " + report.nights() + " nights: " + report.changePoints().size()
                + " change points" + (failWithin == 0 ? " (report only: no --fail-within)"
                        : ", " + recent.size() + " worse within the newest " + failWithin + " nights"));
        console.println("wrote " + outDir.resolve(ChangeDetection.Report.FILE) + ", " + MARKDOWN_FILE + " and "
                + TRENDS_FILE);
        console.flush();
        return recent.isEmpty() ? ExitCode.OK.code() : ExitCode.FAILED.code();
    }
}
