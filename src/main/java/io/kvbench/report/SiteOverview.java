package io.kvbench.report;

import io.kvbench.crash.EngineCrashResult;
import io.kvbench.crash.Fault;
import io.kvbench.history.ChangePoint;
import io.kvbench.history.Night;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Units;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The site's index.html: what a newcomer asks first, answered at the top (the fastest engine per workload, which
 * engines broke a durability promise, what changed in the newest night), each answer a link to its evidence; then per
 * run a matrix of engines and workloads ("vs fastest" and costs in every cell), the durability verdicts of every
 * engine under every fault, the change points of the nightly history, and the lists of engine and workload pages.
 */
final class SiteOverview {

    static final String HERE = SitePage.INDEX;
    private static final Units UNITS = HtmlReport.UNITS;

    private SiteOverview() {
    }

    static String html(SiteInput input) {
        StringBuilder body = new StringBuilder(32 * 1024);
        body.append("<section class=\"site\" id=\"answers\">\n<h2>At a glance</h2>\n<div class=\"cards\">\n");
        fastestCard(body, input);
        durabilityCard(body, input);
        lastNightCard(body, input);
        body.append("</div>\n</section>\n");
        for (SiteInput.Run run : input.runs()) matrix(body, run);
        durabilityMatrix(body, input);
        history(body, input);
        lists(body, input);
        return SitePage.render(HERE, "Embedded key-value engines compared", subtitle(input), body.toString());
    }

    private static String subtitle(SiteInput input) {
        return input.engines().size() + " engines · " + input.workloads().size() + " workloads · "
                + input.runs().size() + (input.runs().size() == 1 ? " benchmark run · " : " benchmark runs · ")
                + input.crash().size() + (input.crash().size() == 1 ? " crash run" : " crash runs")
                + input.newestNight().map(n -> " · newest night " + n.time()).orElse("");
    }

    private static void fastestCard(StringBuilder body, SiteInput input) {
        body.append("<div class=\"card\" id=\"fastest\">\n<h3>Fastest per workload</h3>\n<ul>\n");
        int listed = 0;
        for (SiteInput.Run run : input.runs()) {
            for (WorkloadGroup group : WorkloadGroup.of(run.results())) {
                List<WorkloadGroup.Row> rows = group.measuredRows();
                if (rows.isEmpty()) continue;
                BenchmarkResult best = rows.get(0).result();
                body.append("<li>").append(SitePage.link(HERE, SitePage.workloadPage(group.workload()),
                        group.workload())).append(": ").append(SitePage.link(HERE,
                        SitePage.enginePage(best.engine()), best.engine())).append(' ')
                        .append(Html.escape(UNITS.measurement(best.score(), Intervals.of(best), best.unit())));
                if (rows.size() > 1) body.append(Html.escape(" · next " + lead(rows.get(0), rows.get(1))));
                body.append(" <span class=\"muted\">(").append(Html.escape(run.results().profile())).append(")</span>")
                        .append("</li>\n");
                listed++;
            }
        }
        if (listed == 0) body.append("<li>No benchmark run was given, or none measured anything.</li>\n");
        body.append("</ul>\n</div>\n");
    }

    /** "rocksdb, 1.52x slower" or "rocksdb, within the intervals (a tie)". */
    private static String lead(WorkloadGroup.Row best, WorkloadGroup.Row next) {
        BenchmarkResult a = best.result();
        BenchmarkResult b = next.result();
        double aEdge = a.higherIsBetter() ? a.score() - Intervals.of(a) : a.score() + Intervals.of(a);
        double bEdge = b.higherIsBetter() ? b.score() + Intervals.of(b) : b.score() - Intervals.of(b);
        boolean overlap = Double.isFinite(aEdge) && Double.isFinite(bEdge)
                && (a.higherIsBetter() ? aEdge <= bEdge : aEdge >= bEdge);
        return b.engine() + ", " + (overlap ? "within the intervals (a tie)" : ResultCells.vsFastest(next, UNITS));
    }

