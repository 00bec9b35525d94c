package io.kvbench.baseline;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.normal;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.withDisk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.judge.BaselineComparison;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.ComparisonReport;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.RunPooling;
import io.kvbench.judge.WelchPolicy;
import io.kvbench.report.ComparisonMarkdown;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What holds where: throughput baselines bind only on their machine class, disk baselines on every machine of the same
 * engine version; comparisons across a JDK or base image are flagged.
 */
class PortableDiskTest {

    private static final ComparisonPolicy POLICY = new WelchPolicy();

    @TempDir
    Path root;

    /** A result whose data directory was on the given file system type. */
    private static BenchmarkResult on(String fs, BenchmarkResult r) {
        ResultContext c = r.context();
        Map<String, String> resources = new java.util.HashMap<>(c.resources());
        resources.put(ResultContext.DATA_FILE_SYSTEM, fs);
        return with(r, new ResultContext(c.software(), c.profile(),
                c.runner(), c.time(), c.machine(), resources, c.parameters()));
    }

    private static BenchmarkResult ext4(BenchmarkResult r) {
        return on("ext4", r);
    }

    private List<ComparisonRow> compareOn(String machineClass, BenchmarkResult result) throws IOException {
        BaselineSet set = new BaselineStore(root).load(PROFILE, machineClass);
        return BaselineComparison.compare(List.of(result), set, POLICY, k -> true);
    }

    private void recordOnHomeClass(BenchmarkResult... runs) throws IOException {
        List<RunResults> perRun = java.util.Arrays.stream(runs).map(r -> Fixtures.run(r)).toList();
        BaselineUpdate.plan(RunPooling.pool(perRun), perRun, new BaselineStore(root), null, "test", false,
                Instant.parse("2025-01-02T03:04:05Z")).apply();
    }

