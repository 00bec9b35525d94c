package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html of a real smoke run (smoke-results.json: `kvbench run --profile smoke` of eight engines in the one-core
 * container, see its context), written by the code path the run uses (ReportWriter), looked at in a real headless
 * Chromium: a screenshot, and checks of the page as the browser laid it out. The checks are a small script
 * (report-checks.js) appended to a copy of the page; {@code --dump-dom} carries its findings out. That needs nothing
 * but the browser (no WebDriver, no DevTools client library): the simplest thing that sees computed styles and
 * positions. Skipped, saying why, where no Chromium is installed (scripts/setup-chromium.sh installs it; .ci/run
 * calls it).
 */
@Tag("browser")
class ReportInBrowserTest {

    private static final Path FIXTURE = Path.of("src/test/resources/io/kvbench/report/smoke-results.json");

    @TempDir
    static Path dir;

    private static Chromium chromium;
    private static Path html;

    @BeforeAll
    static void writeTheReport() throws IOException {
        chromium = Chromium.find().orElse(null);
        RunResults run = ResultsJson.read(FIXTURE);
        html = ReportWriter.write(run, dir.resolve("report"), null).html();
    }

    @Test
    void aScreenshotShowsThePage() throws Exception {
        assumeTrue(chromium != null, Chromium.MISSING);
        Path png = dir.resolve("report.png");
        chromium.screenshot(html, png, 1400, 2400, dir.resolve("profile-shot"));
        byte[] bytes = Files.readAllBytes(png);
        assertThat(Arrays.copyOf(bytes, 8)).as("a PNG").containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
        ByteBuffer header = ByteBuffer.wrap(bytes, 16, 8);
        assertThat(header.getInt()).as("width").isEqualTo(1400);
        assertThat(header.getInt()).as("height").isEqualTo(2400);
        // A blank page of this size compresses to a few KiB; charts, tables and text make it far larger.
        assertThat(bytes.length).as("a page with content").isGreaterThan(100_000);
    }

    @Test
    void everyTableIsStyledAndNoTextIsUndefined() throws Exception {
        JsonNode checks = checks();
        assertThat(checks.get("tables").asInt()).as("settings, 4 ranked, 3 published").isGreaterThanOrEqualTo(8);
        assertThat(checks.at("/problems/unstyledTables")).as("tables without the stylesheet's class").isEmpty();
        assertThat(checks.at("/problems/badText")).as("undefined, NaN, Infinity or ± 0 in the text").isEmpty();
    }

    @Test
    void everyAxisIsReadInItsCaptionsUnit() throws Exception {
        JsonNode checks = checks();
        assertThat(checks.get("charts").asInt()).as("a score and a disk chart per workload").isEqualTo(8);
        assertThat(checks.at("/problems/axisUnits")).as("ticks in another unit than the caption's").isEmpty();
        assertThat(checks.at("/problems/axisPositions")).as("bars not where their value sits on the axis").isEmpty();
    }

    @Test
    void oneEngineOrderAndOneColourPerEngineAcrossCharts() throws Exception {
        JsonNode checks = checks();
        assertThat(checks.get("legend")).hasSize(8);
        assertThat(checks.at("/problems/engineOrder")).isEmpty();
        assertThat(checks.at("/problems/engineColours")).isEmpty();
    }

    private static JsonNode cached;

    /** The findings of report-checks.js in a copy of the page, from the DOM after the script ran. */
    private static synchronized JsonNode checks() throws Exception {
        assumeTrue(chromium != null, Chromium.MISSING);
        if (cached != null) return cached;
        String script;
        try (InputStream in = ReportInBrowserTest.class.getResourceAsStream("report-checks.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String page = Files.readString(html);
        Path checked = html.resolveSibling("report-checked.html");
        Files.writeString(checked, page.replace("</body>", "<script>\n" + script + "\n</script>\n</body>"));
        String dom = chromium.dumpDom(checked, dir.resolve("profile-dom"));
        // The element the script added is the body's last; the script's own text mentions it too.
        Matcher m = Pattern.compile("<pre id=\"kvbench-checks\">([^<]*)</pre>\\s*</body>").matcher(dom);
        assertThat(m.find()).as("the checks ran; the DOM ends:\n" + dom.substring(Math.max(0, dom.length() - 2000)))
                .isTrue();
        cached = new ObjectMapper().readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">")
                .replace("&quot;", "\"").replace("&amp;", "&"));
        return cached;
    }
}
