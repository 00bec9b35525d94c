package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.DiskBaseline;
import io.kvbench.cli.KvBench;
import io.kvbench.judge.ComparisonReport;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A foreign machine, for real: the local runner here is another machine class than the one-core container that recorded
 * the committed smoke baselines (as a hosted runner is). A real smoke run compared with the repository's own
 * perf-baselines/ compares no throughput, says so and how to record it, and still judges disk against
 * perf-baselines/disk/.
 */
@Tag("fork")
class ForeignMachineTest {

    @TempDir
    Path tmp;

    @Test
    void aMachineClassWithoutBaselinesComparesNoThroughputButChecksDisk() throws Exception {
        Path out = tmp.resolve("run");
        assertThat(KvBench.execute("run", "--runner", "local", "--profile", "smoke", "--engines", "rocksdb",
                "--workloads", "tc-seq-write", "--out", out.toString())).isZero();
        RunResults run = ResultsJson.read(out.resolve("results.json"));
        String machineClass = run.machine().machineClass();
        assertThat(new BaselineStore(BaselineStore.DEFAULT_ROOT).directory("smoke", machineClass))
                .as("this test needs a machine class without committed smoke baselines").doesNotExist();

        assertThat(KvBench.execute("compare", "--results", out.toString())).isZero();
        String comparison = Files.readString(out.resolve(ComparisonReport.MARKDOWN_FILE));
        assertThat(comparison).contains("| rocksdb | tc-seq-write | NOT_COMPARED |")
                .contains("throughput not compared: no baselines for machine class " + machineClass)
                .contains("**not compared**").contains("baseline update --results r1 --results r2 --results r3");
        String fs = DiskBaseline.fileSystemOf(run.results().get(0));
        if ("ext4".equals(fs)) {
            // The committed disk baseline was measured in the one-core container on ext4: the same bytes here.
            assertThat(comparison).contains("disk within tolerance");
        } else {
            assertThat(comparison).contains("disk not compared: its baseline was measured on ext4, this run's data "
                    + "directory is on " + fs);
        }
    }
}
