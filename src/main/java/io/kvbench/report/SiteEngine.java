package io.kvbench.report;

import io.kvbench.crash.EngineCrashResult;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.BisectReport;
import io.kvbench.history.ChangePoint;
import io.kvbench.history.HistoryStore;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Units;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * engines/&lt;id&gt;.html: one engine as its adapter declares it (settings, promises, known issues), its results in
 * every run (rank, "vs fastest", costs), its verdict under every fault with the counts, reason, upstream issue and
 * replay command, its nightly series as trend charts with their change points, and the searches for its first slower
 * version.
 */
final class SiteEngine {

    private static final Units UNITS = HtmlReport.UNITS;
    private static final List<String> COSTS = List.of(MetricNames.DISK_BYTES, MetricNames.ALLOC_BYTES_PER_OP,
            MetricNames.WRITE_AMPLIFICATION, MetricNames.RSS_PEAK_BYTES, MetricNames.LATENCY_P99);

    private SiteEngine() {
    }

    /** @param registered the engine as this kvbench build registers it, empty for one known only from results */
    static String html(SiteInput input, String engine, Optional<KvEngine> registered) {
        String here = SitePage.enginePage(engine);
        StringBuilder body = new StringBuilder(16 * 1024);
        declarations(body, registered);
        results(body, input, engine, here);
        durability(body, input, engine, here);
        history(body, input, engine);
        versions(body, input, engine);
        String subtitle = registered.map(e -> "version " + e.version() + (EngineFacts.nativeOf(e).isEmpty()
                ? " (written in Java)" : " (binding; native " + EngineFacts.nativeOf(e) + ")"))
                .orElse("not registered in the kvbench build that made this site: known from its results only");
        return SitePage.render(here, engine, subtitle, body.toString());
    }

    private static void declarations(StringBuilder body, Optional<KvEngine> registered) {
        body.append("<section class=\"site\" id=\"declared\">\n<h2>What its adapter declares</h2>\n");
        if (registered.isEmpty()) {
            body.append("<p class=\"empty\">The adapter is not in this build; each run's settings are on its report."
                    + "</p>\n</section>\n");
            return;
        }
        body.append("<dl class=\"context\">\n");
        for (EngineDetails.Field f : EngineDetails.fields(registered.get())) {
            body.append("<div><dt>").append(Html.escape(f.label())).append("</dt><dd>").append(linked(f.text()))
                    .append("</dd></div>\n");
        }
        body.append("</dl>\n</section>\n");
    }

    /** The text escaped, with a leading web address (a source or an issue) made a link. */
    private static String linked(String text) {
        int space = text.indexOf(' ');
        String first = space < 0 ? text : text.substring(0, space);
        if (!Html.isWebAddress(first)) return Html.escape(text);
        return Html.link(first, EngineFacts.shortReference(first))
                + Html.escape(space < 0 ? "" : text.substring(space));
    }

    private static void results(StringBuilder body, SiteInput input, String engine, String here) {
        body.append("<section class=\"site\" id=\"results\">\n<h2>Results</h2>\n");
        int shown = 0;
        for (SiteInput.Run run : input.runs()) {
            List<WorkloadGroup> groups = WorkloadGroup.of(run.results()).stream()
                    .filter(g -> g.rows().stream().anyMatch(r -> engine.equals(ResultCells.engine(r.result()))))
                    .toList();
            if (groups.isEmpty()) continue;
            shown++;
            RunHeader h = RunHeader.of(run.results());
            body.append("<h3>Profile ").append(Html.escape(h.profile())).append(" · ")
                    .append(Html.escape(h.machineClass())).append("</h3>\n<p class=\"direction\">")
                    .append(SitePage.link(here, SitePage.runReport(run.id()), "the run's report")).append(" · started ")
                    .append(Html.escape(h.time())).append("</p>\n<div class=\"table-wrap\"><table class=\"metrics\">\n"
                            + "<thead><tr><th>workload</th><th>score</th><th>rank</th><th>")
                    .append(ResultCells.VS_FASTEST).append("</th>");
            for (String cost : COSTS) body.append("<th>").append(Html.escape(heading(cost))).append("</th>");
            body.append("</tr></thead>\n<tbody>\n");
            for (WorkloadGroup g : groups) row(body, g, engine, here, run.id());
            body.append("</tbody>\n</table></div>\n");
        }
        if (shown == 0) body.append("<p class=\"empty\">No benchmark run of these inputs measured this engine.</p>\n");
        body.append("</section>\n");
    }

    private static void row(StringBuilder body, WorkloadGroup g, String engine, String here, String runId) {
        List<WorkloadGroup.Row> measured = g.measuredRows();
        WorkloadGroup.Row row = g.rows().stream().filter(r -> engine.equals(ResultCells.engine(r.result())))
                .findFirst().orElseThrow();
        BenchmarkResult r = row.result();
        int rank = measured.indexOf(row) + 1;
        body.append("<tr><td>").append(SitePage.link(here, SitePage.workloadPage(g.workload()) + "#run-"
                + SitePage.slug(runId), g.workload())).append("</td><td>")
                .append(Html.escape(ResultCells.score(r, UNITS))).append("</td><td>")
                .append(rank > 0 ? rank + " of " + measured.size() : "").append("</td><td>")
                .append(Html.escape(ResultCells.vsFastest(row, UNITS))).append("</td>");
        for (String cost : COSTS) {
            body.append("<td>").append(Html.escape(ResultCells.secondary(r, cost, UNITS))).append("</td>");
        }
        body.append("</tr>\n");
    }

