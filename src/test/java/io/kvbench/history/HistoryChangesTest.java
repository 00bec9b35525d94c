package io.kvbench.history;

import io.kvbench.cli.ExitCode;
import static io.kvbench.fixtures.HistoryFixtures.commit;
import static io.kvbench.fixtures.HistoryFixtures.night;
import static io.kvbench.fixtures.HistoryFixtures.result;
import static io.kvbench.fixtures.HistoryFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.kvbench.cli.KvBench;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import io.kvbench.result.Software;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kvbench history changes with the real Apache Otava: a 15 % step at night 20 of 40 is found at the right commit
 * range, and trends.html draws every series with the change marked. Needs Otava ($KVBENCH_OTAVA or otava on PATH).
 */
class HistoryChangesTest {

    @TempDir
    Path tmp;
    Path history;
    Path out;
    String otava;

    @BeforeEach
    void otava() {
        String env = System.getenv(Otava.ENV);
        otava = null;
        try {
            otava = String.join(" ", Otava.resolve(env, System.getenv()).command());
        } catch (RuntimeException e) {
            assumeThat(otava).as("Apache Otava not installed: " + e.getMessage()).isNotNull();
        }
        history = tmp.resolve("history");
        out = tmp.resolve("changes");
    }

    /** rocksdb steps down by 15 % from night {@code step} on; lmdb stays flat. */
    private void series(int nights, int step) throws Exception {
        HistoryStore store = new HistoryStore(history);
        for (int i = 0; i < nights; i++) {
            store.append(run(night(i), result("rocksdb", "ycsb-c", "cpu-a-1c", 200 + i, i < step ? 1000 : 850),
                    result("lmdb", "ycsb-c", "cpu-a-1c", 300 + i, 5000)), night(i), commit(i));
        }
    }

    private int changes(String... more) {
        List<String> args = new ArrayList<>(List.of("history", "changes", "--history", history.toString(), "--out",
                out.toString(),
                "--otava", otava));
        args.addAll(List.of(more));
        return KvBench.execute(args.toArray(String[]::new));
    }

    @Test
    void findsAFifteenPercentStepAtItsCommitRange() throws Exception {
        series(40, 20);
        assertThat(changes("--fail-within", "7")).as("a change 20 nights ago is history, not an alarm").isZero();

        JsonNode report = ResultsJson.MAPPER.readTree(out.resolve("change-points.json").toFile());
        assertThat(report.get("series").asInt()).isEqualTo(2);
        JsonNode changes = report.get("changePoints");
        assertThat(changes).hasSize(1);
        JsonNode change = changes.get(0);
        assertThat(change.get("engine").asText()).isEqualTo("rocksdb");
        assertThat(change.get("machineClass").asText()).isEqualTo("cpu-a-1c");
        assertThat(change.get("night").asInt()).isEqualTo(20);
        assertThat(change.get("lastCommitBefore").asText()).isEqualTo(commit(19));
        assertThat(change.get("firstCommitAfter").asText()).isEqualTo(commit(20));
        assertThat(change.get("time").asText()).isEqualTo(night(20));
        assertThat(change.get("shiftPercent").asDouble()).isBetween(-17.0, -13.0);
        assertThat(change.get("direction").asText()).isEqualTo("worse");

        String html = Files.readString(out.resolve("trends.html"));
        assertThat(out.resolve("index.html")).hasContent(html);
        assertThat(count(html, "<svg")).isEqualTo(2);
        assertThat(html).contains(commit(19).substring(0, 10) + ".." + commit(20).substring(0, 10))
                .contains("(worse)").doesNotContain("<script").doesNotContain("http://").doesNotContain("https://");
    }

    @Test
    void aWorseStepAmongTheNewestNightsFails() throws Exception {
        series(40, 34);
        assertThat(changes()).as("reports only by default").isZero();
        assertThat(changes("--fail-within", "7")).isEqualTo(ExitCode.FAILED.code());
        assertThat(Files.readString(out.resolve("change-points.md"))).contains("**worse**").contains(commit(34));
        JsonNode change = ResultsJson.MAPPER.readTree(out.resolve("change-points.json").toFile()).get("changePoints")
                .get(0);
        assertThat(change.get("firstCommitAfter").asText()).isEqualTo(commit(34));
        assertThat(change.get("nightsSince").asInt()).isEqualTo(6);
    }

