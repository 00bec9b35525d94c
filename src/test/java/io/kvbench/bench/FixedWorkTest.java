package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.result.Measurement;
import io.kvbench.result.MetricNames;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Dataset;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A task's fixed work done once: the footprint it leaves, nothing left behind, and no footprint of timed writes. */
class FixedWorkTest {

    @RegisterExtension
    final TempDataDir data = new TempDataDir();

    @Test
    void aWritePassLeavesAFootprintOfAtLeastItsDataAndNoFiles() throws IOException {
        BenchmarkTask task = task("rocksdb", "tc-seq-write");
        Measurement once = FixedWork.once(task);
        Dataset dataset = Dataset.generate(task.workload(), (int) task.records());
        long logical = 0;
        for (int i = 0; i < dataset.records(); i++) logical += dataset.key(i).length + dataset.value(i).length;
        assertThat(once.secondary().get(MetricNames.DISK_BYTES).score()).as("footprint of %d logical bytes", logical)
                .isGreaterThan(logical / 2.0); // RocksDB compresses nothing of smoke's random values
        assertThat(once.samples()).hasSize(1);
        try (Stream<java.nio.file.Path> left = Files.list(data.dir())) {
            assertThat(left).as("store directories left in " + data.dir()).isEmpty();
        }
    }

    /** A read workload's footprint is its load's: the same as the store every read benchmark measures. */
    @Test
    void aReadWorkloadsFootprintIsItsLoad() {
        BenchmarkTask task = task("xodus-btree", "tc-random-read");
        StoreFixture fixture = StoreFixture.create(task);
        long loaded;
        try {
            fixture.loadAndReopen();
            loaded = fixture.diskBytes();
        } finally {
            fixture.destroy();
        }
        assertThat(FixedWork.once(task).secondary().get(MetricNames.DISK_BYTES).score()).isEqualTo((double) loaded);
    }

    @Test
    void timedWritesHaveNoFixedWork() {
        Workload timed = Catalog.workload("ycsb-a");
        assertThat(timed.fixedWork()).isFalse();
        assertThatThrownBy(() -> FixedWork.once(task("rocksdb", "ycsb-a")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("depends on the machine's speed");
    }

    private BenchmarkTask task(String engine, String workload) {
        return BenchmarkTask.of(engine, Catalog.workload(workload), Catalog.profile("smoke"),
                BenchmarkTask.Environment.of(Map.of(), List.of(), data.dir()));
    }
}
