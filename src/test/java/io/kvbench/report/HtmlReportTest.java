package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.RunResults;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    private static final Set<String> VOID = Set.of("meta", "br", "hr", "img", "input", "link");
    private static final Pattern TAG = Pattern.compile("<(/?)([a-zA-Z][a-zA-Z0-9-]*)\\b[^>]*?(/?)>");

    private final String html = HtmlReport.render(SampleResults.sixByFour());

    /** Every opened element is closed in order: a small well-formedness check that catches a missing </svg>. */
    private static void assertBalanced(String page) {
        String body = page.replaceAll("(?s)<style>.*?</style>", "<style></style>").replaceFirst("<!DOCTYPE html>", "");
        Deque<String> open = new ArrayDeque<>();
        Matcher m = TAG.matcher(body);
        while (m.find()) {
            String name = m.group(2).toLowerCase();
            if (!m.group(3).isEmpty() || VOID.contains(name)) continue;
            if (m.group(1).isEmpty()) {
                open.push(name);
            } else {
                assertThat(open).as("closing </%s> at %d", name, m.start()).isNotEmpty();
                assertThat(open.pop()).as("element closed by </%s> at %d", name, m.start()).isEqualTo(name);
            }
        }
        assertThat(open).as("elements left open").isEmpty();
    }

    private static String section(String page, String workload) {
        int start = page.indexOf("<section class=\"workload\" id=\"");
        start = page.indexOf("<h2>" + workload, start);
        return page.substring(start, page.indexOf("</section>", start));
    }

    @Test
    void isWellFormedEnough() {
        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        assertBalanced(html);
        assertThat(html.split("<svg", -1).length).isEqualTo(html.split("</svg>", -1).length).isGreaterThan(1);
    }

    @Test
    void isSelfContained() {
        assertThat(html).doesNotContain("http://", "https://", "<script", "<link", "@import", "url(", "src=",
                "<iframe");
        Matcher hrefs = Pattern.compile("href=\"([^\"]*)\"").matcher(html);
        while (hrefs.find()) assertThat(hrefs.group(1)).startsWith("#");
        assertThat(html).contains("<style>");
    }

    @Test
    void dataIsEscaped() {
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        RunResults hostile = SampleResults.run(List.of(
                SampleResults.throughput("<b>x</b>\"'", "<img src=x onerror=alert(1)>", 100, 1),
                BenchmarkResult.notApplicable("e&f", "<img src=x onerror=alert(1)>", "</svg><script>bad()</script>",
                        null)));
        String page = HtmlReport.render(hostile);
        assertThat(page).doesNotContain("<script", "<img", "<b>x").contains("&lt;b&gt;x&lt;/b&gt;&quot;&#39;",
                "e&amp;f",
                "&lt;/svg&gt;&lt;script&gt;bad()&lt;/script&gt;");
        assertBalanced(page);
    }

    @Test
    void contextHeaderNamesTheRun() {
        String header = html.substring(html.indexOf("<header>"), html.indexOf("</header>"));
        assertThat(header).contains("ci", "container", "AMD EPYC 7B13, 2 cores, 24.0 GiB RAM, Linux 6.1",
                "epyc-7b13-2c",
                "OpenJDK 64-Bit Server VM 17.0.15+6", "3f9c2e1", "2025-06-01T10:00:00Z",
                        "2 benchmarks ended in an error");
        assertThat(header).contains("href=\"#w1-put-random\"", "href=\"#w4-bulk-load\"");
    }

    /** Every chart lists the engines in one order (by id), so an engine is at the same place in each; tables rank. */
    @Test
    void chartsListEnginesInOneOrderAndUseALogScaleOnlyForWideRanges() {
        String put = section(html, "put-random");
        assertThat(put).contains("<span class=\"badge\">log scale</span>", "k ops/s · log scale");
        String chart = put.substring(put.indexOf("<svg"), put.indexOf("</svg>"));
        assertThat(chart.indexOf(">h2-mvstore</text>")).isLessThan(chart.indexOf(">lmdb</text>"));
        assertThat(chart.indexOf(">lmdb</text>")).isLessThan(chart.indexOf(">mapdb</text>"));
        assertThat(chart.indexOf(">mapdb</text>")).isLessThan(chart.indexOf(">rocksdb</text>"));
        String ranked = put.substring(put.indexOf("<table"));
        assertThat(ranked.indexOf("<td>lmdb")).as("the table ranks, fastest first")
                .isLessThan(ranked.indexOf("<td>rocksdb"));
        String get = section(html, "get-random");
        assertThat(get.substring(0, get.indexOf("Disk space"))).doesNotContain("log scale");
        String load = section(html, "bulk-load");
        assertThat(load.indexOf(">h2-mvstore</text>")).isLessThan(load.indexOf(">mapdb</text>"));
        assertThat(load).contains("<tspan class=\"number\">640</tspan><tspan class=\"rest\"> ± 21 ms</tspan>");
    }

    @Test
    void everyEngineKeepsOneColourAndTheSettingsTableIsTheLegend() {
        String header = html.substring(html.indexOf("<header>"), html.indexOf("</header>"));
        assertThat(header).contains("Engines as configured", "<table class=\"metrics settings\">",
                "WAL, no fsync per write (sync=false)", "no fsync per commit (MDB_NOSYNC)");
        for (String engine : List.of("h2-mvstore", "lmdb", "mapdb", "rocksdb")) {
            Set<String> colours = new TreeSet<>();
            Matcher bars = Pattern.compile("<g class=\"bar\" data-engine=\"" + engine
                    + "\"[^>]*>[^<]*<title>[^<]*</title>"
                    + "[^<]*<text[^>]*>[^<]*</text>[^<]*<rect[^>]*fill=\"(#[0-9a-f]{6})\"").matcher(html);
            int charted = 0;
            for (; bars.find(); charted++) colours.add(bars.group(1));
            Matcher legend = Pattern.compile("<tr data-engine=\"" + engine + "\"><td><span class=\"swatch\" "
                    + "style=\"background:(#[0-9a-f]{6})\"").matcher(html);
            assertThat(legend.find()).as(engine + " in the legend").isTrue();
            colours.add(legend.group(1));
            assertThat(charted).as(engine + "'s bars").isGreaterThanOrEqualTo(4);
            assertThat(colours).as(engine + "'s colour in every chart").hasSize(1);
        }
    }

    @Test
    void unmeasuredEnginesAreListedWithReasonsNotCharted() {
        String scan = section(html, "range-scan");
        assertThat(scan).contains("<li><span class=\"status na\">n/a</span> <strong>mapdb</strong> HTreeMap store is "
                + "unordered</li>");
        String chart = scan.substring(scan.indexOf("<svg"), scan.indexOf("</svg>"));
        assertThat(chart).doesNotContain("mapdb", "chronicle-map");
        assertThat(section(html,
                "bulk-load")).contains("<span class=\"status error\">ERROR</span> <strong>chronicle-map</strong>");
    }

    @Test
    void diskChartAndDetailsTableWhereRecorded() {
        String put = section(html, "put-random");
        assertThat(put).contains("Disk space after the run", "<table class=\"metrics\">", "<th>write amp.</th>");
        String disk = put.substring(put.indexOf("Disk space"));
        assertThat(disk.indexOf(">mapdb</text>")).as("the charts' engine order")
                .isLessThan(disk.indexOf(">rocksdb</text>"));

        BenchmarkResult bare = BenchmarkResult.measured("a", "w", new Measurement(BenchmarkResult.THROUGHPUT, 5, 1,
                "ops/s", List.of(5.0), Map.of(MetricNames.CPU_PERCENT, new Metric(50, Double.NaN, "%"))), null);
        String page = HtmlReport.render(SampleResults.run(List.of(bare)));
        assertThat(page).doesNotContain("Disk space").contains("<td>50.0%</td>", "<td>—</td>");
    }

    @Test
    void aWorkloadWithoutScoresSaysSo() {
        String page = HtmlReport.render(SampleResults.run(List.of(BenchmarkResult.failed("a", "w",
                FailureKind.ENGINE_FAILURE, "crashed", null))));
        assertThat(page).contains("No engine produced a score for this workload.", "crashed").doesNotContain("<svg");
        assertBalanced(page);
    }
}
