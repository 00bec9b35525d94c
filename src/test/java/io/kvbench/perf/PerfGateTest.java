package io.kvbench.perf;

import static org.junit.jupiter.api.Assumptions.abort;

import io.kvbench.SharedResources;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.contract.EngineSource;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.Gate;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.ComparisonMarkdown;
import io.kvbench.report.ReportWriter;
import io.kvbench.result.RunResults;
import io.kvbench.run.ContainerRunner;
import io.kvbench.run.RunPlan;
import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The performance gate of {@code mvn test}: every (engine x workload) of the profile (smoke by default,
 * {@code -Dkvbench.perf.profile=ci} with {@code mvn verify -Pperf}) runs in the fixed-resource container and is checked
 * against {@code perf-baselines/<profile>/<machine class>/}. Thresholds come from the profile's {@code gate}, set from
 * the spread measured on this machine: the gate catches gross slowdowns and disk growth, never noise. A suspected
 * regression is rerun once and judged on the pooled samples ({@link Gate}) before it fails. On a machine class
 * without throughput baselines each check is skipped as NOT_COMPARED with the reason, while disk sizes, which hold on
 * every machine, are still judged against perf-baselines/disk/; an engine bug recorded in known-issues.json
 * (KNOWN_ISSUE) is skipped with its reference; a benchmark that has a baseline but no result (MISSING) fails, and so
 * does any other ERROR (infrastructure errors are never a pass). A result without a baseline (NEW) fails on a machine
 * class whose baselines are declared complete (perf-baselines/<profile>/<class>/class.json, written by
 * {@code baseline update}) unless new-benchmarks.json lists it as added by a change; elsewhere it is informational and
 * says why. {@link PerfVerdicts} decides. Results and reports go to target/perf-results/.
 *
 * <p>It runs beside the other test classes, first of those that use Docker (junit-platform.properties), with the host
 * tests kept off its container's core while it measures ({@link HostCpus}).
 */
@Tag("perf")
@Tag("container")
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(SharedResources.DOCKER)
@Order(1)
class PerfGateTest {

    private static final String PROFILE = System.getProperty("kvbench.perf.profile", "smoke");
    private static final int CONFIRMATIONS = 1;

    @TestFactory
    Stream<DynamicTest> everyBenchmarkAgainstItsBaseline() throws Exception {
        Optional<String> noDocker = ContainerRunner.dockerAvailable();
        if (noDocker.isPresent()) {
            // One visible skipped test with the reason (an aborted factory would show as zero tests).
            String reason = "the perf gate runs in a fixed-resource container: " + noDocker.get();
            System.out.println("perf gate skipped: " + reason);
            return Stream.of(DynamicTest.dynamicTest("perf gate (" + PROFILE + ")", () -> abort(reason)));
        }
        Profile profile = Catalog.profile(PROFILE);
        List<String> engines = EngineSource.selected().stream().map(KvEngine::id).toList();
        List<String> workloads = profile.defaultWorkloads().isEmpty()
                ? Catalog.workloads().stream().map(Workload::name).toList() : profile.defaultWorkloads();
        Path out = Path.of("target", "perf-results", PROFILE).toAbsolutePath();
        deleteRecursively(out);
        RunPlan plan = RunPlan.of(engines, workloads, PROFILE, out);
        ThresholdPolicy policy = SignificanceTests.forGate(profile.gate());
        ContainerResources resources = ContainerResources.load(ContainerResources.DEFAULT);
        Gate.Judgement outcome;
        try (HostCpus pinned = HostCpus.keepOff(resources.cpusetFor(ContainerRunner.dockerCpus()),
                note -> System.out.println("perf gate: " + note))) {
            // One confirmation rerun per suspect: a noisy first run cannot fail the build, and mvn test stays short.
            outcome = new Gate(new ContainerRunner(resources), new BaselineStore(BaselineStore.DEFAULT_ROOT), policy,
                    CONFIRMATIONS, System.out)
                    .run(plan, key -> engines.contains(key.engine()) && workloads.contains(key.workload()));
        }
        RunResults results = outcome.run();
        String machineClass = results.machine().machineClass();
        BaselineSet baselines = outcome.baselines();
        List<ComparisonRow> rows = outcome.rows();
        ReportWriter.write(results, out, ComparisonMarkdown.markdown(outcome.report()));
        System.out.println("perf gate: profile " + PROFILE + ", machine class " + machineClass + ", " + outcome.report()
                .policy()
                + (baselines.exists() ? ""
                : "; no throughput baselines for this machine class: throughput is not compared"
                + " (each such check is skipped), disk sizes are checked against perf-baselines/disk/" + PROFILE));
        return rows.stream().map(row -> DynamicTest.dynamicTest("[" + row.engine() + "] " + row.workload(),
                () -> PerfVerdicts.check(row, PROFILE, machineClass, baselines.requiresBaseline(row.key()))));
    }


    private static void deleteRecursively(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
