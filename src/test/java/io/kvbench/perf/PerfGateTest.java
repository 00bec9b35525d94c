package io.kvbench.perf;

import static org.assertj.core.api.Assertions.fail;
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
import io.kvbench.run.FixedWorkRunner;
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
 * without throughput baselines it judges what holds on every machine ({@link Gate#scope}): the costs per operation of
 * perf-baselines/costs/ (allocation, write amplification: {@link io.kvbench.judge.CostCheck}), measured in the
 * container as they were recorded, and the disk footprints of perf-baselines/disk/; a row whose costs were judged
 * passes (its note says throughput was not compared), one with only its disk judged is skipped as NOT_COMPARED with
 * its disk verdict, and one line says what was not judged and how to record the class. Without cost baselines the
 * footprints come from each workload's fixed work, done once in this JVM ({@link FixedWorkRunner}: no container, no
 * JMH, seconds for every engine). An engine bug recorded in known-issues.json
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
    /**
     * The baselines the gate judges by: perf-baselines/ of this checkout unless {@code -Dkvbench.perf.baselines=DIR}
     * names another root of the same layout (a CI cache of the runner class's recorded baselines, say).
     */
    private static final Path BASELINES = Path.of(System.getProperty("kvbench.perf.baselines",
            BaselineStore.DEFAULT_ROOT.toString()));
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
        ContainerRunner containers = new ContainerRunner(resources);
        BaselineStore store = new BaselineStore(BASELINES);
        String expectedClass = containers.machineClass(profile.heap());
        Gate.Scope scope = Gate.scope(store, plan, expectedClass);
        System.out.println("perf gate: " + judged(scope, expectedClass));
        if (scope.plan().isEmpty()) {
            return Stream.of(DynamicTest.dynamicTest("perf gate (" + PROFILE + ")", () -> abort(judged(scope,
                    expectedClass))));
        }
        // One confirmation rerun per suspect: a noisy first run cannot fail the build, and mvn test stays short.
        // Without throughput baselines only footprints are judged: their fixed work needs no container or JMH.
        Gate gate = new Gate(scope.benchmarks() ? containers : new FixedWorkRunner(), store, policy, CONFIRMATIONS,
                System.out);
        Gate.Judgement outcome;
        try (HostCpus pinned = scope.benchmarks() ? HostCpus.keepOff(resources.cpusetFor(ContainerRunner.dockerCpus()),
                note -> System.out.println("perf gate: " + note)) : null) {
            outcome = gate.run(scope.plan().get(), key -> engines.contains(key.engine())
                    && workloads.contains(key.workload()));
        }
        RunResults results = outcome.run();
        BaselineSet baselines = outcome.baselines();
        List<ComparisonRow> rows = outcome.rows();
        ReportWriter.write(results, out, ComparisonMarkdown.markdown(outcome.report()));
        System.out.println("perf gate: profile " + PROFILE + ", machine class " + expectedClass + ", "
                + outcome.report().policy());
        String machineClass = results.machine().machineClass();
        if (scope.throughput() ? !machineClass.equals(expectedClass) : baselines.exists()) {
            // Judged by other baselines than the scope was chosen for: nothing below would mean what it says.
            return Stream.of(DynamicTest.dynamicTest("perf gate (" + PROFILE + ")", () -> fail("the gate chose what "
                    + "to run for machine class " + expectedClass + ", but the results were judged as class "
                    + machineClass + (baselines.exists() ? ", which has throughput baselines" : ""))));
        }
        return rows.stream().map(row -> DynamicTest.dynamicTest("[" + row.engine() + "] " + row.workload(),
                () -> PerfVerdicts.check(row, PROFILE, expectedClass, baselines.requiresBaseline(row.key()),
                        outcome.costs().containsKey(row.key()) ? outcome.costs().get(row.key()).within()
                                : List.of())));
    }


    /** One line: what the gate judges on this class, what it leaves out, and how to have throughput judged. */
    static String judged(Gate.Scope scope, String machineClass) {
        String costs = scope.costs() ? ", costs per operation" : "";
        if (scope.throughput()) {
            return "machine class " + machineClass + ": throughput" + costs + " and disk size judged";
        }
        String measured = scope.plan().map(p -> (scope.costs()
                ? "costs per operation and disk size, measured in the container as their baselines were ("
                : "disk size only, each workload's fixed work done once (")
                + p.workloads().stream().map(Workload::name).toList() + ")").orElse("nothing (no disk or cost "
                + "baselines)");
        return "no " + PROFILE + " throughput baselines for machine class " + machineClass + ": judging " + measured
                + (scope.leftOut().isEmpty() ? "" : ", not running " + scope.leftOut())
                + "; throughput not judged. To judge it here, record this class: "
                + String.join(" (three runs: r1, r2, r3), then ", ComparisonMarkdown.recordCommands(PROFILE))
                + " (docs/ci-baselines.md)";
    }

    private static void deleteRecursively(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
