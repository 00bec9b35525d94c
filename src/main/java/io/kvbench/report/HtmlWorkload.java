package io.kvbench.report;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One workload's section of report.html: a chart of the scores and one of disk use (engines in the page's order and
 * colours), the engines that were not measured and why, and a table ranked fastest first with "vs fastest" and a
 * "not conclusive" mark where a row's interval is wider than the minimum effect it is judged by.
 */
final class HtmlWorkload {

    private static final Units UNITS = HtmlReport.UNITS;

    private HtmlWorkload() {
    }

    static void section(StringBuilder html, WorkloadGroup group, String anchor, EnginePalette palette,
                        MinimumEffect effect) {
        List<WorkloadGroup.Row> measured = palette.inOrder(group.measuredRows(), r -> ResultCells.engine(r.result()));
        BarChart chart = measured.isEmpty() ? null : new BarChart(measured.stream()
                .map(r -> new BarChart.Bar(ResultCells.engine(r.result()), r.result().score(), Intervals.of(r.result()),
                        palette.colour(ResultCells.engine(r.result()))))
                .toList(), group.unit(), UNITS, palette.labelChars());
        html.append("<section class=\"workload\" id=\"").append(anchor).append("\">\n<h2>")
                .append(Html.escape(group.workload()));
        if (chart != null && chart.logScale()) html.append(" <span class=\"badge\">log scale</span>");
        html.append("</h2>\n");
        String parameters = group.parameters();
        if (!group.direction().isEmpty() || !parameters.isEmpty()) {
            html.append("<p class=\"direction\">").append(Html.escape(group.direction()));
            if (!group.direction().isEmpty() && !parameters.isEmpty()) html.append(" · ");
            if (!parameters.isEmpty()) html.append("<span class=\"params\">").append(Html.escape(parameters))
                    .append("</span>");
            html.append("</p>\n");
        }
        if (chart != null) {
            html.append(chart.svg(group.workload() + ": " + group.direction()));
        } else {
            html.append("<p class=\"empty\">No engine produced a score for this workload.</p>\n");
        }
        unmeasured(html, group.unmeasuredRows());
        if (!measured.isEmpty()) {
            diskChart(html, group, palette);
            table(html, group, effect);
        }
        html.append("</section>\n");
    }

    private static void unmeasured(StringBuilder html, List<WorkloadGroup.Row> rows) {
        if (rows.isEmpty()) return;
        html.append("<ul class=\"unmeasured\">\n");
        for (WorkloadGroup.Row row : rows) {
            BenchmarkResult r = row.result();
            String label = ResultCells.statusLabel(r);
            String reason = ResultCells.reason(r);
            Optional<KnownIssues.KnownIssue> known = ResultCells.knownIssue(r);
            html.append("<li><span class=\"status ").append(label.equals("n/a") ? "na" : known.isPresent() ? "known"
                    : "error")
                    .append("\">").append(Html.escape(label)).append("</span> <strong>")
                    .append(Html.escape(ResultCells.engine(r)))
                    .append("</strong>");
            if (known.isPresent()) {
                String ref = known.get().reference();
                html.append(" known engine issue ").append(Html.link(ref, ref))
                        .append(": ").append(Html.escape(known.get().summary()));
            } else if (!reason.isEmpty()) {
                html.append(" ").append(Html.escape(reason));
            }
            html.append("</li>\n");
        }
        html.append("</ul>\n");
    }

    /** Disk use per engine, in the page's engine order, for the engines that recorded it. */
    private static void diskChart(StringBuilder html, WorkloadGroup group, EnginePalette palette) {
        List<BarChart.Bar> bars = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (WorkloadGroup.Row row : palette.inOrder(group.measuredRows(), r -> ResultCells.engine(r.result()))) {
            Metric disk = row.result().secondary(MetricNames.DISK_BYTES);
            String engine = ResultCells.engine(row.result());
            if (disk == null || !Double.isFinite(disk.score())) {
                missing.add(engine);
            } else {
                bars.add(new BarChart.Bar(engine, disk.score(), Intervals.ofSecondary(row.result(), disk.error()),
                        palette.colour(engine)));
            }
        }
        if (bars.isEmpty()) return;
        BarChart chart = new BarChart(bars, "B", UNITS, palette.labelChars());
        html.append("<h3>Disk space after the run <span class=\"muted\">lower is better</span>");
        if (chart.logScale()) html.append(" <span class=\"badge\">log scale</span>");
        html.append("</h3>\n").append(chart.svg(group.workload() + ": disk space per engine"));
        if (!missing.isEmpty()) {
            html.append("<p class=\"note\">Not recorded for ").append(Html.escape(String.join(", ", missing)))
                    .append(".</p>\n");
        }
    }

    /**
     * The ranked table: fastest first, how many times slower each engine is, the secondary metrics; a row that is not
     * conclusive is marked in its engine cell and its reason is given under the table (the table stays narrow).
     */
    private static void table(StringBuilder html, WorkloadGroup group, MinimumEffect effect) {
        html.append("<h3>Ranked, fastest first</h3>\n<div class=\"table-wrap\"><table class=\"metrics\">\n<thead><tr>"
                + "<th>engine</th><th>score</th><th>").append(ResultCells.VS_FASTEST).append("</th>");
        for (ResultCells.Column c : ResultCells.SECONDARY) html.append("<th>").append(Html.escape(c.heading()))
                .append("</th>");
        html.append("</tr></thead>\n<tbody>\n");
        List<String> reasons = new ArrayList<>();
        CostTable costs = CostTable.of(group);
        for (WorkloadGroup.Row row : group.measuredRows()) {
            BenchmarkResult r = row.result();
            String version = r.context() == null ? null : r.context().engineVersion();
            Optional<String> why = effect.whyNotConclusive(r, UNITS);
            why.ifPresent(w -> reasons.add(Html.escape(ResultCells.engine(r)) + ": " + Html.escape(w)));
            html.append("<tr").append(why.isPresent() ? " class=\"inconclusive\"" : "").append("><td>")
                    .append(Html.escape(ResultCells.engine(r)));
            if (version != null && !version.isBlank()) {
                html.append(" <span class=\"muted\">").append(Html.escape(version)).append("</span>");
            }
            if (why.isPresent()) {
                html.append(" <span class=\"badge inconclusive\" title=\"").append(Html.escape(why.get())).append("\">")
                        .append(MinimumEffect.MARK).append("</span>");
            }
            html.append("</td><td>").append(Html.escape(ResultCells.score(r, UNITS))).append("</td><td>")
                    .append(Html.escape(ResultCells.vsFastest(row, UNITS))).append("</td>");
            for (ResultCells.Column c : ResultCells.SECONDARY) {
                String cell = costs.columns().contains(c) ? costs.cell(row, c, UNITS)
                        : ResultCells.secondary(r, c.metric(), UNITS);
                html.append("<td>").append(Html.escape(cell)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table></div>\n");
        if (!costs.isEmpty()) html.append("<p class=\"note\">").append(Html.escape(CostTable.LEGEND)).append("</p>\n");
        if (!reasons.isEmpty()) {
            html.append("<p class=\"note inconclusive\"><span class=\"badge inconclusive\">").append(MinimumEffect.MARK)
                    .append("</span> ").append(String.join("; ", reasons)).append(". ")
                    .append(Html.escape(effect.whose())).append("</p>\n");
        }
    }
}
