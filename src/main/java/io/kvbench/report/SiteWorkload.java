package io.kvbench.report;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Workload;
import java.util.List;
import java.util.Optional;

/**
 * workloads/&lt;name&gt;.html: what a workload does and which published comparison it follows, then for every run
 * that measured it the report's own section (a chart of the scores with intervals, one of disk use, the ranked table)
 * and, where the run reproduces a published table of this workload, that table beside the measured ranks.
 */
final class SiteWorkload {

    private SiteWorkload() {
    }

    static String html(SiteInput input, String workload) {
        String here = SitePage.workloadPage(workload);
        Optional<Workload> known = Catalog.known(workload);
        StringBuilder body = new StringBuilder(16 * 1024);
        body.append("<section class=\"site\" id=\"about\">\n<h2>What it does</h2>\n");
        if (known.isPresent()) {
            Workload w = known.get();
            body.append("<p>").append(Html.escape(w.description())).append("</p>\n<dl class=\"context\">\n");
            item(body, "Published comparison", w.source().isEmpty() ? "none: kvbench's own"
                    : Html.link(w.source(), w.source()));
            item(body, "Family", Html.escape(w.family()));
            item(body, "Details", "<code>kvbench workloads " + Html.escape(w.name()) + "</code>");
            body.append("</dl>\n");
        } else {
            body.append("<p class=\"empty\">Not a workload of the kvbench build that made this site: known from its "
                    + "results only.</p>\n");
        }
        body.append("</section>\n");
        int shown = 0;
        for (SiteInput.Run run : input.runs()) shown += runSection(body, run, workload, here);
        if (shown == 0) {
            body.append("<p class=\"empty\">No benchmark run of these inputs measured this workload.</p>\n");
        }
        return SitePage.render(here, workload, known.map(Workload::description).orElse(""), body.toString());
    }

    /** The run's section for this workload, with its reproductions; 0 when the run did not measure it. */
    private static int runSection(StringBuilder body, SiteInput.Run run, String workload, String here) {
        RunResults results = run.results();
        List<BenchmarkResult> rows = results.results().stream().filter(r -> workload.equals(r.workload())).toList();
        if (rows.isEmpty()) return 0;
        RunHeader h = RunHeader.of(results);
        body.append("<section class=\"site\" id=\"run-").append(SitePage.slug(run.id())).append("\">\n<h2>Profile ")
                .append(Html.escape(h.profile())).append(" · ").append(Html.escape(h.machineClass()))
                .append("</h2>\n<p class=\"direction\">").append(SitePage.link(here, SitePage.runReport(run.id()),
                        "the run's report")).append(" · ").append(SitePage.link(here, SitePage.METHOD + "#"
                        + SitePage.slug(run.id()), "how it was measured")).append(" · started ")
                .append(Html.escape(h.time())).append("</p>\n");
        HtmlWorkload.section(body, WorkloadGroup.rank(workload, rows), "chart-" + SitePage.slug(run.id()),
                EnginePalette.of(results), MinimumEffect.of(results));
        List<Reproduction> published = Reproduction.of(results).stream()
                .filter(r -> workload.equals(r.table().workload())).toList();
        body.append(ReproductionReport.html(published)).append("</section>\n");
        return 1;
    }

    private static void item(StringBuilder body, String name, String trustedValue) {
        body.append("<div><dt>").append(Html.escape(name)).append("</dt><dd>").append(trustedValue)
                .append("</dd></div>\n");
    }
}
