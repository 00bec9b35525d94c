package io.kvbench.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The published tables a run touched, beside its own numbers, in the console, summary.md and report.html: each side's
 * figures as "vs fastest" (the one relative-speed convention of every table) and the rank agreement, because absolute
 * figures from another machine and year do not compare.
 */
public final class ReproductionReport {

    public static final String HEADING = "Published comparisons";

    private static final String PUBLISHED_VS_FASTEST = "published " + ResultCells.VS_FASTEST;
    private static final String MEASURED_VS_FASTEST = "measured " + ResultCells.VS_FASTEST;

    private ReproductionReport() {
    }

    public static void print(List<Reproduction> reproductions, PrintWriter out, Units units) {
        for (Reproduction r : reproductions) {
            out.println();
            out.println(r.heading());
            TextTable table = new TextTable("engine", "published", PUBLISHED_VS_FASTEST, "measured", MEASURED_VS_FASTEST)
                    .alignRight(1, 2, 3, 4);
            for (Reproduction.Line line : r.lines()) {
                table.row(line.engine(), number(line.published()), units.vsFastest(line.publishedRatio()),
                        ResultCells.score(line.measured(), units), units.vsFastest(line.measuredRatio()));
            }
            table.print(out);
            out.println(r.tauText() + footer(r) + ".");
        }
        out.flush();
    }

    public static String markdown(List<Reproduction> reproductions) {
        Units units = Units.UNICODE;
        StringBuilder md = new StringBuilder();
        for (Reproduction r : reproductions) {
            md.append("#### ").append(SummaryMarkdown.escape(r.heading())).append("\n\n");
            md.append("| engine | published | ").append(PUBLISHED_VS_FASTEST).append(" | measured | ")
                    .append(MEASURED_VS_FASTEST).append(" |\n|---|--:|--:|--:|--:|\n");
            for (Reproduction.Line line : r.lines()) {
                md.append("| ").append(line.engine()).append(" | ").append(number(line.published())).append(" | ")
                        .append(units.vsFastest(line.publishedRatio())).append(" | ")
                        .append(SummaryMarkdown.escape(ResultCells.score(line.measured(), units))).append(" | ")
                        .append(units.vsFastest(line.measuredRatio())).append(" |\n");
            }
            md.append('\n').append(SummaryMarkdown.escape(r.tauText() + footer(r))).append(". Source: ")
                    .append(r.source().source()).append("\n\n");
        }
        return md.toString();
    }

    /** A section of report.html: the tables styled like every other table of the page. */
    public static String html(List<Reproduction> reproductions) {
        if (reproductions.isEmpty()) return "";
        Units units = Units.UNICODE;
        StringBuilder html = new StringBuilder("<section class=\"published\" id=\"published\"><h2>").append(HEADING)
                .append("</h2>\n<p class=\"direction\">").append(Html.escape(ResultCells.VS_FASTEST_LEGEND))
                .append(" Absolute figures from another machine and year do not compare; ranks and ratios may.</p>\n");
        for (Reproduction r : reproductions) {
            html.append("<h3>").append(Html.escape(r.heading())).append("</h3>\n<div class=\"table-wrap\">")
                    .append("<table class=\"metrics\">\n<thead><tr><th>engine</th><th>published</th><th>")
                    .append(PUBLISHED_VS_FASTEST).append("</th><th>measured</th><th>").append(MEASURED_VS_FASTEST)
                    .append("</th></tr></thead>\n<tbody>\n");
            for (Reproduction.Line line : r.lines()) {
                html.append("<tr><td>").append(Html.escape(line.engine())).append("</td><td>")
                        .append(number(line.published())).append("</td><td>")
                        .append(Html.escape(units.vsFastest(line.publishedRatio()))).append("</td><td>")
                        .append(Html.escape(ResultCells.score(line.measured(), units))).append("</td><td>")
                        .append(Html.escape(units.vsFastest(line.measuredRatio()))).append("</td></tr>\n");
            }
            html.append("</tbody>\n</table></div>\n<p class=\"note\">").append(Html.escape(r.tauText() + footer(r)))
                    .append(". Source: ");
            String source = r.source().source();
            html.append(Html.isWebAddress(source) ? "<a href=\"" + Html.escape(source) + "\">" + Html.escape(source) + "</a>"
                    : Html.escape(source)).append(".</p>\n");
        }
        return html.append("</section>\n").toString();
    }

    private static String footer(Reproduction r) {
        return r.missing().isEmpty() ? "" : "; published, not measured in this run: " + String.join(", ", r.missing());
    }

    /** As the sources print them: seconds per pass to the millisecond, throughputs in whole operations per second. */
    private static String number(double value) {
        return String.format(Locale.ROOT, value >= 100 ? "%,.0f" : "%,.3f", value);
    }
}
