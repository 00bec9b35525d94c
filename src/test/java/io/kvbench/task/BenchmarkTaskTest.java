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
                tmp.resolve("data")));
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

    /**
     * Earlier builds wrote Blackhole work per operation into every task, 0 but in kvbench's own checks: such a task
     * from an earlier parent still runs, one that asks for the work (no longer injected) is refused, naming the field.
     */
    @Test
    void aTaskOfAnEarlierBuildReadsUnlessItAsksForBlackholeWork() throws Exception {
        Path file = tmp.resolve("task.json");
        task().write(file);
        String written = Files.readString(file);
        assertThat(written).doesNotContain("slowdownTokens");
        String earlier = written.replaceFirst("\\n}\\s*$", ",\n  \"slowdownTokens\" : 0\n}\n");
        Files.writeString(file, earlier);
        assertThat(BenchmarkTask.read(file)).isEqualTo(task());
        Files.writeString(file, earlier.replace("\"slowdownTokens\" : 0", "\"slowdownTokens\" : 5000"));
        assertThatThrownBy(() -> BenchmarkTask.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("slowdownTokens")
                .hasMessageContaining("no longer injected");
    }

    @Test
    void aTaskWithoutSchemaVersionIsRefused() throws Exception {
        Path file = tmp.resolve("task.json");
        Files.writeString(file, "{\"engine\": \"rocksdb\"}");
        assertThatThrownBy(() -> BenchmarkTask.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("schemaVersion").hasMessageContaining("missing");
    }
}