    /**
     * rocksdb's step comes with an engine upgrade: the change point names both versions, and change-points.md the
     * bisect command that would find the release between them.
     */
    @Test
    void aStepAtAnEngineUpgradeNamesTheVersionsAndTheBisection() throws Exception {
        HistoryStore store = new HistoryStore(history);
        for (int i = 0; i < 40; i++) {
            BenchmarkResult r = result("rocksdb", "ycsb-c", "cpu-a-1c", 200 + i, i < 34 ? 1000 : 850);
            ResultContext c = r.context();
            r = r.withContext(new ResultContext(new Software(i < 34 ? "11.7.0" : "11.8.1", c.jdk(), c.gitRevision()),
                    c.profile(), c.runner(), c.time(), c.machine(), c.resources(), c.parameters()));
            store.append(run(night(i), r), night(i), commit(i));
        }
        assertThat(changes()).isZero();
        JsonNode change = ResultsJson.MAPPER.readTree(out.resolve("change-points.json").toFile()).get("changePoints")
                .get(0);
        assertThat(change.get("engineVersionBefore").asText()).isEqualTo("11.7.0");
        assertThat(change.get("engineVersionAfter").asText()).isEqualTo("11.8.1");
        ChangeDetection.Report read = ChangeDetection.Report.read(out.resolve(ChangeDetection.Report.FILE));
        assertThat(read.changePoints()).as("read back as kvbench site reads it").singleElement()
                .satisfies(c -> assertThat(c.bisectCommand()).isPresent())
                .satisfies(c -> assertThat(c.firstCommitAfter()).isEqualTo(commit(34)));
        assertThat(Files.readString(out.resolve("change-points.md"))).contains("rocksdb ycsb-c 11.7.0 -> 11.8.1: "
                + "`java -jar target/kvbench.jar bisect --profile " + change.get("profile").asText()
                + " --engines rocksdb --workloads ycsb-c --good rocksdb=11.7.0 --bad rocksdb=11.8.1`");
    }

    /**
     * rocksdb's score stays flat while its allocation per operation steps from 40 to 64 B/op at night 30 (an adapter
     * that starts to copy each key): the nightly finds the cost's change, calls it worse, and the bisect command it
     * prints judges that cost. Its syncs step by 1 % at the same night and its native memory by 30 MiB from 100 MiB
     * (between two modes, as lmdb's random read settles in 100 or 124 MiB): too small to be a cost's change.
     */
    @Test
    void aStepInACostIsAChangePointOfItsOwn() throws Exception {
        HistoryStore store = new HistoryStore(history);
        for (int i = 0; i < 40; i++) {
            BenchmarkResult r = result("rocksdb", "ycsb-c", "cpu-a-1c", 200 + i, 1000);
            Map<String, Metric> secondary = new HashMap<>(r.secondary());
            secondary.put(MetricNames.ALLOC_BYTES_PER_OP, new Metric((i < 30 ? 40 : 64) + (i % 3) * 0.1, Double.NaN,
                    "B/op"));
            // A step of 1 % in an otherwise constant cost: Otava finds it, but it is below the cost tolerance.
            secondary.put(MetricNames.SYNCS_PER_OP, new Metric(i < 30 ? 0.0021 : 0.002121, Double.NaN, "syncs/op"));
            // 30 % more native memory: over the tolerance of 25 %, under it plus the slack of 32 MiB.
            secondary.put(MetricNames.NATIVE_BYTES, new Metric((i < 30 ? 100 : 130) * 1048576.0, Double.NaN, "B"));
            Measurement m = r.measurement();
            r = r.withMeasurement(new Measurement(m.metric(), m.score(), m.error(), m.unit(), m.samples(), secondary));
            ResultContext c = r.context();
            r = r.withContext(new ResultContext(new Software(i < 30 ? "11.7.0" : "11.8.1", c.jdk(), c.gitRevision()),
                    c.profile(), c.runner(), c.time(), c.machine(), c.resources(), c.parameters()));
            store.append(run(night(i), r), night(i), commit(i));
        }
        assertThat(changes("--fail-within", "12")).as("a worse cost within the newest nights fails")
                .isEqualTo(ExitCode.FAILED.code());
        ChangeDetection.Report report = ChangeDetection.Report.read(out.resolve(ChangeDetection.Report.FILE));
        assertThat(report.series()).isEqualTo(1);
        assertThat(report.changePoints()).as("the score is flat, syncs moved 1 %, native memory 30 MiB: only the "
                + "allocation changed")
                .singleElement()
                .satisfies(c -> assertThat(c.metric()).isEqualTo(MetricNames.ALLOC_BYTES_PER_OP))
                .satisfies(c -> assertThat(c.unit()).isEqualTo("B/op"))
                .satisfies(c -> assertThat(c.worse()).isTrue())
                .satisfies(c -> assertThat(c.shiftPercent()).isBetween(50.0, 70.0))
                .satisfies(c -> assertThat(c.firstCommitAfter()).isEqualTo(commit(30)))
                .satisfies(c -> assertThat(c.bisectCommand()).hasValueSatisfying(command -> assertThat(command)
                        .endsWith("--metric " + MetricNames.ALLOC_BYTES_PER_OP)));
        assertThat(Files.readString(out.resolve("change-points.md"))).contains("| " + MetricNames.ALLOC_BYTES_PER_OP
                + " |").contains("**worse**");
        assertThat(Files.readString(out.resolve("trends.html"))).as("the score's chart marks no cost change")
                .doesNotContain("(worse)");
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
