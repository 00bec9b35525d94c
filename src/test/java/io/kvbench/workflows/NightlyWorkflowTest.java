package io.kvbench.workflows;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The nightly workflow run for real (nightly-perf.yml, narrowed by its dispatch inputs to the smoke profile, one
 * workload and 2 cycles of each crash fault), two nights in a row: the first night, one shard, creates the
 * perf-history branch on the remote; after a quiet history is seeded before it, the next night measures a commit
 * that makes H2 MVStore's gets slower, with three shards: H2's gate confirms the regression and its shard fails, the
 * other two are first nights; all three are merged, appended and charted, and the step is a change point. Each
 * night's merged report, trends page and pushed history are checked, not only the exit code.
 */
@Tag("workflow")
class NightlyWorkflowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HISTORY = "Append to the history, find change points";

    /**
     * The first night takes the prebuilt jar of its commit ({@link PrebuiltJar}); the slower commit has none, so its
     * night is the engines job's real build. The slower night runs three shards at once: several shards merged,
     * appended (one --results each) and charted, beside one failing shard. Its history before it: 8 nights seeded
     * before the first (copies of it, scattered by 3 %), so that H2's gate has recent nights to judge against and
     * Otava a quiet series to find the step in, between the last quiet commit and the slower one.
     */
    @Test
    void aFirstNightThenASlowerCommitThatFailsItsShardAndIsAChangePoint() throws Exception {
        try (ActHarness h = new ActHarness("nightly")) {
            List<String> prebuilt = PrebuiltJar.variable(h);
            Instant first = Instant.parse("2026-11-20T02:17:00Z");
            ActHarness.Run night1 = night(h, first, "h2-mvstore", prebuilt);
            assertThat(night1.exitCode()).as(night1 + "\n" + tail(night1)).isZero();
            assertThat(night1.jobs()).as(night1.toString()).containsEntry("Build and list engines", "success")
                    .containsEntry("Merge and report", "success").containsEntry(HISTORY, "success");
            assertThat(night1.log()).as("the commit's prebuilt jar").contains("in place of the build")
                    .doesNotContain("BUILD SUCCESS");
            assertThat(h.artifactNames(night1.id()))
                    .contains("kvbench-jar", "shard-h2-mvstore", "nightly-report", "trends", "site");
            // The shard's artifact holds its own directory, so one shard alone is found by the report and history jobs.
            assertThat(h.artifact(night1.id(), "shard-h2-mvstore")).containsKey("shard-h2-mvstore/results.json")
                    .containsKey("shard-h2-mvstore/crash/crash-results.json")
                    .containsKey("shard-h2-mvstore/powercut/crash-results.json")
                    .containsKey("shard-h2-mvstore/faults/crash-results.json");
            assertThat(text(h.artifact(night1.id(), "nightly-report"), "summary.md"))
                    .contains("h2-mvstore", "tc-random-read");
            assertThat(h.artifact(night1.id(), "trends")).containsKeys("trends.html", "index.html", "change-points.md");
            assertThat(h.artifact(night1.id(), "site")).as("the results site of the night")
                    .containsKeys("index.html", "method.html", "engines/h2-mvstore.html",
                            "workloads/tc-random-read.html", "runs/smoke/report.html", "runs/crash/report.html",
                            "site.json");
            assertThat(h.github.requests()).anySatisfy(r -> assertThat(r.toString())
                    .isEqualTo("GET /repos/kvbench/kvbench/actions/runs/" + night1.id()));
            assertThat(series(h, "h2-mvstore")).as("nights of h2-mvstore in perf-history").hasSize(1)
                    .allSatisfy(line -> assertThat(line).contains("\"time\":\"" + first + "\""));
            String quietCommit = ActHarness.git(h.repo, "rev-parse", "HEAD").strip();
            seedEarlierNights(h, 8);

            PullRequestWorkflowTest.slowerGets(h.repo, "H2MvStoreEngine.java",
                    "            byte[] value = map.get(key);\n            if (value == null) return -1;");
            PullRequestWorkflowTest.commitAndPush(h, "Slower H2 gets");
            String slowCommit = ActHarness.git(h.repo, "rev-parse", "HEAD").strip();
            Instant second = first.plus(Duration.ofDays(1));
            ActHarness.Run slow = night(h, second, "h2-mvstore,rocksdb,lmdb", prebuilt);
            assertThat(slow.exitCode()).as(slow + ": the night fails; the shard printed:\n"
                    + shardGate(slow, "h2-mvstore")).isNotZero();
            assertThat(slow.jobs()).as(slow + "\n" + tail(slow)).containsEntry("Build and list engines", "success")
                    .containsEntry("Merge and report", "failure").containsEntry(HISTORY, "success");
            // act marks every entry of a matrix failed once one has failed: the shards' own steps say which failed.
            assertThat(failedSteps(slow, "h2-mvstore")).as(slow.toString()).singleElement()
                    .satisfies(step -> assertThat(step).contains("Benchmarks judged against"));
            assertThat(failedSteps(slow, "rocksdb")).as(slow.toString()).isEmpty();
            assertThat(failedSteps(slow, "lmdb")).as(slow.toString()).isEmpty();
            assertThat(slow.log()).as("no prebuilt jar of the slower commit: built").contains("BUILD SUCCESS")
                    .contains("::error::an engine job failed (failure)");
            assertThat(h.artifactNames(slow.id())).contains("shard-h2-mvstore", "shard-rocksdb", "shard-lmdb");
            assertThat(text(h.artifact(slow.id(), "shard-h2-mvstore"), "shard-h2-mvstore/comparison.md"))
                    .containsPattern("\\| h2-mvstore \\| tc-random-read \\| \\**REGRESSION");
            assertThat(text(h.artifact(slow.id(), "nightly-report"), "summary.md"))
                    .contains("h2-mvstore", "rocksdb", "lmdb", "tc-random-read");
            List<String> h2 = series(h, "h2-mvstore");
            assertThat(h2).as("8 seeded nights, the first one kept and the slower one appended").hasSize(10);
            assertThat(h2.get(9)).contains("\"time\":\"" + second + "\"");
            assertThat(series(h, "rocksdb")).hasSize(1);
            assertThat(series(h, "lmdb")).hasSize(1);
            assertThat(ActHarness.git(h.remote, "log", "--format=%s", "perf-history").lines()
                    .filter(s -> s.startsWith("Night of ")).toList()).as("one commit per night on perf-history")
                    .hasSize(2);
            Map<String, byte[]> trends = h.artifact(slow.id(), "trends");
            assertThat(text(trends, "change-points.md")).contains("| h2-mvstore | tc-random-read |")
                    .contains("`" + quietCommit + ".." + slowCommit + "`").contains("**worse**");
            assertThat(text(trends, "trends.html")).contains(quietCommit.substring(0, 7))
                    .contains("h2-mvstore", "rocksdb", "lmdb");
            Map<String, byte[]> site = h.artifact(slow.id(), "site");
            String lastNight = text(site, "index.html");
            lastNight = lastNight.substring(lastNight.indexOf("id=\"last-night\""));
            assertThat(lastNight.substring(0, lastNight.indexOf("</div>"))).as("the site's overview: last night")
                    .contains("1 change point starts in it",
                            "<a href=\"engines/h2-mvstore.html#history\">h2-mvstore</a> tc-random-read")
                    .contains("worse");
            assertThat(site).containsKeys("engines/h2-mvstore.html", "engines/rocksdb.html", "engines/lmdb.html");
            assertThat(text(site, "engines/h2-mvstore.html")).as("its trend chart with the change point")
                    .contains("h2-mvstore / tc-random-read", "<li class=\"worse\">");
        }
    }

    /** Copies of the newest night of every series on perf-history, on the days before it, scattered by 3 %. */
    private static void seedEarlierNights(ActHarness h, int nights) throws Exception {
        // a clone of its own: the repository under test stays as it is
        Path work = h.repo.resolveSibling("seed-history");
        ActHarness.git(h.repo.getParent(), "clone", "--quiet", "--branch", "perf-history", h.remote.toUri().toString(),
                work.toString());
        Random scatter = new Random(20261125);
        try (Stream<Path> files = Files.walk(work)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
                ObjectNode newest = (ObjectNode) JSON.readTree(Files.readAllLines(file).get(0));
                Instant time = Instant.parse(newest.get("time").asText());
                List<String> lines = new ArrayList<>();
                for (int i = nights; i >= 1; i--) {
                    ObjectNode night = newest.deepCopy();
                    night.put("time", time.minus(Duration.ofDays(i)).toString()).put("commit", "%040x".formatted(i));
                    double factor = 1 + 0.03 * scatter.nextGaussian();
                    ObjectNode result = (ObjectNode) night.get("result");
                    result.put("score", result.get("score").asDouble() * factor);
                    ArrayNode samples = (ArrayNode) result.get("samples");
                    for (int k = 0; k < samples.size(); k++) samples.set(k, samples.get(k).asDouble() * factor);
                    lines.add(JSON.writeValueAsString(night));
                }
                lines.addAll(Files.readAllLines(file));
                Files.write(file, lines);
            }
        }
        ActHarness.git(work, "commit", "--quiet", "-am", "Earlier quiet nights (seeded by the harness)");
        ActHarness.git(work, "push", "--quiet", "origin", "perf-history");
    }

    /** The nights of one engine's tc-random-read series on the remote's perf-history branch, one JSON line each. */
    static List<String> series(ActHarness h, String engine) throws Exception {
        String files = ActHarness.git(h.remote, "ls-tree", "-r", "--name-only", "perf-history");
        String file = files.lines().filter(f -> f.endsWith("/" + engine + "/tc-random-read.jsonl")).findFirst()
                .orElseThrow(() -> new AssertionError("perf-history has no tc-random-read series of " + engine + ": "
                        + files));
        assertThat(file).startsWith("smoke/");
        String content = ActHarness.git(h.remote, "show", "perf-history:" + file);
        return Arrays.stream(content.split("\n")).filter(l -> !l.isBlank()).toList();
    }

    static Map<String, String> inputs(String engines) {
        return Map.of("engines", engines, "workloads", "tc-random-read", "profile", "smoke", "crash-cycles", "2");
    }

    /** One night of the nightly workflow, dispatched by hand for these engines, its run created at {@code time}. */
    private static ActHarness.Run night(ActHarness h, Instant time, String engines, List<String> extra)
            throws Exception {
        h.github.runCreatedAt(h.nextRunId(), time);
        return h.run("nightly-perf.yml", "workflow_dispatch", ActHarness.dispatchEvent(), inputs(engines), extra);
    }

    static String text(Map<String, byte[]> files, String name) {
        byte[] bytes = files.get(name);
        if (bytes == null) throw new AssertionError("no " + name + " in the artifact; it has " + files.keySet());
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * What a shard job printed from fetching the history to the end of its gate (until its crash profile starts):
     * which nights it found and what the gate judged, for the message of a night that did not end as expected.
     */
    static String shardGate(ActHarness.Run run, String engine) {
        List<String> job = shardLines(run, engine);
        int from = 0;
        while (from < job.size() && !job.get(from).contains("History of earlier nights")) from++;
        int to = from;
        while (to < job.size() && !job.get(to).contains("Crash profile")) to++;
        return String.join("\n", job.subList(Math.min(from, job.size()), to));
    }

    /** The steps that failed in an engine's shard job ("Failure - Main <step>" lines of act's log). */
    private static List<String> failedSteps(ActHarness.Run run, String engine) {
        return shardLines(run, engine).stream().filter(l -> l.contains("Failure - Main ")).toList();
    }

    /** The log lines of an engine's shard job: act numbers the jobs of a matrix of several ("rocksdb-2"). */
    private static List<String> shardLines(ActHarness.Run run, String engine) {
        return run.log().lines().filter(l -> l.matches("\\[[^]]*/" + engine + "(-\\d+)? *\\].*")).toList();
    }

    static String tail(ActHarness.Run run) {
        List<String> lines = run.log().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
