package io.kvbench.report;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.crash.Fault;
import io.kvbench.result.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The crash-test part of the reports: a Markdown table for summary.md (job summaries) and an HTML page section, one row
 * per engine with its promise, what was acknowledged, what was lost, resurrected or corrupted, unopenable stores and
 * recovery times; failures with their reason, reproduce command and kept directory.
 */
public final class CrashReport {

    public static final String HEADING = "Crash recovery";

    private static final Units UNITS = Units.UNICODE;

    private CrashReport() {
    }

    /** Writes summary.md and report.html of a crash run into {@code outDir}. */
    public static ReportWriter.Written write(CrashResults crash, Path outDir) throws IOException {
        String summary = "## kvbench crash tests: runner `" + crash.runner() + "`, " + crash.cycles() + " " + fault(crash).noun()
                + "s per engine, seed "
                + crash.seed() + "\n\n" + markdown(crash);
        String html = page(crash);
        Files.createDirectories(outDir);
        Path summaryFile = outDir.resolve(ReportWriter.SUMMARY_FILE);
        Path htmlFile = outDir.resolve(ReportWriter.HTML_FILE);
        AtomicFiles.writeString(summaryFile, summary);
        AtomicFiles.writeString(htmlFile, html);
        return new ReportWriter.Written(summaryFile, htmlFile);
    }

    /** The Markdown section: a table, then one paragraph per engine that did not pass. */
    public static String markdown(CrashResults crash) {
        StringBuilder md = new StringBuilder();
        if (!crash.complete()) md.append("> [!WARNING]\n> **Incomplete**: not every planned engine was tested.\n\n");
        md.append("| engine | promise " + fault(crash).promiseHeading() + " | verdict | cycles | acknowledged | promised | lost | resurrected | corrupt "
                + "| prefix breaks | unopenable | recovery median / max |\n");
        md.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (EngineCrashResult r : crash.results()) {
            md.append("| ").append(r.engine()).append(" | ").append(promise(r)).append(" | ").append(verdict(r))
                    .append(" | ").append(r.cycles()).append(" | ").append(count(r.acknowledged())).append(" | ")
                    .append(count(r.promised())).append(" | ").append(r.lost()).append(" | ").append(r.resurrected())
                    .append(" | ").append(r.corrupt()).append(" | ").append(r.prefixBreaks()).append(" | ")
                    .append(r.unopenable()).append(" | ").append(recovery(r)).append(" |\n");
        }
        md.append('\n');
        for (EngineCrashResult r : crash.results()) {
            if (r.verdict() == EngineCrashResult.Verdict.PASS) continue;
            md.append("- **").append(r.engine()).append("** ").append(r.verdict()).append(": ")
                    .append(r.reason() == null ? "" : r.reason().replace("\n", " "));
            if (r.reference() != null) md.append(" (known issue: ").append(r.reference()).append(')');
            for (String example : r.examples()) md.append("\n  - ").append(example);
            if (r.keptDirectory() != null) md.append("\n  - kept: `").append(r.keptDirectory()).append('`');
            md.append("\n  - reproduce: `").append(r.reproduce()).append("`\n");
        }
        md.append("\nEach cycle: a fresh writer process reopens the store (recovery), its state is checked against the "
                + "killed writer's ledger, then it writes seeded puts and deletes until SIGKILL after a random delay. "
                + "Acknowledged: operations that returned; promised: those the engine's declared durability must keep "
                + "(every write, or up to the last flush). Counts of lost, resurrected and corrupt are keys.\n");
        if (fault(crash) == Fault.POWER_CUT) {
            md.append("\nAfter each kill the power was cut: the store's FUSE file system dropped what was not fsync'd (every "
                    + "unsynced write, a seeded prefix of each file's, or all but a torn last write; names not made durable "
                    + "by a directory fsync), and the promise checked is the one declared for a power cut.\n");
        }
        return md.toString();
    }

    private static String page(CrashResults crash) {
        StringBuilder html = new StringBuilder(16 * 1024);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>kvbench crash report · ").append(Html.escape(crash.startedAt())).append("</title>\n<style>\n")
                .append(HtmlStyle.CSS).append("</style>\n</head>\n<body>\n<main>\n<header>\n<h1>kvbench crash report</h1>\n")
                .append("<p class=\"subtitle\">runner <strong>").append(Html.escape(crash.runner())).append("</strong> · ")
                .append(crash.cycles()).append(" ").append(fault(crash).noun()).append("s per engine · seed ").append(crash.seed()).append(" · ")
                .append(Html.escape(crash.startedAt())).append("</p>\n</header>\n");
        html.append(section(crash));
        html.append("<footer>Generated by <code>kvbench crash</code>.</footer>\n</main>\n</body>\n</html>\n");
        return html.toString();
    }

