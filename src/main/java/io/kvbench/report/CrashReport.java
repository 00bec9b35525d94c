package io.kvbench.report;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.crash.Fault;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.Units;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The crash-test part of the reports: for summary.md (job summaries) and an HTML page section, one table per fault
 * ({@link CrashTable}) with a row per engine, a verdict matrix when several faults ran, and for each result that did
 * not pass its reason, reproduce command and kept directory.
 */
public final class CrashReport {

    public static final String HEADING = "Crash recovery";

    private static final Units UNITS = Units.UNICODE;

    private CrashReport() {
    }

    /** Writes summary.md and report.html of a crash run into {@code outDir}. */
    public static ReportWriter.Written write(CrashResults crash, Path outDir) throws IOException {
        String summary = "## kvbench crash tests: runner `" + crash.runner() + "`, " + crash.cycles() + " "
                + nouns(crash) + " per engine, seed " + crash.seed() + "\n\n" + markdown(crash);
        String html = page(crash);
        Files.createDirectories(outDir);
        Path summaryFile = outDir.resolve(ReportWriter.SUMMARY_FILE);
        Path htmlFile = outDir.resolve(ReportWriter.HTML_FILE);
        AtomicFiles.writeString(summaryFile, summary);
        AtomicFiles.writeString(htmlFile, html);
        return new ReportWriter.Written(summaryFile, htmlFile);
    }

    /** The Markdown section: a verdict matrix (several faults), a table per fault, a paragraph per failure. */
    public static String markdown(CrashResults crash) {
        return render(crash, true);
    }

    /**
     * The same for a terminal, as {@code compare} and {@code gate} print theirs: {@link TextTable}s, each fault's name
     * above its table, no Markdown marks. The files (summary.md) keep the Markdown.
     */
    public static String text(CrashResults crash) {
        return render(crash, false);
    }

    private static String render(CrashResults crash, boolean markdown) {
        StringBuilder out = new StringBuilder();
        if (!crash.complete()) {
            out.append(markdown ? "> [!WARNING]\n> **Incomplete**: not every planned engine was tested.\n\n"
                    : "Incomplete: not every planned engine was tested.\n\n");
        }
        List<CrashTable> tables = CrashTable.of(crash);
        if (tables.size() > 1) out.append(table(matrix(tables), markdown)).append('\n');
        for (CrashTable table : tables) {
            String fault = table.fault().id();
            if (tables.size() > 1) out.append(markdown ? "#### " + fault + "\n\n" : fault + ":\n");
            out.append(table(new Cells(table.header(), table.rows(), CrashTable.NUMERIC_FROM), markdown)).append('\n');
        }
        for (CrashTable table : tables) {
            for (EngineCrashResult r : table.results()) {
                if (CrashTable.passed(r)) continue;
                String item = notPassed(r, tables.size() > 1);
                out.append(markdown ? item : item.replace("**", "").replace("`", ""));
            }
        }
        for (CrashTable table : tables) out.append('\n').append(CrashFaultText.explanation(table.fault())).append('\n');
        return out.toString();
    }

    /** One result that did not pass: verdict, reason, reference, examples, kept directory, replay. */
    private static String notPassed(EngineCrashResult r, boolean nameFault) {
        StringBuilder md = new StringBuilder("- **").append(r.engine()).append("** ");
        if (nameFault) md.append(r.fault().id()).append(' ');
        md.append(r.verdict()).append(": ").append(r.reason() == null ? "" : r.reason().replace("\n", " "));
        String reference = r.judgement().reference();
        if (reference != null) md.append(" (known issue: ").append(reference).append(')');
        for (String example : r.judgement().examples()) md.append("\n  - ").append(example);
        String kept = r.replay().keptDirectory();
        if (kept != null) md.append("\n  - kept: `").append(kept).append('`');
        return md.append("\n  - reproduce: `").append(r.replay().reproduce()).append("`\n").toString();
    }

    /** A table: its heading, its rows, and the first column that is right-aligned (numbers). */
    private record Cells(List<String> header, List<List<String>> rows, int numericFrom) {
    }

    /** Engines down, faults across, verdicts in the cells. */
    private static Cells matrix(List<CrashTable> tables) {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        List<String> header = new ArrayList<>(List.of("engine"));
        for (int t = 0; t < tables.size(); t++) {
            header.add(tables.get(t).fault().id());
            for (EngineCrashResult r : tables.get(t).results()) {
                List<String> row = rows.computeIfAbsent(r.engine(), e -> new ArrayList<>(List.of(e)));
                while (row.size() < t + 1) row.add("-");
                row.add(CrashTable.verdict(r));
            }
        }
        for (List<String> row : rows.values()) while (row.size() < header.size()) row.add("-");
        return new Cells(header, List.copyOf(rows.values()), header.size());
    }

    private static String table(Cells cells, boolean markdown) {
        if (markdown) return markdownTable(cells);
        TextTable text = new TextTable(cells.header().toArray(String[]::new));
        for (int c = cells.numericFrom(); c < cells.header().size(); c++) text.alignRight(c);
        for (List<String> row : cells.rows()) text.row(row.toArray(String[]::new));
        return text.text();
    }

