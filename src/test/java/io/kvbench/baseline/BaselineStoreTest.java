package io.kvbench.baseline;

import io.kvbench.fixtures.Fixtures;
import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.baseline;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.withDisk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BaselineStoreTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    private BaselineStore store() {
        return new BaselineStore(root);
    }

    private final Baseline rocks = baseline(withDisk(ok("rocksdb", "tc-seq-read", 1000.5, 1010.25, 990.125), 123456));
    private final Baseline lmdb = baseline(ok("lmdb", "tc-seq-read", 2000)); // one sample: error NaN, no disk

    @Test
    void roundTripKeepsEveryField() throws IOException {
        store().writeAll(List.of(rocks, lmdb));
        BaselineSet set = store().load(PROFILE, MACHINE_CLASS);
        assertThat(set.exists()).isTrue();
        assertThat(set.baselines()).containsOnlyKeys(rocks.key(), lmdb.key());
        assertThat(set.get(rocks.key())).isEqualTo(rocks);
        assertThat(set.get(lmdb.key())).isEqualTo(lmdb);
        assertThat(set.get(lmdb.key()).error()).isNaN();
        assertThat(set.get(lmdb.key()).diskBytes()).isNull();
        assertThat(store().find(PROFILE, MACHINE_CLASS, rocks.key())).contains(rocks);
        assertThat(store().find(PROFILE, MACHINE_CLASS, new BenchmarkKey("rocksdb", "nope"))).isEmpty();
    }

    @Test
    void filesAreSortedIndentedAndOneSamplePerLine() throws IOException {
        store().writeAll(List.of(rocks, lmdb));
        Path file = root.resolve(Fixtures.PROFILE + "/test-cpu-2c/rocksdb/tc-seq-read.json");
        String text = Files.readString(file);
        assertThat(text).endsWith("}\n").doesNotContain("\r");
        List<String> topLevelKeys = text.lines().filter(l -> l.matches("^  \"\\w+\": .*"))
                .map(l -> l.substring(3, l.indexOf('"', 3))).toList();
        assertThat(topLevelKeys).isSorted().contains("engine", "samples", "diskBytes", "reason", "recordedAt",
                "context");
        assertThat(text).contains("\n  \"samples\": [\n    1000.5,\n    1010.25,\n    990.125\n  ],")
                .contains("\"diskBytes\": 123456").contains("\"score\": 1000.2916666666666");
        // Nested maps are sorted too, so reordering in the producer never shows up as a diff.
        assertThat(text.indexOf("\"cpuset\"")).isLessThan(text.indexOf("\"heap\""));
        assertThat(Files.readString(root.resolve(Fixtures.PROFILE + "/test-cpu-2c/lmdb/tc-seq-read.json")))
                .contains("\"error\": null").contains("\"diskBytes\": null");
    }

    @Test
    void absentMachineClassIsAnEmptySet() throws IOException {
        BaselineSet set = store().load(PROFILE, "never-seen");
        assertThat(set.exists()).isFalse();
        assertThat(set.baselines()).isEmpty();
    }

    private Path writeRaw(String json) throws IOException {
        Path file = root.resolve("smoke/x/rocksdb/tc-seq-read.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
        return file;
    }

    /** A valid file's JSON with one field replaced by a JSON value (or removed when value is null). */
    private String validJsonWith(String field, String value) throws IOException {
        Baseline b = new Baseline(1, new BenchmarkKey("rocksdb", "tc-seq-read"), "smoke", "x",
                new Baseline.Measured("throughput", "ops/s", 1000, 5, List.of(995.0, 1005.0), 42L),
                new Baseline.Recorded(Fixtures.context("smoke", "x"), "2025-01-02T03:04:05Z", "why"));
        ObjectNode node = (ObjectNode) JSON.readTree(BaselineStore.toJson(b));
        assertThat(node.has(field) || field.equals("scroe")).isTrue();
        if (value == null) node.remove(field);
        else node.set(field, JSON.readTree(value));
        return JSON.writeValueAsString(node);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '`', value = {
            "score; ; field 'score' is missing",
            "score; \"fast\"; field 'score' is not a number",
            "score; -3; field 'score' is -3; it must be a positive number",
            "engine; ; field 'engine' is missing",
            "engine; \"lmdb\"; field 'engine' is 'lmdb' but the directory says 'rocksdb'",
            "workload; \"other\"; field 'workload' is 'other' but the file name says 'tc-seq-read'",
            "machineClass; \"y\"; field 'machineClass' is 'y' but the machine class directory says 'x'",
            "metric; \"speed\"; field 'metric' is 'speed'; valid values: throughput, time-per-pass",
            "error; \"big\"; field 'error' is not a number",
            "diskBytes; 1.5; field 'diskBytes' is not a whole number of bytes",
            "recordedAt; \"yesterday\"; field 'recordedAt' is 'yesterday', not an ISO-8601 instant",
            "schemaVersion; 2; field 'schemaVersion' is 2; this kvbench reads version 1",
            "context; 3; field 'context' is not an object",
            "context; {\"cpu\": 1}; field 'context' is invalid",
            "samples; {}; field 'samples' is not an array of numbers",
            "samples; [1.0, \"x\"]; field 'samples' item 1 is not a number: \"x\"",
            "reason; ; field 'reason' is missing",
    })
    void malformedFieldsAreNamedWithTheFile(String field, String value, String message) throws IOException {
        Path file = writeRaw(validJsonWith(field, value));
        assertThatThrownBy(() -> store().load("smoke", "x"))
                .isInstanceOf(BaselineFormatException.class)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + ": " + message);
    }

    @Test
    void unknownFieldsAndBrokenJsonAreNamed() throws IOException {
        Path file = writeRaw(validJsonWith("scroe", "1"));
        assertThatThrownBy(() -> store().load("smoke", "x"))
                .hasMessageStartingWith(file + ": field 'scroe' is unknown");
        writeRaw("{ \"score\": ");
        assertThatThrownBy(() -> store().load("smoke", "x"))
                .isInstanceOf(BaselineFormatException.class).hasMessageStartingWith(file + ": is not valid JSON");
        writeRaw("[]");
        assertThatThrownBy(() -> store().load("smoke", "x")).hasMessage(file + ": is not a JSON object");
    }

    @Test
    void validTemplateReadsBack() throws IOException {
        writeRaw(validJsonWith("reason", "\"\""));
        Baseline b = store().load("smoke", "x").get(new BenchmarkKey("rocksdb", "tc-seq-read"));
        assertThat(b.reason()).isEmpty();
        assertThat(b.samples()).containsExactly(995.0, 1005.0);
    }

    @Test
    void writeReplacesFilesAndLeavesNoTempFiles() throws IOException {
        store().writeAll(List.of(rocks));
        Baseline faster = baseline(ok("rocksdb", "tc-seq-read", 2000, 2100));
        store().writeAll(List.of(faster));
        assertThat(store().load(PROFILE, MACHINE_CLASS).get(rocks.key())).isEqualTo(faster);
        try (Stream<Path> files = Files.walk(root)) {
            assertThat(files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()))
                    .containsExactly("tc-seq-read.json");
        }
    }

    @Test
    void aFailedWriteLeavesTheOldBaselinesIntact() throws IOException {
        store().writeAll(List.of(rocks));
        Path rocksFile = store().file(PROFILE, MACHINE_CLASS, rocks.key());
        String before = Files.readString(rocksFile);
        // A regular file where lmdb's directory must go: writing lmdb fails after rocksdb's temp file was written.
        Files.writeString(store().directory(PROFILE, MACHINE_CLASS).resolve("zzz"), "in the way");
        Baseline blocked = baseline(ok("zzz", "w", 1));
        Baseline rocksChanged = baseline(ok("rocksdb", "tc-seq-read", 5, 6));
        assertThatThrownBy(() -> store().writeAll(List.of(rocksChanged, blocked))).isInstanceOf(IOException.class);
        assertThat(Files.readString(rocksFile)).isEqualTo(before);
        try (Stream<Path> files = Files.walk(root)) {
            assertThat(files.map(Path::toString)).noneMatch(p -> p.endsWith(".tmp"));
        }
    }

    @Test
    void namesThatCannotBeFileNamesAreRefused() {
        assertThatThrownBy(() -> store().directory("smoke", "../escape")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("machine class '../escape'");
        assertThatThrownBy(() -> store().file("smoke", "x", new BenchmarkKey("a/b", "w")))
                .hasMessageContaining("engine 'a/b'");
        assertThatThrownBy(() -> store().directory("", "x")).hasMessageContaining("profile is empty");
    }
}