    /** The HTML section (for a page of its own or a merged report). */
    public static String section(CrashResults crash) {
        StringBuilder html = new StringBuilder();
        html.append("<section>\n<h2>").append(HEADING).append("</h2>\n");
        if (!crash.complete()) html.append("<p class=\"banner warn\"><strong>Incomplete.</strong> Not every planned engine was tested.</p>\n");
        for (EngineCrashResult r : crash.results()) {
            if (r.failed()) {
                html.append("<p class=\"banner error\"><strong>").append(Html.escape(r.engine())).append(": ")
                        .append(r.verdict()).append(".</strong> ").append(Html.escape(r.reason()))
                        .append(r.keptDirectory() == null ? "" : " Kept: <code>" + Html.escape(r.keptDirectory()) + "</code>.")
                        .append(" Reproduce: <code>").append(Html.escape(r.reproduce())).append("</code></p>\n");
            }
        }
        html.append("<div class=\"table-wrap\"><table class=\"metrics\">\n<thead><tr><th>engine</th><th>promise "
                + fault(crash).promiseHeading() + "</th>"
                + "<th>verdict</th><th>cycles</th><th>acknowledged</th><th>promised</th><th>lost</th><th>resurrected</th>"
                + "<th>corrupt</th><th>prefix breaks</th><th>unopenable</th><th>recovery median / max</th></tr></thead>\n<tbody>\n");
        for (EngineCrashResult r : crash.results()) {
            html.append("<tr><td>").append(Html.escape(r.engine())).append("</td><td>").append(Html.escape(promise(r)))
                    .append("</td><td title=\"").append(Html.escape(r.reason())).append("\">").append(Html.escape(verdict(r)))
                    .append("</td><td>").append(r.cycles()).append("</td><td>").append(count(r.acknowledged()))
                    .append("</td><td>").append(count(r.promised())).append("</td><td>").append(r.lost()).append("</td><td>")
                    .append(r.resurrected()).append("</td><td>").append(r.corrupt()).append("</td><td>").append(r.prefixBreaks())
                    .append("</td><td>").append(r.unopenable()).append("</td><td>").append(Html.escape(recovery(r)))
                    .append("</td></tr>\n");
        }
        html.append("</tbody></table></div>\n");
        List<BarChart.Bar> bars = new ArrayList<>();
        for (EngineCrashResult r : crash.results()) {
            if (Double.isFinite(r.recoveryMillisMedian())) {
                bars.add(new BarChart.Bar(r.engine(), r.recoveryMillisMedian(), Double.NaN, "#4e79a7"));
            }
        }
        bars.sort((a, b) -> Double.compare(a.value(), b.value()));
        if (!bars.isEmpty()) {
            html.append("<h3>Time to reopen after a kill (median)</h3>\n")
                    .append(new BarChart(bars, "ms/op", UNITS, 16).svg("median time to reopen a store after SIGKILL"));
        }
        html.append("</section>\n");
        return html.toString();
    }

    /** The fault of a run: its engines' (a merged run of kills and power cuts shows each engine's in its reason). */
    private static Fault fault(CrashResults crash) {
        return crash.results().isEmpty() ? Fault.PROCESS_KILL : Fault.of(crash.results().get(0).fault());
    }

    private static String promise(EngineCrashResult r) {
        String what = switch (r.promise()) {
            case "EVERY_WRITE" -> "every write";
            case "AFTER_FLUSH" -> "writes before flush";
            case "AFTER_CLOSE" -> "only after close";
            default -> "nothing";
        };
        return what + (r.prefixPromised() ? ", prefix" : "");
    }

    private static String verdict(EngineCrashResult r) {
        return switch (r.verdict()) {
            case PASS -> "pass";
            case BROKEN_PROMISE -> "BROKEN PROMISE";
            case KNOWN_ISSUE -> "known issue";
            case INFORMATION -> "information";
            case ERROR -> "ERROR";
        };
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String recovery(EngineCrashResult r) {
        if (!Double.isFinite(r.recoveryMillisMedian())) return "n/a";
        return UNITS.value(r.recoveryMillisMedian(), "ms/op") + " / " + UNITS.value(r.recoveryMillisMax(), "ms/op");
    }
}