    private static void durabilityCard(StringBuilder body, SiteInput input) {
        body.append("<div class=\"card\" id=\"durability-findings\">\n<h3>Durability</h3>\n<ul>\n");
        Set<Fault> tested = EnumSet.noneOf(Fault.class);
        int findings = 0;
        for (String engine : input.engines()) {
            for (SiteInput.CrashFinding f : input.crashOf(engine)) {
                EngineCrashResult r = f.result();
                tested.add(r.fault());
                if (r.verdict() == Verdict.PASS || r.verdict() == Verdict.INFORMATION) continue;
                findings++;
                body.append("<li class=\"").append(verdictClass(r.verdict())).append("\">")
                        .append(SitePage.link(HERE, SitePage.enginePage(engine) + "#durability", engine)).append(' ')
                        .append(Html.escape(r.fault().id() + ": " + CrashTable.verdict(r) + " (" + damage(r) + ")"))
                        .append(reference(r)).append("</li>\n");
            }
        }
        if (input.crash().isEmpty()) {
            body.append("<li>No crash run was given.</li>\n");
        } else if (findings == 0) {
            body.append("<li>Every engine kept the promise it declares under ")
                    .append(Html.escape(String.join(", ", tested.stream().map(Fault::id).toList())))
                    .append(" (<a href=\"#durability\">verdicts</a>).</li>\n");
        }
        body.append("</ul>\n</div>\n");
    }

    /** " · google/leveldb#75" linked to the upstream issue a known issue's verdict cites; empty for others. */
    static String reference(EngineCrashResult r) {
        String ref = r.judgement().reference();
        if (ref == null) return "";
        return " · " + Html.link(ref, Html.isWebAddress(ref) ? EngineFacts.shortReference(ref) : ref);
    }

