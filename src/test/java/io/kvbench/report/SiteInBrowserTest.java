package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.engine.Engines;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results site built from real results ({@link SiteFixture}), every page looked at in a real headless Chromium
 * at a desktop and a phone width: a screenshot of each, and checks of the page as the browser laid it out
 * (site-checks.js, carried out by {@code --dump-dom} as in {@link ReportInBrowserTest}): no undefined or NaN text,
 * every table styled, every chart with a name, an axis, ticks, a unit and a legend, nothing wider than the window.
 * Links are checked on the files ({@link SiteFixture#brokenLinks}), which a browser's file:// page cannot fetch.
 * Skipped, saying why, where no Chromium is installed (scripts/setup-chromium.sh installs it; .ci/run calls it).
 */
@Tag("browser")
class SiteInBrowserTest {

    /** A desktop's width, and a phone's (the CSS width of a common phone in portrait), each laid out in a frame. */
    private static final int[][] WINDOWS = {{1400, 1000}, {390, 844}};

    @TempDir
    static Path dir;

    private static Chromium chromium;
    private static Path site;

    @BeforeAll
    static void buildTheSite() throws Exception {
        chromium = Chromium.find().orElse(null);
        site = SiteWriter.write(SiteFixture.input(dir.resolve("history")), dir.resolve("site"), Engines.all())
                .getParent();
    }

    @Test
    void everyPageRendersCleanlyAtDesktopAndPhoneWidths() throws Exception {
        assumeTrue(chromium != null, Chromium.MISSING);
        String script;
        try (InputStream in = SiteInBrowserTest.class.getResourceAsStream("site-checks.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> problems = new ArrayList<>();
        int charts = 0;
        List<Path> pages = SiteFixture.pages(site).stream().filter(p -> !p.startsWith(site.resolve("runs"))).toList();
        assertThat(pages).as("overview, method, 9 engines, 4 workloads").hasSize(15);
        for (Path page : pages) {
            Path checked = page.resolveSibling(page.getFileName() + ".checked.html");
            Files.writeString(checked, Files.readString(page).replace("</body>", "<script>\n" + script
                    + "\n</script>\n</body>"));
            for (int[] window : WINDOWS) {
                JsonNode found = checks(checked, window);
                assertThat(found.get("width").asInt()).as("the window the page was laid out in").isEqualTo(window[0]);
                charts += found.get("charts").asInt();
                found.get("problems").fields().forEachRemaining(kind -> kind.getValue().forEach(p -> problems.add(
                        site.relativize(page) + " at " + window[0] + " px: " + kind.getKey() + ": " + p.asText())));
            }
            Files.delete(checked);
        }
        assertThat(problems).isEmpty();
        assertThat(charts).as("bar charts on workload pages, trend charts on engine pages, at both widths")
                .isGreaterThan(2 * 20);
    }

    @Test
    void theOverviewScreenshotsShowContentAtBothWidths() throws Exception {
        assumeTrue(chromium != null, Chromium.MISSING);
        for (int[] window : WINDOWS) {
            Path png = dir.resolve("overview-" + window[0] + ".png");
            chromium.screenshot(site.resolve("index.html"), png, window[0], window[1] * 2,
                    dir.resolve("profile-shot-" + window[0]));
            byte[] bytes = Files.readAllBytes(png);
            ByteBuffer header = ByteBuffer.wrap(bytes, 16, 8);
            assertThat(header.getInt()).as("width").isEqualTo(window[0]);
            assertThat(header.getInt()).as("height").isEqualTo(window[1] * 2);
            // A blank page of this size compresses to a few KiB; cards, tables and text make it far larger.
            assertThat(bytes.length).as("a page with content at " + window[0] + " px").isGreaterThan(40_000);
        }
        assertThat(SiteFixture.brokenLinks(site)).isEmpty();
    }

    private static final Pattern CHECKS = Pattern.compile("<pre id=\"kvbench-checks\">([^<]*)</pre>\\s*</body>");

    /** The findings of site-checks.js in {@code page} laid out at the window's width (a phone's in a frame). */
    private static JsonNode checks(Path page, int[] window) throws IOException, InterruptedException {
        Path frame = page.resolveSibling(page.getFileName() + "." + window[0] + ".html");
        Files.writeString(frame, "<!DOCTYPE html>\n<html><body style=\"margin:0\"><iframe src=\""
                + page.getFileName() + "\" style=\"width:" + window[0] + "px;height:" + window[1]
                + "px;border:0\"></iframe></body></html>\n");
        String dom = chromium.dumpFramingDom(frame, dir.resolve("profile-" + window[0]));
        Files.delete(frame);
        Matcher m = CHECKS.matcher(dom);
        assertThat(m.find()).as(page + ": the checks ran; the DOM ends:\n"
                + dom.substring(Math.max(0, dom.length() - 2000))).isTrue();
        return new ObjectMapper().readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">")
                .replace("&quot;", "\"").replace("&amp;", "&"));
    }
}
