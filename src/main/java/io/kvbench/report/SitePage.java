package io.kvbench.report;

import java.util.Locale;

/**
 * The frame every page of the results site shares: the report's stylesheet plus the site's, a bar of links to the
 * overview, the nightly history and the "how this was measured" page, and a footer. Pages live at the site's root
 * (depth 0) or one directory down (engines/, workloads/, depth 1); every link is relative, so the site works from the
 * file system and from any Pages path alike. Nothing is fetched: no fonts, scripts or images from elsewhere.
 */
final class SitePage {

    static final String INDEX = "index.html";
    static final String METHOD = "method.html";
    static final String ENGINES = "engines/";
    static final String WORKLOADS = "workloads/";
    static final String RUNS = "runs/";

    private static final String SITE_CSS = """
            nav.site { display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 10px 0 14px; margin-bottom: 18px;
                       border-bottom: 1px solid var(--line); font-size: 13.5px; }
            nav.site a { color: var(--accent); text-decoration: none; }
            nav.site a.here { color: var(--fg); font-weight: 600; }
            nav.site .brand { font-weight: 700; color: var(--fg); margin-right: 8px; }
            section.site { margin-top: 30px; padding-top: 16px; border-top: 1px solid var(--line); }
            .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 14px;
                     margin-top: 12px; }
            .card { padding: 12px 16px; border: 1px solid var(--line); border-radius: 8px; background: var(--soft); }
            .card h3 { margin: 0 0 6px; }
            .card ul { margin: 0; padding-left: 18px; }
            .card li { margin: 3px 0; overflow-wrap: anywhere; }
            table.matrix td { vertical-align: top; }
            table.matrix td.fastest a { font-weight: 700; }
            table.matrix .cost { display: block; color: var(--muted); font-size: 11.5px; }
            td.verdict-fail, li.verdict-fail { color: var(--err); font-weight: 600; }
            td.verdict-known, li.verdict-known { color: #7d4e00; }
            a { color: var(--accent); overflow-wrap: anywhere; }
            code { overflow-wrap: anywhere; }
            pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 8px 12px; background: var(--soft);
                  border: 1px solid var(--line); border-radius: 6px; }
            ul.links { columns: 3 12em; padding-left: 18px; }
            """;

    private SitePage() {
    }

    /**
     * A whole page.
     *
     * @param here  the file this page is, relative to the site root (marks its link in the bar)
     * @param title the page's heading and title
     * @param body  trusted HTML: the page's sections
     */
    static String render(String here, String title, String subtitle, String body) {
        String up = prefix(here);
        StringBuilder html = new StringBuilder(body.length() + 8192);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(Html.escape(title)).append(" · kvbench results</title>\n<style>\n").append(HtmlStyle.CSS)
                .append(TrendsPage.TREND_CSS).append(SITE_CSS)
                .append("</style>\n</head>\n<body>\n<main>\n<nav class=\"site\">")
                .append("<span class=\"brand\">kvbench results</span>");
        navLink(html, up, here, INDEX, "Overview");
        navLink(html, up, here, INDEX + "#history", "Nightly history");
        navLink(html, up, here, METHOD, "How this was measured");
        html.append("</nav>\n<header>\n<h1>").append(Html.escape(title)).append("</h1>\n");
        if (!subtitle.isEmpty()) html.append("<p class=\"subtitle\">").append(Html.escape(subtitle)).append("</p>\n");
        html.append("</header>\n").append(body)
                .append("<footer>Built by <code>kvbench site</code> from kvbench's own results files; every figure "
                        + "links to the run that produced it. Scores are means over measurement iterations with ")
                .append(Html.escape(io.kvbench.result.Intervals.LABEL)).append("s.</footer>\n")
                .append("</main>\n</body>\n</html>\n");
        return html.toString();
    }

    private static void navLink(StringBuilder html, String up, String here, String target, String text) {
        html.append("<a href=\"").append(up).append(target).append('"').append(here.equals(target)
                ? " class=\"here\"" : "").append('>').append(Html.escape(text)).append("</a>");
    }

    /** "../" for a page one directory down, "" at the root. */
    static String prefix(String here) {
        return here.contains("/") ? "../" : "";
    }

    /** The file of an engine's page, relative to the site root. */
    static String enginePage(String engine) {
        return ENGINES + slug(engine) + ".html";
    }

    /** The file of a workload's page, relative to the site root. */
    static String workloadPage(String workload) {
        return WORKLOADS + slug(workload) + ".html";
    }

    /** The report of a run (benchmark or crash), relative to the site root. */
    static String runReport(String runId) {
        return RUNS + slug(runId) + "/" + ReportWriter.HTML_FILE;
    }

    /** A link from page {@code here} to {@code target} (relative to the root), its text escaped. */
    static String link(String here, String target, String text) {
        return "<a href=\"" + Html.escape(prefix(here) + target) + "\">" + Html.escape(text) + "</a>";
    }

    /** A file or fragment name made of lower-case letters, digits and dashes, whatever the engine or workload is. */
    static String slug(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return s.isEmpty() ? "unnamed" : s;
    }
}