    /** "lost 3 of 1,200 acknowledged writes", or the reason when nothing was counted. */
    static String damage(EngineCrashResult r) {
        EngineCrashResult.Damage d = r.counts().damage();
        List<String> parts = new ArrayList<>();
        if (d.lost() > 0) parts.add("lost " + count(d.lost()) + " of " + count(r.counts().acknowledged())
                + " acknowledged writes");
        if (d.corrupt() > 0) parts.add(count(d.corrupt()) + " corrupt");
        if (d.resurrected() > 0) parts.add(count(d.resurrected()) + " resurrected");
        if (d.unopenable() > 0) parts.add(count(d.unopenable()) + " cycles unopenable");
        if (parts.isEmpty()) return r.reason() == null || r.reason().isBlank() ? r.verdict().name() : r.reason();
        int cycles = r.counts().cycles();
        return String.join(", ", parts) + " in " + count(cycles) + " " + (cycles == 1 ? r.fault().noun()
                : r.fault().nouns());
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String verdictClass(Verdict v) {
        if (v.fails() || v.isError()) return "verdict-fail";
        return v == Verdict.KNOWN_ISSUE ? "verdict-known" : "verdict-ok";
    }

    private static void lastNightCard(StringBuilder body, SiteInput input) {
        body.append("<div class=\"card\" id=\"last-night\">\n<h3>Last night</h3>\n<ul>\n");
        Optional<Night> newest = input.newestNight();
        if (newest.isEmpty()) {
            body.append("<li>No nightly history was given.</li>\n");
        } else if (input.changes().isEmpty()) {
            body.append("<li>Newest night ").append(Html.escape(newest.get().time()))
                    .append(": change points were not computed for this site.</li>\n");
        } else {
            List<ChangePoint> lastNight = input.changePoints().stream().filter(c -> c.nightsSince() == 1).toList();
            body.append("<li>Night of ").append(Html.escape(newest.get().time())).append(", commit <code>")
                    .append(Html.escape(ChangePoint.shortSha(newest.get().commit()))).append("</code>: ")
                    .append(lastNight.isEmpty() ? "no change point starts in it." : lastNight.size()
                            + (lastNight.size() == 1 ? " change point starts in it:" : " change points start in it:"))
                    .append("</li>\n");
            for (ChangePoint c : lastNight) body.append(changeItem(c));
            body.append("<li><a href=\"#history\">every change point of the history</a></li>\n");
        }
        body.append("</ul>\n</div>\n");
    }

    private static String changeItem(ChangePoint c) {
        return "<li class=\"" + (c.worse() ? "verdict-fail" : "verdict-ok") + "\">"
                + SitePage.link(HERE, SitePage.enginePage(c.engine()) + "#history", c.engine()) + " "
                + Html.escape(c.subject() + " " + c.formattedShift() + " " + c.direction() + ", commits "
                + ChangePoint.shortSha(c.lastCommitBefore()) + ".." + ChangePoint.shortSha(c.firstCommitAfter()))
                + "</li>\n";
    }

    /** Engines down, workloads across: each cell the score, "vs fastest" and the costs, linked to the workload page. */
    private static void matrix(StringBuilder body, SiteInput.Run run) {
        List<WorkloadGroup> groups = WorkloadGroup.of(run.results());
        Map<String, Map<String, WorkloadGroup.Row>> cells = new TreeMap<>();
        for (WorkloadGroup g : groups) {
            for (WorkloadGroup.Row row : g.rows()) {
                cells.computeIfAbsent(ResultCells.engine(row.result()), e -> new LinkedHashMap<>())
                        .put(g.workload(), row);
            }
        }
        RunHeader h = RunHeader.of(run.results());
        body.append("<section class=\"site\" id=\"run-").append(SitePage.slug(run.id())).append("\">\n<h2>Profile ")
                .append(Html.escape(h.profile())).append("</h2>\n<p class=\"direction\">machine class ")
                .append(Html.escape(h.machineClass())).append(" · runner ").append(Html.escape(h.runner()))
                .append(" · started ").append(Html.escape(h.time())).append(" · ")
                .append(SitePage.link(HERE, SitePage.runReport(run.id()), "the run's report")).append(" · ")
                .append(SitePage.link(HERE, SitePage.METHOD + "#" + SitePage.slug(run.id()), "how it was measured"))
                .append("</p>\n<div class=\"table-wrap\"><table class=\"metrics matrix\">\n<thead><tr><th>engine</th>");
        for (WorkloadGroup g : groups) {
            body.append("<th>").append(SitePage.link(HERE, SitePage.workloadPage(g.workload()), g.workload()))
                    .append("</th>");
        }
        body.append("</tr></thead>\n<tbody>\n");
        cells.forEach((engine, row) -> {
            body.append("<tr><td>").append(SitePage.link(HERE, SitePage.enginePage(engine), engine)).append("</td>");
            for (WorkloadGroup g : groups) body.append(cell(run.id(), g, row.get(g.workload())));
            body.append("</tr>\n");
        });
        body.append("</tbody>\n</table></div>\n<p class=\"note\">").append(Html.escape(ResultCells.VS_FASTEST_LEGEND))
                .append(" Under each score: vs fastest, disk after the run, heap allocated per operation.</p>\n")
                .append("</section>\n");
    }

    private static String cell(String runId, WorkloadGroup group, WorkloadGroup.Row row) {
        if (row == null) return "<td>" + Html.escape(UNITS.missing()) + "</td>";
        BenchmarkResult r = row.result();
        String target = SitePage.workloadPage(group.workload()) + "#run-" + SitePage.slug(runId);
        if (!row.measured()) {
            return "<td title=\"" + Html.escape(ResultCells.reason(r)) + "\">" + SitePage.link(HERE, target,
                    ResultCells.statusLabel(r)) + "</td>";
        }
        boolean fastest = row.vsFastest() == 1.0;
        return "<td" + (fastest ? " class=\"fastest\"" : "") + ">" + SitePage.link(HERE, target,
                ResultCells.score(r, UNITS)) + "<span class=\"cost\">" + Html.escape((fastest ? "fastest" :
                ResultCells.vsFastest(row, UNITS)) + " · " + ResultCells.secondary(r, MetricNames.DISK_BYTES, UNITS)
                + " · " + ResultCells.secondary(r, MetricNames.ALLOC_BYTES_PER_OP, UNITS)) + "</span></td>";
    }

    /** Engines down, faults across, the verdict in each cell with its reason as the title. */
    private static void durabilityMatrix(StringBuilder body, SiteInput input) {
        body.append("<section class=\"site\" id=\"durability\">\n<h2>Durability under faults</h2>\n");
        if (input.crash().isEmpty()) {
            body.append("<p class=\"empty\">No crash run was given (<code>kvbench site --results</code> takes the "
                    + "output directory of <code>kvbench crash</code>).</p>\n</section>\n");
            return;
        }
        Set<Fault> faults = EnumSet.noneOf(Fault.class);
        for (SiteInput.Crash c : input.crash()) for (EngineCrashResult r : c.results().results()) faults.add(r.fault());
        body.append("<div class=\"table-wrap\"><table class=\"metrics matrix\">\n<thead><tr><th>engine</th>");
        for (Fault f : faults) body.append("<th>").append(Html.escape(f.id())).append("</th>");
        body.append("</tr></thead>\n<tbody>\n");
        for (String engine : input.engines()) {
            List<SiteInput.CrashFinding> found = input.crashOf(engine);
            if (found.isEmpty()) continue;
            body.append("<tr><td>").append(SitePage.link(HERE, SitePage.enginePage(engine) + "#durability", engine))
                    .append("</td>");
            for (Fault f : faults) {
                Optional<EngineCrashResult> r = found.stream().map(SiteInput.CrashFinding::result)
                        .filter(x -> x.fault() == f).reduce((first, last) -> last);
                body.append(r.map(x -> "<td class=\"" + verdictClass(x.verdict()) + "\" title=\""
                        + Html.escape(x.reason()) + "\">" + Html.escape(CrashTable.verdict(x)) + "</td>")
                        .orElse("<td>" + Html.escape(UNITS.missing()) + "</td>"));
            }
            body.append("</tr>\n");
        }
        body.append("</tbody>\n</table></div>\n<p class=\"note\">Each verdict judges the promise the engine's adapter "
                + "declares for that fault (an engine that promises nothing is run for information). Engine pages "
                + "give the counts, the reasons, the upstream issues and the command that replays each run.</p>\n"
                + "</section>\n");
    }

    private static void history(StringBuilder body, SiteInput input) {
        body.append("<section class=\"site\" id=\"history\">\n<h2>Nightly history</h2>\n");
        if (input.history().isEmpty()) {
            body.append("<p class=\"empty\">No nightly history was given (<code>kvbench site --history</code>).</p>\n"
                    + "</section>\n");
            return;
        }
        int nights = input.history().stream().mapToInt(s -> s.nights().size()).max().orElse(0);
        body.append("<p class=\"direction\">").append(input.history().size()).append(" series, up to ").append(nights)
                .append(" nights each").append(input.changes().map(c -> "; " + c.changePoints().size()
                        + " change points (Apache Otava, p ≤ " + c.maxPValue() + ")")
                        .orElse("; change points not computed"))
                .append(". Each engine's page charts its series.</p>\n");
        List<ChangePoint> changes = input.changePoints();
        if (!changes.isEmpty()) {
            body.append("<div class=\"table-wrap\"><table class=\"metrics\">\n<thead><tr><th>engine</th>"
                    + "<th>workload</th><th>machine class</th><th>first night</th><th>commits</th>"
                    + "<th>engine version</th><th>shift</th><th>nights since</th></tr></thead>\n<tbody>\n");
            for (ChangePoint c : changes) {
                body.append("<tr class=\"").append(c.worse() ? "verdict-fail" : "verdict-ok").append("\"><td>")
                        .append(SitePage.link(HERE, SitePage.enginePage(c.engine()) + "#history", c.engine()))
                        .append("</td><td>").append(Html.escape(c.subject())).append("</td><td>")
                        .append(Html.escape(c.machineClass())).append("</td><td>").append(Html.escape(c.time()))
                        .append("</td><td><code>").append(Html.escape(ChangePoint.shortSha(c.lastCommitBefore())
                                + ".." + ChangePoint.shortSha(c.firstCommitAfter()))).append("</code></td><td>")
                        .append(Html.escape(versions(c))).append("</td><td>")
                        .append(Html.escape(c.formattedShift() + " " + c.direction())).append("</td><td>")
                        .append(c.nightsSince()).append("</td></tr>\n");
            }
            body.append("</tbody>\n</table></div>\n");
            for (ChangePoint c : changes) {
                c.bisectCommand().ifPresent(command -> body.append("<p class=\"note\">").append(Html.escape(
                        c.engine() + " " + c.workload() + ", " + versions(c) + ": which release, on one runner: "))
                        .append("<code>").append(Html.escape(command)).append("</code></p>\n"));
            }
        }
        body.append("</section>\n");
    }

    /** "0.9.2 → 0.9.3" where the engine's version changed across the change, "same", or "not recorded". */
    private static String versions(ChangePoint c) {
        ChangePoint.EngineVersions v = c.engineVersions();
        if (v.changed()) return v.engineVersionBefore() + " → " + v.engineVersionAfter();
        return v.engineVersionBefore() == null || v.engineVersionAfter() == null ? "not recorded" : "same";
    }

    private static void lists(StringBuilder body, SiteInput input) {
        body.append("<section class=\"site\" id=\"pages\">\n<h2>Engines</h2>\n<ul class=\"links\">\n");
        for (String e : input.engines()) body.append("<li>").append(SitePage.link(HERE, SitePage.enginePage(e), e))
                .append("</li>\n");
        body.append("</ul>\n<h2>Workloads</h2>\n<ul class=\"links\">\n");
        for (String w : input.workloads()) body.append("<li>")
                .append(SitePage.link(HERE, SitePage.workloadPage(w), w)).append("</li>\n");
        body.append("</ul>\n</section>\n");
    }
}
