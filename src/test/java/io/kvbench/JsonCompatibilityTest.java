package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.CostBaseline;
import io.kvbench.baseline.CostBaselineStore;
import io.kvbench.baseline.DiskBaseline;
import io.kvbench.baseline.DiskBaselineStore;
import io.kvbench.gate.InterleaveReport;
import io.kvbench.history.HistoryStore;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Published;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by earlier kvbench builds read the same and are written back the same. The fixtures under
 * {@code written-before/} are real: the two results.json come from real runs of the build before failure kinds were
 * recorded, the other files are what that build wrote back from the readers' fuzzing seeds and a committed baseline
 * (byte for byte: baselines are reviewed in pull requests, so a rewrite must not reorder them). Every committed
 * baseline and the shipped catalogue keep their values.
 */
class JsonCompatibilityTest {

    private static final Path FIXTURES = Path.of("src/test/resources/io/kvbench");
    private static final Path BEFORE = FIXTURES.resolve("written-before");
    private static final Path SEEDS = FIXTURES.resolve("input/ReaderFuzzTestInputs");
    private static final Path BASELINES = Path.of("perf-baselines");

    @TempDir
    Path tmp;

    @Test
    void aBaselineIsWrittenBackByteForByte() throws IOException {
        Path file = BASELINES.resolve("ci/amd-epyc-f25-m17-s1-1c-4g/berkeleydb-je/hestia-key-order-read.json");
        Baseline read = BaselineStore.parse(file, Files.readString(file));
        assertThat(BaselineStore.toJson(read)).isEqualTo(Files.readString(BEFORE.resolve("baseline.json")));
    }

    @Test
    void everyStoredBaselineKeepsItsValues() throws IOException {
        int checked = 0;
        BaselineStore store = new BaselineStore(BASELINES);
        for (Path profile : children(BASELINES)) {
            if (Set.of(DiskBaselineStore.DIR, CostBaselineStore.DIR).contains(profile.getFileName().toString())) {
                continue;
            }
            for (Path machineClass : children(profile)) {
                List<Baseline> all = List.copyOf(store.load(profile.getFileName().toString(),
                        machineClass.getFileName().toString()).baselines().values());
                for (Map.Entry<Path, String> e : store.contents(all).entrySet()) {
                    assertContains(e.getKey().toString(), tree(e.getKey()), ResultsJson.MAPPER.readTree(e.getValue()));
                    checked++;
                }
            }
        }
        assertThat(checked).as("baselines checked").isGreaterThan(100);
    }

    @Test
    void diskBaselinesAreWrittenBackByteForByte() throws IOException {
        DiskBaselineStore store = new DiskBaselineStore(BASELINES);
        DiskBaseline one = store.load("ci").get(new BenchmarkKey("rocksdb", "tc-random-read-per-op"));
        assertThat(store.contents(List.of(one)).values()).containsExactly(
                Files.readString(BEFORE.resolve("disk-baseline.json")));
        int checked = 0;
        for (Path profile : children(BASELINES.resolve("disk"))) {
            List<DiskBaseline> all = List.copyOf(store.load(profile.getFileName().toString()).values());
            for (Map.Entry<Path, String> e : store.contents(all).entrySet()) {
                assertThat(e.getValue()).as(e.getKey().toString()).isEqualTo(Files.readString(e.getKey()));
                checked++;
            }
        }
        assertThat(checked).as("disk baselines checked").isGreaterThan(10);
    }

    @Test
    void costBaselinesAreWrittenBackByteForByte() throws IOException {
        CostBaselineStore store = new CostBaselineStore(BASELINES);
        int checked = 0;
        for (Path profile : children(BASELINES.resolve(CostBaselineStore.DIR))) {
            List<CostBaseline> all = List.copyOf(store.load(profile.getFileName().toString()).values());
            for (Map.Entry<Path, String> e : store.contents(all).entrySet()) {
                assertThat(e.getValue()).as(e.getKey().toString()).isEqualTo(Files.readString(e.getKey()));
                checked++;
            }
        }
        assertThat(checked).as("cost baselines checked").isGreaterThan(10);
    }

    @Test
    void resultsWrittenBeforeReadAndWriteTheSameFields() throws IOException {
        for (Path file : List.of(BEFORE.resolve("results-measured-and-not-applicable.json"),
                BEFORE.resolve("results-error.json"))) {
            RunResults read = ResultsJson.read(file);
            Path again = tmp.resolve(file.getFileName());
            ResultsJson.write(again, read);
            assertThat(withoutKinds(tree(again))).as(file.toString()).isEqualTo(tree(file));
            assertThat(ResultsJson.read(again)).as(file.toString()).isEqualTo(read);
        }
        RunResults seed = ResultsJson.read(SEEDS.resolve("results/valid.json"));
        assertContains("results seed", tree(SEEDS.resolve("results/valid.json")), written(seed));
    }

