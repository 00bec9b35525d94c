package io.kvbench.baseline;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.RunPooling;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cost baselines: what a baseline update records of each run's costs, and how strictly the files are read. */
class CostBaselineTest {

    @TempDir
    Path root;

    /** A result on ext4 with these costs recorded. */
    static BenchmarkResult costing(BenchmarkResult r, double alloc, double amplification) {
        Map<String, Metric> secondary = new HashMap<>(r.secondary());
        secondary.put(MetricNames.ALLOC_BYTES_PER_OP, new Metric(alloc, Double.NaN, "B/op"));
        secondary.put(MetricNames.WRITE_AMPLIFICATION, new Metric(amplification, Double.NaN, "x"));
        ResultContext c = r.context();
        Map<String, String> resources = new HashMap<>(c.resources());
        resources.put(ResultContext.DATA_FILE_SYSTEM, "ext4");
        return new BenchmarkResult(r.engine(), r.workload(), r.status(), r.kind(), r.reason(),
                new Measurement(r.metric(), r.score(), r.error(), r.unit(), r.samples(), secondary),
                new ResultContext(c.software(), c.profile(), c.runner(), c.time(), c.machine(), resources,
                        c.parameters()));
    }

    private List<CostBaseline> record(BenchmarkResult... runs) throws IOException {
        List<RunResults> perRun = java.util.Arrays.stream(runs).map(r -> Fixtures.run(r)).toList();
        BaselineUpdate update = BaselineUpdate.plan(RunPooling.pool(perRun), perRun, new BaselineStore(root), null,
                "test", false, Instant.parse("2025-01-02T03:04:05Z"));
        update.apply();
        return update.costs();
    }

    @Test
    void everyRunsAllocationAndNativeMemoryAreRecordedAndWriteAmplificationOnlyForFixedWork() throws IOException {
        record(costing(ok("rocksdb", "tc-seq-write", 1, 1.1), 3.6, 1.21),
                costing(ok("rocksdb", "tc-seq-write", 1.2, 1.1), 3.7, 1.22));
        record(Fixtures.withSecondary(costing(ok("rocksdb", "ycsb-a", 100, 110), 0.8, 1.04), MetricNames.NATIVE_BYTES,
                150e6, "B"));
        Map<BenchmarkKey, CostBaseline> loaded = new CostBaselineStore(root).load(PROFILE);
        CostBaseline pass = loaded.get(new BenchmarkKey("rocksdb", "tc-seq-write"));
        assertThat(pass.costs()).containsOnlyKeys(MetricNames.ALLOC_BYTES_PER_OP, MetricNames.WRITE_AMPLIFICATION);
        assertThat(pass.costs().get(MetricNames.ALLOC_BYTES_PER_OP)).containsExactly(3.6, 3.7);
        assertThat(pass.worst(MetricNames.WRITE_AMPLIFICATION)).isEqualTo(1.22);
        assertThat(pass.measuredOn()).isEqualTo(new CostBaseline.MeasuredOn("1.2.3", "17", "ext4"));
        assertThat(pass.recorded().recordedOn()).containsExactly(MACHINE_CLASS);
        CostBaseline timed = loaded.get(new BenchmarkKey("rocksdb", "ycsb-a"));
        assertThat(timed.costs()).as("a timed write's amplification grows with the machine's speed; the memory "
                + "held is every workload's")
                .containsOnlyKeys(MetricNames.ALLOC_BYTES_PER_OP, MetricNames.NATIVE_BYTES);
    }

    @Test
    void aRunWithoutAContextOrFileSystemRecordsNoCosts() throws IOException {
        assertThat(record(ok("rocksdb", "tc-seq-write", 1, 1.1))).isEmpty();
    }

    @Test
    void theFileIsReadStrictly() throws IOException {
        record(costing(ok("lmdb", "tc-random-read", 1, 1.1), 3.76, 0));
        CostBaselineStore store = new CostBaselineStore(root);
        Path file = store.file(PROFILE, new BenchmarkKey("lmdb", "tc-random-read"));
        String json = Files.readString(file);
        assertThat(json).contains("\"alloc.bytes.op\" : [ 3.76 ]").doesNotContain(MetricNames.WRITE_AMPLIFICATION);

        Files.writeString(file, json.replace("alloc.bytes.op", "gc.count"));
        assertThatThrownBy(() -> store.load(PROFILE)).isInstanceOf(BaselineFormatException.class)
                .hasMessageContaining("costs.gc.count").hasMessageContaining("not a judged cost");
        Files.writeString(file, json.replace("[ 3.76 ]", "[ ]"));
        assertThatThrownBy(() -> store.load(PROFILE)).hasMessageContaining("must list every run's value");
        Files.writeString(file, json.replace("\"jdk\" : \"17\"", "\"jdk\" : \"\""));
        assertThatThrownBy(() -> store.load(PROFILE)).hasMessageContaining("jdk");
        Files.writeString(file, json.replace("\"engine\" : \"lmdb\"", "\"engine\" : \"rocksdb\""));
        assertThatThrownBy(() -> store.load(PROFILE)).hasMessageContaining("its location says 'lmdb'");
    }

    @Test
    void theJdkIsItsFeatureRelease() {
        assertThat(CostBaseline.feature("OpenJDK 64-Bit Server VM 17.0.21.1+2-1-deb12u1-Debian")).isEqualTo("17");
        assertThat(CostBaseline.feature("OpenJDK 64-Bit Server VM 21.0.5+11-LTS")).isEqualTo("21");
        assertThat(CostBaseline.feature(null)).isNull();
    }

    @Test
    void theProfilesJudgedCostsAreTheMetricsOfThoseNames() {
        assertThat(Profile.JUDGED_COSTS).containsExactly(MetricNames.ALLOC_BYTES_PER_OP,
                MetricNames.WRITE_AMPLIFICATION, MetricNames.SYNCS_PER_OP, MetricNames.NATIVE_BYTES);
    }
}
