package io.kvbench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * trends.html: one self-contained page (inline CSS and SVG, no script, no font or image to fetch) with a trend chart
 * per benchmark, grouped by profile and machine class, so it can be uploaded as an artifact or published as
 * GitHub Pages' index.html as it is.
 */
public final class TrendsPage {

    /** One chart: a benchmark on one machine class, with its change points listed under it. */
    public record Chart(String group, String title, String unit, List<TrendChart.Point> points,
                        List<TrendChart.Marker> markers) {
    }

    static final String TREND_CSS = """
            svg.trend .series { fill: none; stroke: #0969da; stroke-width: 1.6; }
            svg.trend .night { fill: #0969da; }
            svg.trend .failed { fill: #cf222e; font-size: 12px; }
            svg.trend line.change { stroke-width: 1.6; stroke-dasharray: 5 3; }
            svg.trend line.worse { stroke: #cf222e; }
            svg.trend line.better { stroke: #1a7f37; }
            svg.trend text.change { font-size: 12px; font-weight: 600; }
            svg.trend text.worse { fill: #cf222e; }
            svg.trend text.better { fill: #1a7f37; }
            ul.changes { margin: 4px 0 0; padding-left: 18px; }
            ul.changes li.worse { color: #cf222e; }
            ul.changes li.better { color: #1a7f37; }
            """;

    private TrendsPage() {
    }

    /**
     * @param summary one line under the title (how many series, change points, how they were found)
     */
    public static String html(String title, String summary, List<Chart> charts) {
        Map<String, List<Chart>> groups = new LinkedHashMap<>();
        for (Chart c : charts) groups.computeIfAbsent(c.group(), g -> new java.util.ArrayList<>()).add(c);
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(Html.escape(title)).append("</title>\n<style>\n").append(HtmlStyle.CSS).append(TREND_CSS)
                .append("</style>\n</head>\n<body>\n<main>\n<h1>").append(Html.escape(title)).append("</h1>\n")
                .append("<p class=\"subtitle\">").append(Html.escape(summary)).append("</p>\n");
        if (groups.size() > 1) {
            h.append("<nav class=\"toc\"><span>Machine classes</span>");
            int i = 0;
            for (String group : groups.keySet()) {
                h.append("<a href=\"#g").append(i++).append("\">").append(Html.escape(group)).append("</a>");
            }
            h.append("</nav>\n");
        }
        if (charts.isEmpty()) h.append("<p class=\"empty\">The history holds no nights yet.</p>\n");
        int g = 0;
        for (Map.Entry<String, List<Chart>> group : groups.entrySet()) {
            h.append("<section class=\"workload\" id=\"g").append(g++).append("\">\n<h2>")
                    .append(Html.escape(group.getKey())).append("</h2>\n");
            for (Chart chart : group.getValue()) chart(h, chart);
            h.append("</section>\n");
        }
        h.append("</main>\n</body>\n</html>\n");
        return h.toString();
    }

    /** One chart under its heading, with its change points listed below it. */
    static void chart(StringBuilder h, Chart chart) {
        h.append("<h3>").append(Html.escape(chart.title())).append("</h3>\n");
        h.append(TrendChart.svg(chart.title() + ", " + chart.group(), chart.unit(), chart.points(), chart.markers()));
        if (chart.markers().isEmpty()) return;
        h.append("<ul class=\"changes\">\n");
        for (TrendChart.Marker m : chart.markers()) {
            h.append("<li class=\"").append(m.worse() ? "worse" : "better").append("\">")
                    .append(Html.escape(m.label())).append("</li>\n");
        }
        h.append("</ul>\n");
    }
}