    private static String markdownTable(Cells cells) {
        StringBuilder md = new StringBuilder("| ").append(String.join(" | ", cells.header())).append(" |\n|");
        for (int i = 0; i < cells.header().size(); i++) md.append(i < cells.numericFrom() ? "---|" : "--:|");
        md.append('\n');
        for (List<String> row : cells.rows()) md.append("| ").append(String.join(" | ", row)).append(" |\n");
        return md.toString();
    }

    private static String page(CrashResults crash) {
        StringBuilder html = new StringBuilder(16 * 1024);
        html.append(Html.pageStart("kvbench crash report · " + crash.startedAt(), HtmlStyle.CSS))
                .append("<header>\n<h1>kvbench crash report</h1>\n")
                .append("<p class=\"subtitle\">runner <strong>").append(Html.escape(crash.runner()))
                .append("</strong> · ")
                .append(crash.cycles()).append(" ").append(Html.escape(nouns(crash))).append(" per engine · seed ")
                .append(crash.seed()).append(" · ").append(Html.escape(crash.startedAt())).append("</p>\n</header>\n");
        html.append(section(crash));
        html.append("<footer>Generated by <code>kvbench crash</code>.</footer>\n</main>\n</body>\n</html>\n");
        return html.toString();
    }

    /** The HTML section (for a page of its own or a merged report). */
    public static String section(CrashResults crash) {
        StringBuilder html = new StringBuilder();
        html.append("<section>\n<h2>").append(HEADING).append("</h2>\n");
        if (!crash.complete()) {
            html.append("<p class=\"banner warn\"><strong>Incomplete.</strong> "
                    + "Not every planned engine was tested.</p>\n");
        }
        List<CrashTable> tables = CrashTable.of(crash);
        for (CrashTable table : tables) {
            for (EngineCrashResult r : table.results()) {
                if (r.failed()) html.append(banner(r, tables.size() > 1));
            }
        }
        if (tables.size() > 1) html.append(htmlTable(matrix(tables), null));
        for (CrashTable table : tables) {
            if (tables.size() > 1) html.append("<h3>").append(Html.escape(table.fault().id())).append("</h3>\n");
            html.append(htmlTable(new Cells(table.header(), table.rows(), CrashTable.NUMERIC_FROM), table));
            html.append("<p>").append(Html.escape(CrashFaultText.explanation(table.fault()))).append("</p>\n");
        }
        List<BarChart.Bar> bars = new ArrayList<>();
        for (CrashTable table : tables) {
            for (EngineCrashResult r : table.results()) {
                if (!Double.isFinite(r.recovery().medianMillis())) continue;
                String label = tables.size() > 1 ? r.engine() + " (" + r.fault().id() + ")" : r.engine();
                bars.add(new BarChart.Bar(label, r.recovery().medianMillis(), Double.NaN, "#4e79a7"));
            }
        }
        bars.sort((a, b) -> Double.compare(a.value(), b.value()));
        if (!bars.isEmpty()) {
            html.append("<h3>Time to reopen after a fault (median)</h3>\n")
                    .append(new BarChart(bars, "ms/op", UNITS, 16).svg("median time to reopen a store after a fault"));
        }
        html.append("</section>\n");
        return html.toString();
    }

    /** The error banner of a failed result. */
    private static String banner(EngineCrashResult r, boolean nameFault) {
        String kept = r.replay().keptDirectory();
        return "<p class=\"banner error\"><strong>" + Html.escape(r.engine()) + ": " + r.verdict() + ".</strong> "
                + (nameFault ? Html.escape(r.fault().id()) + ": " : "") + Html.escape(r.reason())
                + (kept == null ? "" : " Kept: <code>" + Html.escape(kept) + "</code>.")
                + " Reproduce: <code>" + Html.escape(r.replay().reproduce()) + "</code></p>\n";
    }

    /** A table; with {@code table}, each verdict cell carries the result's reason as its title. */
    private static String htmlTable(Cells cells, CrashTable table) {
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"metrics\">\n<thead><tr>");
        for (String h : cells.header()) html.append("<th>").append(Html.escape(h)).append("</th>");
        html.append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < cells.rows().size(); i++) {
            List<String> row = cells.rows().get(i);
            html.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                String reason = table == null || c != 2 ? null : table.results().get(i).reason();
                String title = reason == null ? "" : " title=\"" + Html.escape(reason) + "\"";
                html.append("<td").append(title).append('>').append(Html.escape(row.get(c))).append("</td>");
            }
            html.append("</tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }

    /** "kills", "power cuts", or "faults" when several ran. */
    private static String nouns(CrashResults crash) {
        List<Fault> faults = crash.results().stream().map(EngineCrashResult::fault).distinct().toList();
        if (faults.size() > 1) {
            return "faults (" + faults.stream().map(Fault::id).collect(Collectors.joining(", ")) + ")";
        }
        return (faults.isEmpty() ? Fault.PROCESS_KILL : faults.get(0)).noun() + "s";
    }
}
