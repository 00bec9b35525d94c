package io.kvbench.report;

import io.kvbench.result.Units;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The published tables a run touched, beside its own numbers, in the console, summary.md and report.html: each side's
 * figures as "vs fastest" (the one relative-speed convention of every table), each side's rank, and the rank agreement
 * with its uncertainty, because absolute figures from another machine and year do not compare. A row whose interval is
 * too wide to rank is marked {@value #UNRESOLVED}, and its measured rank is the range its interval allows.
 */
public final class ReproductionReport {

    public static final String HEADING = "Published comparisons";
    /** The word a row too noisy to carry a rank of its own is marked with. */
    public static final String UNRESOLVED = "unresolved";

    private static final String PUBLISHED_VS_FASTEST = "published " + ResultCells.VS_FASTEST;
    private static final String MEASURED_VS_FASTEST = "measured " + ResultCells.VS_FASTEST;
    private static final String[] HEADER = {"engine", "published", PUBLISHED_VS_FASTEST, "published rank", "measured",
        MEASURED_VS_FASTEST, "measured rank", "note"};
    /** Columns without the note, for a table where every row is resolved. */
    private static final int WITHOUT_NOTE = HEADER.length - 1;
    private static final String RANK_LEGEND = "A measured rank is a range where the row's interval overlaps another's: "
            + "this run cannot order the two, a tie rather than a swap.";

    private ReproductionReport() {
    }

    public static void print(List<Reproduction> reproductions, PrintWriter out, Units units) {
        for (Reproduction r : reproductions) {
            out.println();
            out.println(r.heading());
            int columns = columns(r);
            TextTable table = new TextTable(Arrays.copyOf(HEADER, columns)).alignRight(1, 2, 3, 4, 5, 6);
            for (Reproduction.Line line : r.lines()) table.row(Arrays.copyOf(cells(line, units), columns));
            table.print(out);
            out.println(r.tauText() + footer(r) + ".");
            if (!r.unresolvedText(units).isEmpty()) out.println(r.unresolvedText(units) + ". " + RANK_LEGEND);
            out.println(r.iterationsText() + ".");
        }
        out.flush();
    }

    public static String markdown(List<Reproduction> reproductions) {
        Units units = Units.UNICODE;
        StringBuilder md = new StringBuilder();
        for (Reproduction r : reproductions) {
            int columns = columns(r);
            md.append("#### ").append(SummaryMarkdown.escape(r.heading())).append("\n\n|");
            for (int c = 0; c < columns; c++) md.append(' ').append(HEADER[c]).append(" |");
            md.append("\n|---|").append("--:|".repeat(Math.min(columns, WITHOUT_NOTE) - 1))
                    .append(columns > WITHOUT_NOTE ? "---|" : "").append('\n');
            for (Reproduction.Line line : r.lines()) {
                String[] cells = cells(line, units);
                md.append('|');
                for (int c = 0; c < Math.min(columns, WITHOUT_NOTE); c++) {
                    md.append(' ').append(SummaryMarkdown.escape(cells[c])).append(" |");
                }
                if (columns > WITHOUT_NOTE) {
                    String width = SummaryMarkdown.escape(Reproduction.halfWidthText(line, units));
                    md.append(line.resolved() ? "" : " **" + UNRESOLVED + "** " + width).append(" |");
                }
                md.append('\n');
            }
            md.append('\n').append(SummaryMarkdown.escape(r.tauText() + footer(r))).append(". ");
            if (!r.unresolvedText(units).isEmpty()) {
                md.append(SummaryMarkdown.escape(r.unresolvedText(units))).append(". ").append(RANK_LEGEND).append(' ');
            }
            md.append(SummaryMarkdown.escape(r.iterationsText())).append(". Source: ").append(r.source().source())
                    .append("\n\n");
        }
        return md.toString();
    }

    /** A section of report.html: the tables styled like every other table of the page. */
    public static String html(List<Reproduction> reproductions) {
        if (reproductions.isEmpty()) return "";
        Units units = Units.UNICODE;
        StringBuilder html = new StringBuilder("<section class=\"published\" id=\"published\"><h2>").append(HEADING)
                .append("</h2>\n<p class=\"direction\">").append(Html.escape(ResultCells.VS_FASTEST_LEGEND))
                .append(" Absolute figures from another machine and year do not compare; ranks and ratios may. ")
                .append(Html.escape(RANK_LEGEND)).append("</p>\n");
        for (Reproduction r : reproductions) {
            html.append("<h3>").append(Html.escape(r.heading())).append("</h3>\n<div class=\"table-wrap\">")
                    .append("<table class=\"metrics\">\n<thead><tr>");
            for (int c = 0; c < WITHOUT_NOTE; c++) html.append("<th>").append(HEADER[c]).append("</th>");
            html.append("</tr></thead>\n<tbody>\n");
            for (Reproduction.Line line : r.lines()) htmlRow(html, line, units);
            html.append("</tbody>\n</table></div>\n<p class=\"note\">").append(Html.escape(r.tauText() + footer(r)))
                    .append(". ").append(Html.escape(r.iterationsText())).append(". Source: ");
            String source = r.source().source();
            html.append(Html.link(source, source)).append(".</p>\n");
            if (!r.unresolvedText(units).isEmpty()) {
                html.append("<p class=\"note inconclusive\"><span class=\"badge inconclusive\">").append(UNRESOLVED)
                        .append("</span>").append(Html.escape(r.unresolvedRows(units))).append(".</p>\n");
            }
        }
        return html.append("</section>\n").toString();
    }

    /** An unresolved row is muted and carries the badge beside its measured rank, with its interval as the reason. */
    private static void htmlRow(StringBuilder html, Reproduction.Line line, Units units) {
        String[] cells = cells(line, units);
        html.append("<tr").append(line.resolved() ? "" : " class=\"inconclusive\"").append('>');
        for (int c = 0; c < WITHOUT_NOTE; c++) {
            html.append("<td>").append(Html.escape(cells[c]));
            if (c == WITHOUT_NOTE - 1 && !line.resolved()) {
                html.append(" <span class=\"badge inconclusive\" title=\"").append(Html.escape(cells[WITHOUT_NOTE]))
                        .append("\">").append(UNRESOLVED).append("</span>");
            }
            html.append("</td>");
        }
        html.append("</tr>\n");
    }

    /** Every column of {@link #HEADER}; the note is "unresolved ±22%" for an unresolved row. */
    private static String[] cells(Reproduction.Line line, Units units) {
        return new String[] {line.engine(), number(line.published()), units.vsFastest(line.publishedRatio()),
            String.valueOf(line.rank().published()),
            units.measurement(line.measured().score(), line.halfWidth(), line.measured().unit()),
            units.vsFastest(line.measuredRatio()), line.rank().measuredText(),
            line.resolved() ? "" : UNRESOLVED + " " + Reproduction.halfWidthText(line, units)};
    }

    /** The note column only where a row needs it. */
    private static int columns(Reproduction r) {
        return r.lines().stream().allMatch(Reproduction.Line::resolved) ? WITHOUT_NOTE : HEADER.length;
    }

    private static String footer(Reproduction r) {
        return r.missing().isEmpty() ? "" : "; published, not measured in this run: " + String.join(", ", r.missing());
    }

    /** As the sources print them: seconds per pass to the millisecond, throughputs in whole operations per second. */
    private static String number(double value) {
        return String.format(Locale.ROOT, value >= 100 ? "%,.0f" : "%,.3f", value);
    }
}
