package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.bench.FixedWork;
import io.kvbench.infra.Commands;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Syncs per operation counted in a traced pass of their own, and only where the work is the same on every machine. */
class SyncCounterTest {

    @TempDir
    Path tmp;

    @Test
    void eachCallIsCountedOnceAlsoWhenAnotherThreadInterruptsItsLine() throws IOException {
        Path trace = tmp.resolve("trace");
        Files.writeString(trace, String.join("\n",
                "101   fsync(12)                          = 0",
                "102   fdatasync(7 <unfinished ...>",
                "101   msync(0x7f00, 4096, MS_SYNC)       = 0",
                "102   <... fdatasync resumed>)            = 0",
                "103   sync_file_range(9, 0, 0, SYNC_FILE_RANGE_WRITE) = 0",
                "101   mkdir(\"/tmp/fsync(\", 0777)          = 0",
                "104   syncfs(3)                          = 0") + "\n");
        assertThat(SyncCounter.calls(trace)).isEqualTo(Map.of("fsync", 1L, "fdatasync", 1L, "msync", 1L,
                "sync_file_range", 1L, "syncfs", 1L));
    }

    @Test
    void theRecordsAreThePassesLastLineAfterAnyWarnings() {
        assertThat(SyncCounter.records("OpenJDK 64-Bit Server VM warning: something\n10000")).isEqualTo(10000);
        assertThat(SyncCounter.records("")).isEqualTo(-1);
        assertThat(SyncCounter.records("Exception in thread main")).isEqualTo(-1);
    }

    @Test
    void onlyFixedWorkWritePassesAreCounted() {
        assertThat(SyncCounter.counts(Catalog.workload("tc-seq-write"))).isTrue();
        assertThat(SyncCounter.counts(Catalog.workload("tc-random-read"))).as("a read: its load is no operation")
                .isFalse();
        assertThat(SyncCounter.counts(Catalog.workload("ycsb-a"))).as("timed writes: as many as the machine manages")
                .isFalse();
    }

    @Test
    void aFailedResultOrAReadWorkloadIsLeftAsItIs() {
        PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        BenchmarkResult failed = BenchmarkResult.failed("rocksdb", "tc-seq-write", FailureKind.ENGINE_FAILURE, "boom",
                null);
        assertThat(SyncCounter.addTo(failed, task("rocksdb", "tc-seq-write"), tmp.resolve("t.json"), log))
                .isSameAs(failed);
        BenchmarkResult read = measured("rocksdb", "tc-random-read");
        assertThat(SyncCounter.addTo(read, task("rocksdb", "tc-random-read"), tmp.resolve("t.json"), log))
                .isSameAs(read);
    }

    /** A real pass of a real engine under strace: RocksDB without a synced WAL syncs when it flushes and closes. */
    @Test
    @Tag("fork")
    void aWritePassUnderStraceCountsTheEnginesSyncsPerRecord() throws IOException {
        assumeTrue(Commands.onPath("strace").isPresent(), "strace is not on the PATH (install the strace package)");
        BenchmarkTask task = task("rocksdb", "tc-seq-write");
        Path taskFile = tmp.resolve("task.json");
        task.write(taskFile);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkResult counted = SyncCounter.addTo(measured("rocksdb", "tc-seq-write"), task, taskFile,
                new PrintStream(out, true, StandardCharsets.UTF_8));
        String log = out.toString(StandardCharsets.UTF_8);
        Metric syncs = counted.secondary(MetricNames.SYNCS_PER_OP);
        assertThat(syncs).as(log).isNotNull();
        assertThat(syncs.unit()).isEqualTo("syncs/op");
        int records = FixedWork.recordsWritten(task);
        assertThat(syncs.score()).as(log).isGreaterThanOrEqualTo(1.0 / records).isLessThan(0.5);
        assertThat(counted.secondary(MetricNames.DISK_BYTES)).as("the benchmark's own metrics kept").isNotNull();
        assertThat(Files.exists(taskFile.resolveSibling("task.json.syncs"))).as("trace removed").isFalse();
    }

    private BenchmarkTask task(String engine, String workload) {
        return BenchmarkTask.of(engine, Catalog.workload(workload), Catalog.profile("smoke"),
                BenchmarkTask.Environment.of(Map.of(), List.of(), tmp.resolve("data")));
    }

    private static BenchmarkResult measured(String engine, String workload) {
        return BenchmarkResult.measured(engine, workload, new Measurement(BenchmarkResult.TIME_PER_PASS, 1, 0.1,
                "s/op", List.of(1.0), Map.of(MetricNames.DISK_BYTES, new Metric(1, Double.NaN, "B"))), null);
    }
}
