package io.kvbench.report;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * method.html, "how this was measured": for every run the machine and its class, the profile's JMH settings, the
 * container's resource limits, kvbench's revision and each engine's version and settings, and the command that runs
 * the same again; for every crash run its runner, cycles and seed and the command that replays it.
 */
final class SiteMethod {

    static final String HERE = SitePage.METHOD;

    private SiteMethod() {
    }

    static String html(SiteInput input) {
        StringBuilder body = new StringBuilder(16 * 1024);
        body.append("<section class=\"site\">\n<p>Every benchmark runs in a fixed-resource container (or a local JVM, "
                + "as each run says), one engine at a time, under JMH with the profile's forks and iterations; scores "
                + "are means with ").append(Html.escape(io.kvbench.result.Intervals.LABEL)).append("s. Numbers of "
                + "two machine classes are never compared with each other. Crash runs kill (or cut the power of) a "
                + "writer process at seeded moments and check what reopens against what the engine promised.</p>\n"
                + "</section>\n");
        for (SiteInput.Run run : input.runs()) run(body, run);
        for (SiteInput.Crash crash : input.crash()) crash(body, crash);
        if (input.runs().isEmpty() && input.crash().isEmpty()) {
            body.append("<p class=\"empty\">No run was given.</p>\n");
        }
        return SitePage.render(HERE, "How this was measured", "machines, settings and the commands to reproduce",
                body.toString());
    }

    private static void run(StringBuilder body, SiteInput.Run run) {
        RunResults r = run.results();
        RunHeader h = RunHeader.of(r);
        body.append("<section class=\"site\" id=\"").append(SitePage.slug(run.id())).append("\">\n<h2>Benchmark run ")
                .append(Html.escape(run.id())).append("</h2>\n<p class=\"direction\">read from <code>")
                .append(Html.escape(run.source())).append("</code> · ")
                .append(SitePage.link(HERE, SitePage.runReport(run.id()), "its report")).append("</p>\n")
                .append("<dl class=\"context\">\n");
        item(body, "Profile", h.profile());
        item(body, "Runner", h.runner());
        machine(body, r.machine());
        item(body, "JDK", h.jdk());
        item(body, "kvbench revision", h.gitRevision());
        item(body, "Started", h.time());
        item(body, "Results", h.countsText());
        Catalog.PROFILES.stream().filter(p -> p.equals(h.profile())).findFirst().map(Catalog::profile)
                .ifPresent(p -> item(body, "JMH", jmh(p)));
        resources(r).forEach((k, v) -> item(body, "Container " + k, v));
        body.append("</dl>\n<h3>Engines</h3>\n<ul class=\"unmeasured\">\n");
        for (EngineSetup s : h.setups()) {
            body.append("<li>").append(SitePage.link(HERE, SitePage.enginePage(s.engine()), s.title())).append(": ")
                    .append(Html.escape(s.describe())).append("</li>\n");
        }
        body.append("</ul>\n<h3>Run it again</h3>\n<pre><code>").append(Html.escape(command(r)))
                .append("</code></pre>\n</section>\n");
    }

    private static void machine(StringBuilder body, MachineInfo m) {
        if (m == null) return;
        item(body, "Machine class", m.machineClass());
        item(body, "CPU", m.cpuModel());
        item(body, "Cores", String.valueOf(m.cores()));
        if (m.memoryBytes() > 0) item(body, "Memory", EngineTable.bytes(m.memoryBytes()));
        item(body, "OS", m.os());
    }

    private static String jmh(Profile p) {
        Profile.Jmh j = p.jmh();
        return j.forks() + (j.forks() == 1 ? " fork" : " forks") + "; passes " + iterations(j.passes())
                + "; timed operations " + iterations(j.operations()) + "; heap " + j.heap();
    }

    private static String iterations(Profile.Iterations i) {
        return i.warmupIterations() + " warm-up + " + i.measurementIterations() + " measured iterations";
    }

    /** The resource limits of the run's first measured result (the merge rules make them the same for all). */
    private static Map<String, String> resources(RunResults r) {
        return r.results().stream().filter(b -> b.status() == Status.OK && b.context() != null
                        && b.context().resources() != null).findFirst()
                .map(b -> (Map<String, String>) new TreeMap<>(b.context().resources())).orElse(Map.of());
    }

    /** The command that measures the same engines and workloads with the same profile and runner. */
    static String command(RunResults r) {
        String engines = r.results().stream().map(ResultCells::engine).collect(Collectors.toCollection(TreeSet::new))
                .stream().collect(Collectors.joining(","));
        String workloads = r.results().stream().map(BenchmarkResult::workload).distinct()
                .collect(Collectors.joining(","));
        return "java -jar target/kvbench.jar run --profile " + r.profile() + " --runner " + r.runner()
                + " --engines " + engines + " --workloads " + workloads;
    }

    private static void crash(StringBuilder body, SiteInput.Crash crash) {
        CrashResults c = crash.results();
        body.append("<section class=\"site\" id=\"").append(SitePage.slug(crash.id())).append("\">\n<h2>Crash run ")
                .append(Html.escape(crash.id())).append("</h2>\n<p class=\"direction\">read from <code>")
                .append(Html.escape(crash.source())).append("</code> · ")
                .append(SitePage.link(HERE, SitePage.runReport(crash.id()), "its report")).append("</p>\n")
                .append("<dl class=\"context\">\n");
        item(body, "Runner", c.runner());
        item(body, "Cycles per engine", String.valueOf(c.cycles()));
        item(body, "Seed", String.valueOf(c.seed()));
        item(body, "Started", c.startedAt());
        item(body, "kvbench revision", Optional.ofNullable(c.run().gitRevision()).orElse("unknown"));
        machine(body, c.run().machine());
        body.append("</dl>\n<h3>Replay each engine's cycles</h3>\n<ul class=\"unmeasured\">\n");
        List<EngineCrashResult> results = c.results();
        for (EngineCrashResult e : results) {
            if (e.replay().reproduce() == null) continue;
            body.append("<li>").append(Html.escape(e.engine() + " (" + e.fault().id() + ")")).append(": <code>")
                    .append(Html.escape(e.replay().reproduce())).append("</code></li>\n");
        }
        body.append("</ul>\n</section>\n");
    }

    private static void item(StringBuilder body, String name, String value) {
        body.append("<div><dt>").append(Html.escape(name)).append("</dt><dd>").append(Html.escape(value))
                .append("</dd></div>\n");
    }
}
