package io.kvbench.perf;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import io.kvbench.baseline.BaselineComparison;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.ComparisonRow;
import io.kvbench.baseline.Policies;
import io.kvbench.baseline.ThresholdPolicy;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.report.ReportWriter;
import io.kvbench.result.RunResults;
import io.kvbench.run.ContainerRunner;
import io.kvbench.gate.Gate;
import io.kvbench.task.ResourceProfile;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The performance gate of {@code mvn test}: every (engine x workload) of the profile (smoke by default,
 * {@code -Dkvbench.perf.profile=ci} with {@code mvn verify -Pperf}) runs in the fixed-resource container and is checked
 * against {@code perf-baselines/<profile>/<machine class>/}. Thresholds come from the profile's {@code gate}, set from
 * the spread measured on this machine: the gate catches gross slowdowns and disk growth, never noise. A suspected
 * regression is rerun once and judged on the pooled samples ({@link Gate}) before it fails. On a machine class
 * without throughput baselines each check is skipped as NOT_COMPARED with the reason, while disk sizes, which hold on
 * every machine, are still judged against perf-baselines/disk/; an engine bug recorded in known-issues.json (KNOWN_ISSUE) is skipped with its reference;
 * any other ERROR fails (infrastructure errors are never a pass). Results and reports go to target/perf-results/.
 */
@Tag("perf")
@Tag("container")
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
        List<String> engines = selectedEngines();
        List<String> workloads = profile.defaultWorkloads().isEmpty()
                ? Catalog.workloads().stream().map(Workload::name).toList() : profile.defaultWorkloads();
        Path out = Path.of("target", "perf-results", PROFILE).toAbsolutePath();
        deleteRecursively(out);
        RunPlan plan = RunPlan.of(engines, workloads, PROFILE, out);
        ThresholdPolicy policy = Policies.forGate(profile.gate());
        // One confirmation rerun per suspect: a noisy first run cannot fail the build, and mvn test stays short.
        Gate.Outcome outcome = new Gate(new ContainerRunner(ResourceProfile.load(ResourceProfile.DEFAULT)),
                new BaselineStore(BaselineStore.DEFAULT_ROOT), policy, CONFIRMATIONS, System.out)
                .run(plan, key -> engines.contains(key.engine()) && workloads.contains(key.workload()));
        RunResults results = outcome.run();
        String machineClass = results.machine().machineClass();
        BaselineSet baselines = outcome.baselines();
        List<ComparisonRow> rows = outcome.rows();
        ReportWriter.write(results, out, outcome.report().markdown());
        System.out.println("perf gate: profile " + PROFILE + ", machine class " + machineClass + ", " + outcome.report().policy()
                + (baselines.exists() ? "" : "; no throughput baselines for this machine class: throughput is not compared"
                + " (each such check is skipped), disk sizes are checked against perf-baselines/disk/" + PROFILE));
        return rows.stream().map(row -> DynamicTest.dynamicTest("[" + row.engine() + "] " + row.workload(),
                () -> check(row, machineClass)));
    }

    private static void check(ComparisonRow row, String machineClass) {
        switch (row.verdict()) {
            case PASS, IMPROVEMENT -> System.out.println(describe(row));
            case NEW -> System.out.println(describe(row) + " (NEW: " + row.note() + ")");
            // Not a pass: nothing was compared on throughput. Skipped with the reason (disk was judged: a disk
            // regression would be a REGRESSION row), and the summary says how to record this class's baselines.
            case NOT_COMPARED -> abort(row.note());
            case KNOWN_ISSUE -> abort(row.note());
            case MISSING -> abort("baseline without a result in this run: " + row.note());
            case ERROR -> fail("ERROR, never a pass: " + row.note());
            case REGRESSION -> fail("confirmed " + describe(row) + "\n" + row.note()
                    + "\nIf the change was intended, record new baselines (profile " + PROFILE + ", machine class "
                    + machineClass + "):\n  mvn -B package -DskipTests && java -jar target/kvbench.jar run --runner container"
                    + " --profile " + PROFILE + " --engines " + row.engine() + " --workloads " + row.workload()
                    + " --out target/rebaseline && java -jar target/kvbench.jar baseline update --results target/rebaseline"
                    + " --reason \"<why>\"");
        }
    }

    private static String describe(ComparisonRow row) {
        return String.format("%s [%s] %s: baseline %s, measured %s, delta %s, confidence %s", row.verdict(), row.engine(),
                row.workload(), score(row.baselineScore(), row.unit()), score(row.measuredScore(), row.unit()),
                Double.isNaN(row.deltaPercent()) ? "n/a" : String.format("%+.1f %%", row.deltaPercent()), row.confidence());
    }

    private static String score(double value, String unit) {
        return Double.isNaN(value) ? "-" : String.format("%.4g %s", value, unit);
    }


    /** All engines, or those of -Dkvbench.engines (an unknown id fails, naming the valid ones). */
    private static List<String> selectedEngines() {
        String filter = System.getProperty("kvbench.engines", "").trim();
        if (filter.isEmpty()) return Engines.all().stream().map(KvEngine::id).toList();
        return Arrays.stream(filter.split(",")).map(String::trim).map(Engines::byId).map(KvEngine::id).toList();
    }

    private static void deleteRecursively(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
