package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.bench.BenchSettings;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU %, device bytes written and write amplification cover the timed work only. JMH starts profilers before
 * {@code @Setup(Level.Iteration)} and stops them after {@code @TearDown(Level.Iteration)}; the same benchmark run
 * with an artificial slow setup and teardown ({@value BenchSettings#UNTIMED_CHORE_MILLIS}: 4 MiB written and fsync'd
 * and a 400 ms sleep in each, so 8 MiB and 0.8 s per iteration around a pass of a few tens of milliseconds) must
 * report what the plain run reports.
 *
 * <p>Bytes written and write amplification are compared between the two runs. CPU % is not: it is CPU time over wall
 * time, and on a loaded machine the wall time of each run stretches by its own amount, so two runs' CPU % differ by
 * more than any fixed band. Each run's CPU % is checked against that run's own benchmark-thread CPU time instead:
 * CPU % times the wall time per operation is the process's CPU time per operation, which can never be less than its
 * benchmark thread's; a CPU % whose window took in the chore's fsync and sleep would be diluted by them and fall far
 * below that floor. Both sides stretch together under load, so the check holds on a busy machine.
 */
@Tag("fork")
class TimedRegionMetricsTest {

    private static final String PROFILE = Path.of("src/test/resources/tiny-profile.json").toAbsolutePath().toString();
    private static final List<String> CHORE = List.of("-D" + BenchSettings.UNTIMED_CHORE_MILLIS + "=400");
    /** The process's CPU per operation against its benchmark thread's: at least 1 in theory; see below. */
    private static final double MIN_PROCESS_TO_THREAD_CPU = 0.7;

    @TempDir
    Path tmp;

    @Test
    void aSlowIterationSetupAndTeardownDoNotChangeTheBytesWrittenOfAPass() {
        BenchmarkResult plain = run("tc-seq-write", List.of(), "plain-pass");
        BenchmarkResult chore = run("tc-seq-write", CHORE, "chore-pass");
        double written = metric(plain, MetricNames.IO_WRITE_BYTES);
        assertThat(written).as("a write pass writes").isPositive();
        assertThat(metric(chore, MetricNames.IO_WRITE_BYTES)).as("bytes written per pass with the chore")
                .isBetween(written - (1 << 20), written + (1 << 20));
    }

    @Test
    void aSlowIterationSetupAndTeardownChangeNeitherCpuNorWriteAmplificationOfTimedOperations() {
        BenchmarkResult plain = run("ycsb-a", List.of(), "plain-ops");
        BenchmarkResult chore = run("ycsb-a", CHORE, "chore-ops");
        // Bytes written follow the throughput, which varies between runs; their ratio to the logical writes does not.
        double amplification = metric(plain, MetricNames.WRITE_AMPLIFICATION);
        assertThat(amplification).isPositive();
        assertThat(metric(chore, MetricNames.WRITE_AMPLIFICATION)).as("write amplification with the chore")
                .isBetween(amplification / 1.5, amplification * 1.5);
        assertCpuCoversTheTimedRegionOnly(plain, "plain");
        assertCpuCoversTheTimedRegionOnly(chore, "with the chore");
        // The benchmark thread's CPU per operation: present for one thread, within its wall time per operation (a
        // thread cannot use more than the time that passed), and untouched by the chore's write, fsync and sleep.
        double threadCpu = metric(plain, MetricNames.THREAD_CPU_NS_PER_OP);
        assertThat(threadCpu).as("benchmark thread CPU ns per operation").isPositive()
                .isLessThanOrEqualTo(1.05e9 / plain.score());
        assertThat(metric(chore, MetricNames.THREAD_CPU_NS_PER_OP))
                .as("thread CPU per operation with the chore (plain %.0f ns)", threadCpu)
                .isBetween(threadCpu / 1.5, threadCpu * 1.5);
    }

    /**
     * The process's CPU per operation (CPU % of the timed region times the wall time per operation) holds at least
     * the benchmark thread's own CPU per operation, in each run. The margin covers the difference between the timed
     * region and JMH's iteration, whose wall time the score is taken from; a window stretched by the chore's 0.8 s
     * per iteration would dilute CPU % many times over.
     */
    private static void assertCpuCoversTheTimedRegionOnly(BenchmarkResult run, String name) {
        double cpuPercent = metric(run, MetricNames.CPU_PERCENT);
        double threadCpu = metric(run, MetricNames.THREAD_CPU_NS_PER_OP);
        double processCpu = cpuPercent / 100 * 1e9 / run.score();
        assertThat(processCpu).as("%s: process CPU ns per operation (CPU %.1f %% at %.0f ops/s) against the benchmark"
                        + " thread's %.0f ns", name, cpuPercent, run.score(), threadCpu)
                .isGreaterThanOrEqualTo(threadCpu * MIN_PROCESS_TO_THREAD_CPU);
    }

    private BenchmarkResult run(String workload, List<String> benchmarkJvmFlags, String name) {
        RunPlan plan = RunPlan.of(List.of("rocksdb"), List.of(workload), PROFILE, tmp.resolve(name));
        RunResults results = RunLoop.run(new LocalRunner(Map.of("cpus", "test"), benchmarkJvmFlags), plan,
                new Progress(new PrintStream(OutputStream.nullOutputStream()), plan.size()), partial -> { });
        BenchmarkResult result = results.results().get(0);
        assertThat(result.status()).as(result.reason()).isEqualTo(Status.OK);
        return result;
    }

    private static double metric(BenchmarkResult result, String name) {
        Metric m = result.secondary(name);
        assertThat(m).as(name + " of " + result.key()).isNotNull();
        return m.score();
    }
}