    @Test
    void historyNightsReadTheSame() throws IOException {
        var nights = HistoryStore.read(SEEDS.resolve("history/two-nights.jsonl"));
        List<String> lines = Files.readAllLines(SEEDS.resolve("history/two-nights.jsonl")).stream()
                .filter(l -> !l.isBlank()).toList();
        assertThat(nights).hasSize(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            JsonNode original = ResultsJson.MAPPER.readTree(lines.get(i));
            JsonNode written = written(nights.stream()
                    .filter(n -> n.time().equals(original.get("time").asText())).findFirst().orElseThrow());
            assertContains("two-nights.jsonl line " + (i + 1), original, written);
        }
    }

    @Test
    void tasksAreWrittenBackByteForByte() throws IOException {
        BenchmarkTask task = BenchmarkTask.read(SEEDS.resolve("tasks/valid.json"));
        Path again = tmp.resolve("task.json");
        task.write(again);
        // Earlier builds also wrote "slowdownTokens" : 0 (Blackhole work per operation, no longer injected).
        assertThat(Files.readString(again)).isEqualTo(Files.readString(BEFORE.resolve("task.json"))
                .replace(",\n  \"slowdownTokens\" : 0", ""));
        assertThat(BenchmarkTask.read(again)).isEqualTo(task);
    }

    @Test
    void interleaveReportsAreWrittenBackByteForByte() throws IOException {
        Path shard = Files.createDirectories(tmp.resolve("shard"));
        Files.copy(SEEDS.resolve("interleaveReports/valid.json"), shard.resolve(InterleaveReport.JSON_FILE));
        InterleaveReport report = InterleaveReport.read(shard);
        Path again = tmp.resolve("again");
        ResultsJson.write(again.resolve(InterleaveReport.JSON_FILE), report);
        assertThat(Files.readString(again.resolve(InterleaveReport.JSON_FILE)))
                .isEqualTo(Files.readString(BEFORE.resolve("interleave.json")));
        assertThat(InterleaveReport.read(again)).isEqualTo(report);
    }

    @Test
    void theShippedCatalogueKeepsItsValues() throws IOException {
        Path resources = Path.of("src/main/resources/kvbench");
        Path workloads = resources.resolve("workloads.json");
        JsonNode original = tree(workloads);
        JsonNode written = written(
                Catalog.parseWorkloads(workloads, Files.readAllBytes(workloads)).values());
        assertThat(written.size()).isEqualTo(original.size());
        for (int i = 0; i < original.size(); i++) {
            assertContains(workloads + " [" + i + "]", original.get(i), written.get(i));
        }
        for (Path profile : list(resources.resolve("profiles"))) {
            assertContains(profile.toString(), tree(profile),
                    written(Catalog.parseProfile(profile, Files.readAllBytes(profile))));
        }
        for (Path published : list(resources.resolve("published"))) {
            assertContains(published.toString(), tree(published),
                    written(Published.parse(published, Files.readAllBytes(published))));
        }
    }

    /** Every field of {@code expected}, recursively, is in {@code actual} with an equal value (numbers by value). */
    private static void assertContains(String where, JsonNode expected, JsonNode actual) {
        if (expected.isObject()) {
            assertThat(actual.isObject()).as(where + " is an object").isTrue();
            for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                assertThat(actual.has(e.getKey())).as(where + "." + e.getKey() + " present").isTrue();
                assertContains(where + "." + e.getKey(), e.getValue(), actual.get(e.getKey()));
            }
        } else if (expected.isArray()) {
            assertThat(actual.size()).as(where + " size").isEqualTo(expected.size());
            for (int i = 0; i < expected.size(); i++) assertContains(where + "[" + i + "]", expected.get(i),
                    actual.get(i));
        } else if (expected.isNumber() && actual.isNumber()) {
            assertThat(actual.doubleValue()).as(where).isEqualTo(expected.doubleValue());
        } else {
            assertThat(actual).as(where).isEqualTo(expected);
        }
    }

    /** The tree without the failure kinds this build adds to results (absent from files written before). */
    private static JsonNode withoutKinds(JsonNode node) {
        if (node.isObject()) {
            ((ObjectNode) node).remove("kind");
            node.forEach(JsonCompatibilityTest::withoutKinds);
        } else if (node.isArray()) {
            node.forEach(JsonCompatibilityTest::withoutKinds);
        }
        return node;
    }

    /** {@code value} as the results mapper writes it (NaN as the string "NaN", as in the files). */
    private static JsonNode written(Object value) throws IOException {
        return ResultsJson.MAPPER.readTree(ResultsJson.MAPPER.writeValueAsString(value));
    }

    private static JsonNode tree(Path file) throws IOException {
        return ResultsJson.MAPPER.readTree(file.toFile());
    }

    private static List<Path> children(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith(".")).sorted()
                    .toList();
        }
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }
}
