package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.SharedResources;
import io.kvbench.calibration.CacheProbe;
import io.kvbench.result.ResultsJson;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The cache probe for real: busy loops pinned with taskset to cpusets 0 and 1. In the lab it runs one class after
 * another with the other tests, not beside them as it did in kvbench's full check: beside the calibration tests' JMH
 * forks its chase JVMs started so late on a two-core machine that a two-second run held one whole second. It keeps
 * the Docker lock, which every test that measures on chosen CPUs holds.
 */
@Tag("fork")
@ResourceLock(SharedResources.DOCKER)
class CacheProbeCommandTest {

    @TempDir
    Path tmp;

    @Test
    void probesTheDuetsCoresAndWritesTheTable() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        assumeTrue(cpus >= 2, "the cache probe's default cpusets are CPUs 0 and 1; this JVM has " + cpus + " CPU");
        Path out = tmp.resolve("probe");
        CliRun run = LabRun.of("cache-probe", "--seconds", "2", "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("kvbench-lab cache-probe: cpusets 0 and 1, 2 s per run")
                .contains("## Cache probe").contains("| both at once |").contains("wrote ");
        assertThat(out.resolve("cache-probe.md")).content().contains("| working set | run | cpuset 0");
        CacheProbe.Result result = ResultsJson.MAPPER.readValue(out.resolve("cache-probe.json").toFile(),
                CacheProbe.Result.class);
        assertThat(result.sizes()).hasSize(3).allSatisfy(size -> {
            assertThat(size.alone0().nanosPerSecond()).hasSize(2);
            assertThat(size.alone0().min()).isPositive();
            assertThat(size.both1().nanosPerSecond()).hasSize(2);
        });
        assertThat(result.sizes().get(1).bytes()).isGreaterThan(result.sizes().get(0).bytes());
        assertThat(result.sizes().get(2).bytes()).isGreaterThan(result.sizes().get(1).bytes());
    }

    @Test
    void aCacheProbeOnACpuTasksetRefusesIsBadInput() {
        CliRun run = LabRun.of("cache-probe", "--duet-cpusets", "0,4095", "--out",
                tmp.resolve("refused").toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("kvbench: --duet-cpusets 4095: taskset cannot pin to it");
        assertThat(tmp.resolve("refused")).doesNotExist();
        CliRun tooShort = LabRun.of("cache-probe", "--seconds", "1");
        assertThat(tooShort.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(tooShort.err()).contains("kvbench: --seconds must be at least 2, not 1");
    }
}