    @Test
    void anotherMachineClassComparesNoThroughputButStillJudgesDisk() throws IOException {
        BenchmarkResult home = ext4(withDisk(ok("rocksdb", "ycsb-c", normal(1, 10, 1000, 10)), 10_000_000));
        recordOnHomeClass(home, ext4(withDisk(ok("rocksdb", "ycsb-c", normal(2, 10, 1000, 10)), 10_400_000)));
        DiskBaseline disk = new DiskBaselineStore(root).load(PROFILE).get(new BenchmarkKey("rocksdb", "ycsb-c"));
        assertThat(disk.diskBytes()).isEqualTo(10_000_000);
        assertThat(disk.runs()).containsExactly(10_000_000L, 10_400_000L);
        assertThat(disk.recordedOn()).containsExactly(MACHINE_CLASS);

        // Another CPU, half the throughput (never compared), same footprint: NOT_COMPARED, disk within tolerance.
        BenchmarkResult foreign = ext4(withDisk(ok("rocksdb", "ycsb-c", normal(3, 10, 500, 10)), 10_100_000));
        ComparisonRow same = compareOn("hosted-cpu-2c-7g", foreign).get(0);
        assertThat(same.verdict()).isEqualTo(Verdict.NOT_COMPARED);
        assertThat(same.note()).contains("throughput not compared: no baselines for machine class hosted-cpu-2c-7g")
                .contains("disk within tolerance");
        assertThat(same.baselineScore()).isNaN();

        // Twice the footprint on the foreign machine: a disk REGRESSION, without any throughput baseline.
        ComparisonRow grown = compareOn("hosted-cpu-2c-7g",
                ext4(withDisk(ok("rocksdb", "ycsb-c", normal(4, 10, 500, 10)), 20_000_000))).get(0);
        assertThat(grown.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(grown.note()).contains("disk grew").contains("throughput not compared");

        // Another engine version: its format may differ, so disk is not compared either.
        ComparisonRow upgraded = compareOn("hosted-cpu-2c-7g",
                withVersion(ext4(withDisk(ok("rocksdb", "ycsb-c", 1, 2, 3), 20_000_000)), "9.9.9")).get(0);
        assertThat(upgraded.verdict()).isEqualTo(Verdict.NOT_COMPARED);
        assertThat(upgraded.note())
                .contains("disk not compared: its baseline is for rocksdb 1.2.3, this run measured 9.9.9");

        // Another file system allocates differently (XFS preallocates): not compared either, and said so.
        ComparisonRow xfs = compareOn("hosted-cpu-2c-7g", on("xfs",
                withDisk(ok("rocksdb", "ycsb-c", 1, 2, 3), 20_000_000))).get(0);
        assertThat(xfs.verdict()).isEqualTo(Verdict.NOT_COMPARED);
        assertThat(xfs.note()).contains("its baseline was measured on ext4, this run's data directory is on xfs");
    }

    @Test
    void timedWritesGetNoDiskBaselineBecauseTheirWorkDependsOnTheMachine() throws IOException {
        RunResults run = Fixtures.run(ext4(withDisk(ok("rocksdb", "ycsb-a", normal(1, 10, 1000, 10)), 10_000_000)),
                ext4(withDisk(ok("rocksdb", "tc-seq-write", BenchmarkResult.TIME_PER_PASS, 1.0, 1.1, 1.05),
                        5_000_000)));
        BaselineUpdate.plan(run, List.of(run), new BaselineStore(root), null, "test", false, Instant.now()).apply();
        assertThat(new DiskBaselineStore(root).load(PROFILE).keySet()).extracting(BenchmarkKey::workload)
                .containsExactly("tc-seq-write");
    }

    @Test
    void onTheHomeClassTheDiskBaselineDecidesDiskOnce() throws IOException {
        recordOnHomeClass(ext4(withDisk(ok("rocksdb", "ycsb-c", normal(1, 10, 1000, 10)), 10_000_000)));
        ComparisonRow row = compareOn(MACHINE_CLASS, ext4(withDisk(ok("rocksdb", "ycsb-c", normal(2, 10, 1000, 10)),
                30_000_000))).get(0);
        assertThat(row.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(row.note()).contains("disk grew");
        assertThat(row.baselineScore()).isCloseTo(1000, org.assertj.core.data.Offset.offset(20.0));
    }

    @Test
    void aComparisonAcrossJdksOrBaseImagesIsFlagged() throws IOException {
        recordOnHomeClass(ok("rocksdb", "ycsb-c", normal(1, 10, 1000, 10)));
        BenchmarkResult otherJdk = withJdk(ok("rocksdb", "ycsb-c", normal(2, 10, 1000, 10)),
                "OpenJDK 64-Bit Server VM 21.0.2");
        ComparisonRow row = compareOn(MACHINE_CLASS, otherJdk).get(0);
        assertThat(row.flagged()).isTrue();
        assertThat(row.note()).contains(BaselineComparison.FLAGGED).contains("JDK OpenJDK 64-Bit Server VM 21.0.2")
                .contains("baseline: OpenJDK 64-Bit Server VM 17.0.15");
        ComparisonReport report = ComparisonReport.of(PROFILE, MACHINE_CLASS, root.toString(), "p", List.of(row));
        assertThat(ComparisonMarkdown.markdown(report))
                .contains("1 comparison was made across a different JDK or base image");
        ComparisonRow sameRuntime = compareOn(MACHINE_CLASS, ok("rocksdb", "ycsb-c", normal(3, 10, 1000, 10))).get(0);
        assertThat(sameRuntime.flagged()).isFalse();
        assertThat(sameRuntime.note()).doesNotContain(BaselineComparison.FLAGGED);
    }

    @Test
    void aBrokenDiskBaselineNamesTheFileAndField() throws IOException {
        recordOnHomeClass(ext4(withDisk(ok("rocksdb", "ycsb-c", 1, 2, 3), 1000)));
        Path file = new DiskBaselineStore(root).file(PROFILE, new BenchmarkKey("rocksdb", "ycsb-c"));
        String json = Files.readString(file);
        Files.writeString(file, json.replace("\"diskBytes\" : 1000", "\"diskBytes\" : -5"));
        assertThatThrownBy(() -> new DiskBaselineStore(root).load(PROFILE)).isInstanceOf(BaselineFormatException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("diskBytes");
        Files.writeString(file, json.replace("\"engine\"", "\"surprise\" : 1, \"engine\""));
        assertThatThrownBy(() -> new DiskBaselineStore(root).load(PROFILE)).isInstanceOf(BaselineFormatException.class)
                .hasMessageContaining("surprise");
    }

    private static BenchmarkResult withVersion(BenchmarkResult r, String version) {
        ResultContext c = r.context();
        return with(r, new ResultContext(new Software(version, c.jdk(), c.gitRevision()), c.profile(), c.runner(),
                c.time(), c.machine(), c.resources(), c.parameters()));
    }

    private static BenchmarkResult withJdk(BenchmarkResult r, String jdk) {
        ResultContext c = r.context();
        return with(r, new ResultContext(new Software(c.engineVersion(), jdk, c.gitRevision()), c.profile(),
                c.runner(), c.time(), c.machine(), Map.of(), c.parameters()));
    }

    private static BenchmarkResult with(BenchmarkResult r, ResultContext c) {
        return r.withContext(c);
    }
}
