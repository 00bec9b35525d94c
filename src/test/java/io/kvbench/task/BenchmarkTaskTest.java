package io.kvbench.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The task file: what a child JVM gets instead of names to look up again. */
class BenchmarkTaskTest {

    @TempDir
    Path tmp;

    private BenchmarkTask task() {
        Profile smoke = Catalog.profile("smoke");
        return BenchmarkTask.of("rocksdb", Catalog.workload("ycsb-c"), smoke,
                BenchmarkTask.Environment.of(Map.of("cpus", "2", "heap", smoke.heap()), List.of("-XX:+UseSerialGC"),
                tmp.resolve("data")), 5000);
    }

    @Test
    void aTaskSurvivesItsFileUnchanged() throws Exception {
        BenchmarkTask task = task();
        Path file = tmp.resolve("task.json");
        task.write(file);
        assertThat(BenchmarkTask.read(file)).isEqualTo(task);
        assertThat(task.schemaVersion()).isEqualTo(BenchmarkTask.SCHEMA_VERSION);
        assertThat(task.records()).isEqualTo(Catalog.profile("smoke").records("ycsb"));
        assertThat(task.workload()).isEqualTo(Catalog.workload("ycsb-c"));
    }

    @Test
    void aTaskOfANewerSchemaIsRefusedNamingTheFile() throws Exception {
        Path file = tmp.resolve("task.json");
        task().write(file);
        Files.writeString(file, Files.readString(file).replace("\"schemaVersion\" : 1", "\"schemaVersion\" : 99"));
        assertThatThrownBy(() -> BenchmarkTask.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("schemaVersion")
                .hasMessageContaining("is 99")
                .hasMessageContaining("reads up to " + BenchmarkTask.SCHEMA_VERSION);
    }

    @Test
    void aTaskWithoutSchemaVersionIsRefused() throws Exception {
        Path file = tmp.resolve("task.json");
        Files.writeString(file, "{\"engine\": \"rocksdb\"}");
        assertThatThrownBy(() -> BenchmarkTask.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("schemaVersion").hasMessageContaining("missing");
    }
}
