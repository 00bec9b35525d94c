package io.kvbench.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The published tables a run touched, beside its own numbers, in the console, summary.md and report.html: "x fastest"
 * on each side and Kendall's tau, because absolute figures from another machine and year do not compare.
 */
public final class ReproductionReport {

    public static final String HEADING = "Published comparisons";

    private ReproductionReport() {
    }

    public static void print(List<Reproduction> reproductions, PrintWriter out, Units units) {
        for (Reproduction r : reproductions) {
            out.println();
            out.println(r.heading());
            TextTable table = new TextTable("engine", "published", "x fastest", "measured", "x fastest").alignRight(1, 2, 3, 4);
            for (Reproduction.Line line : r.lines()) {
                table.row(line.engine(), number(line.published()), units.relative(line.publishedRatio()),
                        ResultCells.score(line.measured(), units), units.relative(line.measuredRatio()));
            }
            table.print(out);
            out.println(r.tauText() + footer(r));
        }
        out.flush();
    }

    public static String markdown(List<Reproduction> reproductions) {
        Units units = Units.UNICODE;
        StringBuilder md = new StringBuilder();
        for (Reproduction r : reproductions) {
            md.append("#### ").append(SummaryMarkdown.escape(r.heading())).append("\n\n");
            md.append("| engine | published | x fastest | measured | x fastest |\n|---|--:|--:|--:|--:|\n");
            for (Reproduction.Line line : r.lines()) {
                md.append("| ").append(line.engine()).append(" | ").append(number(line.published())).append(" | ")
                        .append(units.relative(line.publishedRatio())).append(" | ")
                        .append(SummaryMarkdown.escape(ResultCells.score(line.measured(), units))).append(" | ")
                        .append(units.relative(line.measuredRatio())).append(" |\n");
            }
            md.append('\n').append(SummaryMarkdown.escape(r.tauText() + footer(r))).append("\n\n");
        }
        return md.toString();
    }

    public static String html(List<Reproduction> reproductions) {
        if (reproductions.isEmpty()) return "";
        Units units = Units.UNICODE;
        StringBuilder html = new StringBuilder("<section class=\"published\"><h2>").append(HEADING).append("</h2>\n");
        for (Reproduction r : reproductions) {
            html.append("<h3>").append(Html.escape(r.heading())).append("</h3>\n<table><tr><th>engine</th><th>published</th>"
                    + "<th>x fastest</th><th>measured</th><th>x fastest</th></tr>\n");
            for (Reproduction.Line line : r.lines()) {
                html.append("<tr><td>").append(Html.escape(line.engine())).append("</td><td>").append(number(line.published()))
                        .append("</td><td>").append(units.relative(line.publishedRatio())).append("</td><td>")
                        .append(Html.escape(ResultCells.score(line.measured(), units))).append("</td><td>")
                        .append(units.relative(line.measuredRatio())).append("</td></tr>\n");
            }
            html.append("</table>\n<p>").append(Html.escape(r.tauText() + footer(r))).append(" Source: <a href=\"")
                    .append(Html.escape(r.source().source())).append("\">").append(Html.escape(r.source().source()))
                    .append("</a>.</p>\n");
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
