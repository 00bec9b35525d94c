package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile files through the real CLI: every case exits 2 with one line naming the file and the field, prints no stack
 * trace, fails before any benchmark runs, and leaves every file it was given byte for byte as it was.
 */
class HostileInputTest {

    static final String RESULT = "{\"engine\":\"rocksdb\",\"workload\":\"tc-seq-read\",\"status\":\"OK\","
            + "\"metric\":\"throughput\",\"score\":100.0,\"error\":1.0,\"unit\":\"ops/s\","
            + "\"samples\":[99.0,100.0,101.0]}";
    static final String RESULTS = "{\"schemaVersion\":1,\"complete\":true,\"profile\":\"smoke\",\"runner\":\"local\","
            + "\"startedAt\":\"2026-01-01T00:00:00Z\",\"machine\":{\"machineClass\":\"m1\"},\"results\":[" + RESULT
            + "]}";
    static final String PROFILE = "{\"name\":\"tiny\",\"records\":{\"tc\":10},\"forks\":1,"
            + "\"passes\":{\"warmupIterations\":0,\"warmupSeconds\":0,"
            + "\"measurementIterations\":1,\"measurementSeconds\":0},"
            + "\"operations\":{\"warmupIterations\":0,\"warmupSeconds\":1,"
            + "\"measurementIterations\":1,\"measurementSeconds\":1},"
            + "\"heap\":\"256m\"}";
    static final String RESOURCES = "{\"name\":\"r\",\"cpusets\":[\"0\"],\"memory\":\"heap+1g\",\"gc\":\"SerialGC\"}";
    static final String GATE = "\"gate\":{\"alpha\":0.01,\"minEffect\":0.1,\"diskTolerance\":0.1,"
            + "\"diskSlackBytes\":0,";
    static final String BASELINE = "{\"schemaVersion\":1,\"engine\":\"rocksdb\",\"workload\":\"tc-seq-read\","
            + "\"profile\":\"smoke\",\"machineClass\":\"m1\",\"metric\":\"throughput\",\"unit\":\"ops/s\","
            + "\"score\":100.0,\"error\":1.0,\"samples\":[99.0,100.0,101.0],\"diskBytes\":null,\"context\":{},"
            + "\"recordedAt\":\"2026-01-01T00:00:00Z\",\"reason\":\"\"}";
    static final String INTERLEAVE = "{\"profile\":\"ci\",\"rounds\":6,\"a\":\"base\",\"b\":\"head\","
            + "\"policy\":\"welch\",\"alpha\":0.01,\"counts\":{\"PASS\":1},"
            + "\"results\":[{\"row\":{\"engine\":\"rocksdb\",\"workload\":\"ycsb-c\",\"verdict\":\"PASS\","
            + "\"unit\":\"ops/s\",\"baselineScore\":100.0,\"measuredScore\":101.0,\"deltaPercent\":1.0,"
            + "\"pValue\":0.5,\"confidence\":\"\",\"note\":\"\"},\"roundRatios\":[1.0,1.01,0.99,1.02,1.0,1.03]}]}";

    /** Which file the hostile content goes to, and the command that reads it. */
    enum Slot { REPORT_RESULTS, COMPARE_RESULTS, HISTORY_RESULTS, BASELINE_UPDATE_RESULTS, PROFILE, RESOURCES, BASELINE,
        CHANGED_FROM, HISTORY, INTERLEAVED }

    record Case(String name, Slot slot, String content, String expected) {
        @Override
        public String toString() {
            return slot + ": " + name;
        }
    }

    static Case results(String name, String content, String expected) {
        return new Case(name, Slot.COMPARE_RESULTS, content, expected);
    }

    static String result(String from, String to) {
        return RESULTS.replace(from, to);
    }