    private static String heading(String metric) {
        return ResultCells.SECONDARY.stream().filter(c -> c.metric().equals(metric)).findFirst()
                .map(ResultCells.Column::heading).orElse(metric);
    }

    private static void durability(StringBuilder body, SiteInput input, String engine, String here) {
        body.append("<section class=\"site\" id=\"durability\">\n<h2>Durability under faults</h2>\n");
        List<SiteInput.CrashFinding> found = input.crashOf(engine);
        if (found.isEmpty()) body.append("<p class=\"empty\">No crash run of these inputs tested this engine.</p>\n");
        else {
            body.append("<div class=\"table-wrap\"><table class=\"metrics\">\n<thead><tr><th>fault</th><th>promise</th>"
                    + "<th>verdict</th><th>cycles</th><th>acknowledged</th><th>damage</th><th>reopen (median)</th>"
                    + "<th>run</th></tr></thead>\n<tbody>\n");
            for (SiteInput.CrashFinding f : found) {
                EngineCrashResult r = f.result();
                body.append("<tr><td>").append(Html.escape(r.fault().id())).append("</td><td>")
                        .append(Html.escape(r.declared().guarantee())).append("</td><td class=\"")
                        .append(SiteOverview.verdictClass(r.verdict())).append("\">")
                        .append(Html.escape(CrashTable.verdict(r))).append("</td><td>").append(r.counts().cycles())
                        .append("</td><td>").append(String.format(Locale.ROOT, "%,d", r.counts().acknowledged()))
                        .append("</td><td>").append(Html.escape(damage(r))).append("</td><td>")
                        .append(Html.escape(Double.isFinite(r.recovery().medianMillis())
                                ? String.format(Locale.ROOT, "%.0f ms", r.recovery().medianMillis()) : UNITS.missing()))
                        .append("</td><td>").append(SitePage.link(here, SitePage.runReport(f.run().id()), f.run().id()))
                        .append("</td></tr>\n");
            }
            body.append("</tbody>\n</table></div>\n<ul class=\"unmeasured\">\n");
            for (SiteInput.CrashFinding f : found) reasons(body, f.result());
            body.append("</ul>\n");
        }
        body.append("</section>\n");
    }

    private static String damage(EngineCrashResult r) {
        EngineCrashResult.Damage d = r.counts().damage();
        long total = d.lost() + d.corrupt() + d.resurrected() + d.unopenable();
        return total == 0 ? "none" : SiteOverview.damage(r);
    }

    /** For each fault: why it was judged so, its upstream issue, and the command that replays it. */
    private static void reasons(StringBuilder body, EngineCrashResult r) {
        body.append("<li><strong>").append(Html.escape(r.fault().id())).append("</strong>: ")
                .append(Html.escape(r.reason() == null || r.reason().isBlank() ? "kept its promise in every cycle"
                        : r.reason()));
        body.append(SiteOverview.reference(r).replaceFirst("^ · ", " · known issue "));
        if (r.replay().reproduce() != null) {
            body.append(" · replay: <code>").append(Html.escape(r.replay().reproduce())).append("</code>");
        }
        body.append("</li>\n");
    }

    private static void history(StringBuilder body, SiteInput input, String engine) {
        body.append("<section class=\"site\" id=\"history\">\n<h2>Nightly history</h2>\n");
        List<HistoryStore.Series> series = input.history().stream().filter(s -> s.key().engine().equals(engine))
                .toList();
        if (series.isEmpty()) body.append("<p class=\"empty\">The nightly history given holds no series of this "
                + "engine.</p>\n");
        List<ChangePoint> changes = input.changePoints();
        for (HistoryStore.Series s : series) TrendsPage.chart(body, ChangePointsReport.chart(s, changes));
        body.append("</section>\n");
    }

    /** Each search for the engine's first slower version: its steps and its answer (or the range it left). */
    private static void versions(StringBuilder body, SiteInput input, String engine) {
        body.append("<section class=\"site\" id=\"versions\">\n<h2>Versions</h2>\n");
        List<BisectReport> searches = input.bisections().stream().filter(b -> b.engine().equals(engine)).toList();
        if (searches.isEmpty()) {
            body.append("<p class=\"empty\">No bisection of this engine's versions was given (<code>kvbench bisect"
                    + "</code> writes one; <code>kvbench site --results</code> takes its directory).</p>\n");
        }
        for (BisectReport b : searches) {
            body.append("<h3>").append(Html.escape(b.good() + " (good) to " + b.bad() + " (bad)")).append("</h3>\n")
                    .append("<p class=\"direction\">").append(Html.escape("workloads " + String.join(", ",
                            b.workloads()) + ", judged together; versions " + String.join(", ", b.versions())))
                    .append("</p>\n<div class=\"table-wrap\"><table class=\"metrics\">\n<thead><tr>");
            for (String h : BisectMarkdown.HEADER) body.append("<th>").append(Html.escape(h)).append("</th>");
            body.append("</tr></thead>\n<tbody>\n");
            for (String[] row : BisectMarkdown.rows(b)) {
                body.append("<tr>");
                for (String cell : row) body.append("<td>").append(Html.escape(cell)).append("</td>");
                body.append("</tr>\n");
            }
            body.append("</tbody>\n</table></div>\n<ul class=\"unmeasured\">\n");
            for (String line : BisectMarkdown.conclusion(b)) {
                body.append("<li><strong>").append(Html.escape(line)).append("</strong></li>\n");
            }
            body.append("</ul>\n");
        }
        body.append("</section>\n");
    }
}