    static Stream<Case> cases() {
        List<Case> c = new ArrayList<>();
        // results.json, strictly (compare) and leniently (report)
        c.add(results("truncated", RESULTS.substring(0, RESULTS.length() / 2), "malformed JSON"));
        c.add(results("not JSON", "hello", "malformed JSON"));
        c.add(results("JSON null", "null", "JSON null"));
        c.add(results("array", "[]", "is invalid"));
        c.add(results("unknown schema", result("\"schemaVersion\":1", "\"schemaVersion\":7"), "field 'schemaVersion'"));
        c.add(results("schema as string", result("\"schemaVersion\":1", "\"schemaVersion\":\"one\""),
                "field 'schemaVersion'"));
        c.add(results("negative score", result("\"score\":100.0", "\"score\":-5"), "field 'results[0].score'"));
        c.add(results("zero score", result("\"score\":100.0", "\"score\":0"), "field 'results[0].score'"));
        c.add(results("NaN score", result("\"score\":100.0", "\"score\":\"NaN\""), "field 'results[0].score'"));
        c.add(results("infinite score", result("\"score\":100.0", "\"score\":\"Infinity\""),
                "field 'results[0].score'"));
        c.add(results("huge score", result("\"score\":100.0", "\"score\":1e999"), "field 'results[0].score'"));
        c.add(results("negative error", result("\"error\":1.0", "\"error\":-1"), "field 'results[0].error'"));
        c.add(results("NaN sample", result("[99.0,100.0,101.0]", "[99.0,\"NaN\"]"), "field 'results[0].samples[1]'"));
        c.add(results("negative sample", result("[99.0,100.0,101.0]", "[-99.0]"), "field 'results[0].samples[0]'"));
        c.add(results("null sample", result("[99.0,100.0,101.0]", "[null]"), "results[0]"));
        c.add(results("samples not an array", result("[99.0,100.0,101.0]", "{}"), "field 'results[0].samples'"));
        c.add(results("unknown metric", result("\"metric\":\"throughput\"", "\"metric\":\"speed\""),
                "field 'results[0].metric'"));
        c.add(results("profile ../../etc", result("\"profile\":\"smoke\"", "\"profile\":\"../../etc\""),
                "field 'profile'"));
        c.add(results("engine ../x", result("\"engine\":\"rocksdb\"", "\"engine\":\"../x\""),
                "field 'results[0].engine'"));
        c.add(results("engine a/b", result("\"engine\":\"rocksdb\"", "\"engine\":\"a/b\""),
                "field 'results[0].engine'"));
        c.add(results("engine a\\\\b", result("\"engine\":\"rocksdb\"", "\"engine\":\"a\\\\b\""),
                "field 'results[0].engine'"));
        c.add(results("engine with newline", result("\"engine\":\"rocksdb\"", "\"engine\":\"a\\nb\""),
                "field 'results[0].engine'"));
        c.add(results("empty engine", result("\"engine\":\"rocksdb\"", "\"engine\":\"\""),
                "field 'results[0].engine'"));
        c.add(results("engine too long", result("\"engine\":\"rocksdb\"", "\"engine\":\"" + "x".repeat(300) + "\""),
                "field 'results[0].engine'"));
        c.add(results("workload /etc/passwd", result("\"workload\":\"tc-seq-read\"", "\"workload\":\"/etc/passwd\""),
                "field 'results[0].workload'"));
        c.add(results("engine a number", result("\"engine\":\"rocksdb\"", "\"engine\":[1]"),
                "field 'results[0].engine'"));
        c.add(results("unknown status", result("\"status\":\"OK\"", "\"status\":\"MAYBE\""),
                "field 'results[0].status'"));
        c.add(results("missing status", result("\"status\":\"OK\",", ""), "field 'results[0].status'"));
        c.add(results("duplicate result", result(RESULT, RESULT + "," + RESULT), "field 'results[1]'"));
        c.add(results("null result", result(RESULT, "null"), "holds a null"));
        c.add(results("unknown field", result("\"complete\":true", "\"complete\":true,\"colour\":1"), "colour"));
        c.add(results("results an object", result("[" + RESULT + "]", "{}"), "field 'results'"));
        c.add(results("missing machine class", result("{\"machineClass\":\"m1\"}", "{}"),
                "field 'machine.machineClass'"));
        c.add(results("bad metric", result("\"metric\":\"throughput\"", "\"metric\":\"speed\""),
                "field 'results[0].metric'"));
        c.add(results("deep nesting", "{\"results\":[{\"secondary\":" + "{\"a\":".repeat(100_000), "malformed JSON"));
        c.add(new Case("negative score", Slot.REPORT_RESULTS, result("\"score\":100.0", "\"score\":-5"),
                "field 'results[0].score'"));
        c.add(new Case("engine ../x", Slot.REPORT_RESULTS, result("\"engine\":\"rocksdb\"", "\"engine\":\"../x\""),
                "field 'results[0].engine'"));
        c.add(new Case("engine a/b", Slot.REPORT_RESULTS, result("\"engine\":\"rocksdb\"", "\"engine\":\"a/b\""),
                "field 'results[0].engine'"));
        c.add(new Case("truncated", Slot.REPORT_RESULTS, RESULTS.substring(0, 40), "malformed JSON"));
        c.add(new Case("empty file", Slot.REPORT_RESULTS, "", "is empty"));
        c.add(new Case("infinite error", Slot.REPORT_RESULTS, result("\"error\":1.0", "\"error\":\"Infinity\""),
                "field 'results[0].error'"));
        c.add(new Case("unknown metric", Slot.REPORT_RESULTS, result("\"metric\":\"throughput\"",
                "\"metric\":\"speed\""), "field 'results[0].metric'"));
        c.add(new Case("profile ../../etc", Slot.REPORT_RESULTS, result("\"profile\":\"smoke\"",
                "\"profile\":\"../../etc\""), "field 'profile'"));
        c.add(new Case("duplicate", Slot.REPORT_RESULTS, result(RESULT, RESULT + "," + RESULT), "field 'results[1]'"));
        c.add(new Case("engine ../x", Slot.HISTORY_RESULTS, result("\"engine\":\"rocksdb\"", "\"engine\":\"../x\""),
                "field 'results[0].engine'"));
        c.add(new Case("negative score", Slot.BASELINE_UPDATE_RESULTS, result("\"score\":100.0", "\"score\":-1"),
                "field 'results[0].score'"));
        // interleave.json of an A/B shard (report --interleaved DIR)
        c.add(new Case("engine ../x", Slot.INTERLEAVED, INTERLEAVE.replace("\"rocksdb\"", "\"../x\""),
                "field 'results[0].row.engine'"));
        c.add(new Case("ratio -1", Slot.INTERLEAVED, INTERLEAVE.replace("[1.0,1.01", "[-1.0,1.01"),
                "field 'results[0].roundRatios[0]'"));
        c.add(new Case("ratio Infinity", Slot.INTERLEAVED, INTERLEAVE.replace("[1.0,1.01", "[\"Infinity\",1.01"),
                "field 'results[0].roundRatios[0]'"));
        c.add(new Case("alpha 5", Slot.INTERLEAVED, INTERLEAVE.replace("\"alpha\":0.01", "\"alpha\":5"),
                "field 'alpha'"));
        c.add(new Case("one round", Slot.INTERLEAVED, INTERLEAVE.replace("\"rounds\":6", "\"rounds\":1"),
                "field 'rounds'"));
        c.add(new Case("no round, ERROR", Slot.INTERLEAVED, INTERLEAVE.replace("\"rounds\":6", "\"rounds\":0")
                .replace("\"verdict\":\"PASS\"", "\"verdict\":\"ERROR\""), "field 'rounds'"));
        c.add(new Case("row missing", Slot.INTERLEAVED, INTERLEAVE.replace("{\"row\":{", "{\"nothing\":{"),
                "results[0]"));
        c.add(new Case("truncated", Slot.INTERLEAVED, INTERLEAVE.substring(0, 50), "malformed JSON"));
        // profiles (run --profile FILE): refused before anything runs
        c.add(new Case("records 10^12", Slot.PROFILE, PROFILE.replace("\"tc\":10", "\"tc\":1000000000000"),
                "field 'records.tc'"));
        c.add(new Case("negative records", Slot.PROFILE, PROFILE.replace("\"tc\":10", "\"tc\":-1"),
                "field 'records.tc'"));
        c.add(new Case("records as text", Slot.PROFILE, PROFILE.replace("\"tc\":10", "\"tc\":\"ten\""), "records"));
        c.add(new Case("heap 9999999g", Slot.PROFILE, PROFILE.replace("256m", "9999999g"), "field 'heap'"));
        c.add(new Case("heap 0m", Slot.PROFILE, PROFILE.replace("256m", "0m"), "field 'heap'"));
        c.add(new Case("heap words", Slot.PROFILE, PROFILE.replace("256m", "lots"), "heap"));
        c.add(new Case("forks 0", Slot.PROFILE, PROFILE.replace("\"forks\":1", "\"forks\":0"), "forks"));
        c.add(new Case("forks 1000000", Slot.PROFILE, PROFILE.replace("\"forks\":1", "\"forks\":1000000"),
                "field 'forks'"));
        c.add(new Case("iterations 10^9", Slot.PROFILE,
                PROFILE.replace("\"measurementIterations\":1,\"measurementSeconds\":0",
                "\"measurementIterations\":1000000000,\"measurementSeconds\":0"),
                        "field 'passes.measurementIterations'"));
        c.add(new Case("read passes 0 measured", Slot.PROFILE,
                PROFILE.replace("\"heap\"", "\"readPasses\":{\"warmupIterations\":8,"
                + "\"warmupSeconds\":0,\"measurementIterations\":0,\"measurementSeconds\":0},\"heap\""), "readPasses"));
        c.add(new Case("NaN seconds", Slot.PROFILE, PROFILE.replace("\"warmupSeconds\":1", "\"warmupSeconds\":\"NaN\""),
                "field 'operations.warmupSeconds'"));
        c.add(new Case("name path", Slot.PROFILE, PROFILE.replace("\"tiny\"", "\"../tiny\""), "field 'name'"));
        c.add(new Case("truncated", Slot.PROFILE, PROFILE.substring(0, 30), "malformed JSON"));
        c.add(new Case("unknown default workload", Slot.PROFILE,
                PROFILE.replace("\"heap\"", "\"defaultWorkloads\":[\"nope\"],\"heap\""),
                "field 'defaultWorkloads[0]'"));
        c.add(new Case("gate alpha 2", Slot.PROFILE, PROFILE.replace("\"heap\"",
                "\"gate\":{\"alpha\":2,\"minEffect\":0.1,\"diskTolerance\":0.1,\"diskSlackBytes\":0},\"heap\""),
                "field 'gate.alpha'"));
        c.add(new Case("gate disk row of no workload", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"diskRows\":{\"rocksdb/nope\":{\"tolerance\":0.5,\"evidence\":\"e\"}}},\"heap\""),
                "field 'gate.diskRows.rocksdb/nope'"));
        c.add(new Case("gate disk row tolerance -1", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"diskRows\":{\"rocksdb/ycsb-c\":{\"tolerance\":-1,\"evidence\":\"e\"}}},\"heap\""),
                "field 'gate.diskRows.rocksdb/ycsb-c.tolerance'"));
        c.add(new Case("gate disk row without evidence", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"diskRows\":{\"rocksdb/ycsb-c\":{\"tolerance\":0.5,\"evidence\":\" \"}}},\"heap\""),
                "field 'gate.diskRows.rocksdb/ycsb-c.evidence'"));
        c.add(new Case("gate score row minEffect 12", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"scoreRows\":{\"rocksdb/ycsb-c\":{\"minEffect\":12,\"evidence\":\"e\"}}},\"heap\""),
                "field 'gate.scoreRows.rocksdb/ycsb-c.minEffect'"));
        c.add(new Case("gate score row under the gate's", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"scoreRows\":{\"rocksdb/ycsb-c\":{\"minEffect\":0.05,\"evidence\":\"e\"}}},\"heap\""),
                "field 'gate.scoreRows.rocksdb/ycsb-c.minEffect'"));
        c.add(new Case("gate score row without evidence", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"scoreRows\":{\"rocksdb/ycsb-c\":{\"minEffect\":0.9}}},\"heap\""),
                "field 'gate.scoreRows.rocksdb/ycsb-c.evidence'"));
        c.add(new Case("gate cost not judged", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"costs\":{\"gc.count\":{\"tolerance\":0.1,\"slack\":1,\"evidence\":\"e\"}}},\"heap\""),
                "field 'gate.costs.gc.count'"));
        c.add(new Case("gate cost slack -1", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"costs\":{\"alloc.bytes.op\":{\"tolerance\":0.1,\"slack\":-1,\"evidence\":\"e\"}}},"
                + "\"heap\""), "field 'gate.costs.alloc.bytes.op.slack'"));
        c.add(new Case("gate cost without evidence", Slot.PROFILE, PROFILE.replace("\"heap\"", GATE
                + "\"costs\":{\"alloc.bytes.op\":{\"tolerance\":0.1,\"slack\":1}}},\"heap\""),
                "field 'gate.costs.alloc.bytes.op.evidence'"));
        // resource profiles (run --resources FILE)
        c.add(new Case("cpuset 0-4000000000", Slot.RESOURCES, RESOURCES.replace("[\"0\"]", "[\"0-4000000000\"]"),
                "cpuset"));
        c.add(new Case("cpuset 0-99999", Slot.RESOURCES, RESOURCES.replace("[\"0\"]", "[\"0-99999\"]"), "cpuset"));
        c.add(new Case("cpuset backwards", Slot.RESOURCES, RESOURCES.replace("[\"0\"]", "[\"3-1\"]"), "backwards"));
        c.add(new Case("no cpusets", Slot.RESOURCES, RESOURCES.replace("[\"0\"]", "[]"), "cpusets"));
        c.add(new Case("memory 9999999g", Slot.RESOURCES, RESOURCES.replace("heap+1g", "heap+9999999g"),
                "field 'memory'"));
        c.add(new Case("unknown gc", Slot.RESOURCES, RESOURCES.replace("SerialGC", "MagicGC"), "gc"));
        c.add(new Case("wrong type", Slot.RESOURCES, RESOURCES.replace("\"SerialGC\"", "7.5"), "gc"));
        // baselines (compare --baselines DIR)
        c.add(new Case("empty samples", Slot.BASELINE, BASELINE.replace("[99.0,100.0,101.0]", "[]"),
                "field 'samples'"));
        c.add(new Case("negative score", Slot.BASELINE, BASELINE.replace("\"score\":100.0", "\"score\":-1"),
                "field 'score'"));
        c.add(new Case("NaN sample", Slot.BASELINE, BASELINE.replace("[99.0,100.0,101.0]", "[\"NaN\"]"),
                "field 'samples'"));
        c.add(new Case("unknown schema", Slot.BASELINE, BASELINE.replace("\"schemaVersion\":1", "\"schemaVersion\":2"),
                "field 'schemaVersion'"));
        c.add(new Case("engine elsewhere", Slot.BASELINE, BASELINE.replace("\"engine\":\"rocksdb\"",
                "\"engine\":\"lmdb\""), "field 'engine'"));
        c.add(new Case("truncated", Slot.BASELINE, BASELINE.substring(0, 50), "is not valid JSON"));
        c.add(new Case("negative diskBytes", Slot.BASELINE, BASELINE.replace("\"diskBytes\":null", "\"diskBytes\":-4"),
                "field 'diskBytes'"));
        // engines --changed-from FILE
        c.add(new Case("not JSON", Slot.CHANGED_FROM, "{{", "not JSON"));
        c.add(new Case("not an array", Slot.CHANGED_FROM, "{}", "not a JSON array"));
        c.add(new Case("item without id", Slot.CHANGED_FROM, "[{\"version\":\"1\"}]", "item 0"));
        // history (history append --history DIR)
        c.add(new Case("not JSON", Slot.HISTORY, "garbage\n", "field 'line 1'"));
        c.add(new Case("no result", Slot.HISTORY, "{\"time\":\"2026-01-01T00:00:00Z\",\"commit\":\"abc\"}\n",
                "field 'line 1.result'"));
        c.add(new Case("bad time", Slot.HISTORY, "{\"time\":\"yesterday\",\"commit\":\"abc\",\"result\":" + RESULT
                + "}\n", "field 'line 1'"));
        return c.stream();
    }

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedWithFileAndFieldNamedAndNothingChanged(Case hostile) throws Exception {
        Path results = Files.createDirectories(tmp.resolve("results"));
        Files.writeString(results.resolve("results.json"), RESULTS);
        Path baselines = Files.createDirectories(tmp.resolve("baselines"));
        Path history = Files.createDirectories(tmp.resolve("history"));
        Path out = tmp.resolve("out");
        Path file;
        List<String> args;
        switch (hostile.slot()) {
            case REPORT_RESULTS, COMPARE_RESULTS, HISTORY_RESULTS, BASELINE_UPDATE_RESULTS -> {
                file = Files.writeString(results.resolve("results.json"), hostile.content());
                args = switch (hostile.slot()) {
                    case REPORT_RESULTS -> List.of("report", "--results", results.toString(), "--out", out.toString());
                    case COMPARE_RESULTS -> List.of("compare", "--results", results.toString(), "--baselines",
                            baselines.toString());
                    case HISTORY_RESULTS -> List.of("history", "append", "--results", results.toString(), "--history",
                            history.toString(), "--commit", "abc", "--time", "2026-01-02T00:00:00Z");
                    default -> List.of("baseline", "update", "--results", results.toString(), "--baselines",
                            baselines.toString(),
                            "--min-runs", "1");
                };
            }
            case PROFILE -> {
                file = Files.writeString(tmp.resolve("profile.json"), hostile.content());
                args = List.of("run", "--profile", file.toString(), "--engines", "rocksdb", "--workloads",
                        "tc-seq-read",
                        "--runner", "local", "--out", out.toString());
            }
            case RESOURCES -> {
                file = Files.writeString(tmp.resolve("resources.json"), hostile.content());
                args = List.of("run", "--resources", file.toString(), "--engines", "rocksdb", "--workloads",
                        "tc-seq-read",
                        "--runner", "container", "--out", out.toString());
            }
            case BASELINE -> {
                Path dir = Files.createDirectories(baselines.resolve("smoke/m1/rocksdb"));
                file = Files.writeString(dir.resolve("tc-seq-read.json"), hostile.content());
                args = List.of("compare", "--results", results.toString(), "--baselines", baselines.toString());
            }
            case CHANGED_FROM -> {
                file = Files.writeString(tmp.resolve("engines.json"), hostile.content());
                args = List.of("engines", "--changed-from", file.toString());
            }
            case INTERLEAVED -> {
                Path shard = Files.createDirectories(tmp.resolve("shard"));
                file = Files.writeString(shard.resolve("interleave.json"), hostile.content());
                args = List.of("report", "--interleaved", shard.toString(), "--out", out.toString());
            }
            default -> {
                Path dir = Files.createDirectories(history.resolve("smoke/m1/rocksdb"));
                file = Files.writeString(dir.resolve("tc-seq-read.jsonl"), hostile.content());
                args = List.of("history", "append", "--results", results.toString(), "--history", history.toString(),
                        "--commit", "abc", "--time", "2026-01-02T00:00:00Z");
            }
        }
        Map<Path, String> before = hashes(tmp);
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> CliRun.of(args.toArray(String[]::new)));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).startsWith("kvbench: ").contains(file.getFileName()
                .toString()).contains(hostile.expected())
                .doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(run.err().strip().lines().count()).as(run.err()).isEqualTo(1);
        assertThat(hashes(tmp)).as("input files unchanged, no output written").isEqualTo(before);
    }

    private static Map<Path, String> hashes(Path root) throws IOException, NoSuchAlgorithmException {
        Map<Path, String> hashes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.toList()) {
                hashes.put(f, Files.isRegularFile(f)
                        ? HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)))
                        : "dir");
            }
        }
        return hashes;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
