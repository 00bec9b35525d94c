package io.kvbench.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.SharedResources;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.CostBaseline;
import io.kvbench.baseline.CostBaselineStore;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.Gate;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Directories;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.SignificanceTests;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Verdict;
import io.kvbench.run.ContainerRunner;
import io.kvbench.run.RunPlan;
import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each change of issue 46's item 3, and a native cache the engine did not keep, made in a decorating engine
 * ({@link CostlyEngine}, not in a shipped adapter), fails the smoke gate through its cost check alone, on any machine
 * class: a real smoke benchmark in the one-core container, judged by {@link Gate} and {@link PerfVerdicts} against the
 * committed cost baseline of the engine it decorates, with no throughput baseline (as on a class that has none). The
 * same gate on the unchanged engines is the perf gate of
 * {@code mvn test}, which passes. Needs Docker and a data directory on the committed baselines' file system; skipped
 * with the reason otherwise. In the full check: the four runs would stretch {@code mvn test} past its 8 minutes.
 */
@Tag("container")
@Execution(ExecutionMode.CONCURRENT) // beside the host-bound classes, never beside another Docker user
@ResourceLock(SharedResources.DOCKER)
@Order(6)
class InjectedCostTest {

    private static final String PROFILE = "smoke";

    @TempDir
    Path tmp;

    static Stream<Arguments> changes() {
        return Stream.of(
                Arguments.of(CostlyEngine.Change.COPY_KEY_PER_GET, "lmdb", "tc-random-read",
                        MetricNames.ALLOC_BYTES_PER_OP),
                Arguments.of(CostlyEngine.Change.SYNC_PER_PUT, "rocksdb", "tc-seq-write",
                        MetricNames.SYNCS_PER_OP),
                Arguments.of(CostlyEngine.Change.PUT_TWICE, "rocksdb", "tc-seq-write",
                        MetricNames.WRITE_AMPLIFICATION),
                Arguments.of(CostlyEngine.Change.HOLD_NATIVE_MEMORY, "rocksdb", "tc-random-read",
                        MetricNames.NATIVE_BYTES));
    }

    @ParameterizedTest(name = "{0} on {1} {2} fails on {3}")
    @MethodSource("changes")
    void theCostCheckCatchesIt(CostlyEngine.Change change, String engine, String workload, String cost)
            throws IOException {
        assumeTrue(ContainerRunner.dockerAvailable().isEmpty(), () -> "needs Docker: "
                + ContainerRunner.dockerAvailable().orElse(""));
        BenchmarkKey key = new BenchmarkKey(engine, workload);
        CostBaseline committed = new CostBaselineStore(BaselineStore.DEFAULT_ROOT).load(PROFILE).get(key);
        assertThat(committed).as("the committed cost baseline of " + key).isNotNull();
        assertThat(committed.costs()).containsKey(cost);
        String fileSystem = Directories.fileSystemType(tmp);
        String recordedOn = committed.measuredOn().fileSystem();
        assumeTrue(recordedOn.equals(fileSystem), () -> "the committed cost baseline of " + key + " holds on "
                + recordedOn + ", the data directory is on " + fileSystem);

        BaselineStore store = new BaselineStore(tmp.resolve("perf-baselines"));
        Map<Path, String> files = new CostBaselineStore(store.root()).contents(List.of(committed));
        for (Map.Entry<Path, String> file : files.entrySet()) {
            Files.createDirectories(file.getKey().getParent());
            Files.writeString(file.getKey(), file.getValue());
        }
        List<Path> classPath = new ArrayList<>(ClassPaths.mountable());
        classPath.add(engineDirectory(tmp.resolve("costly-engine")));
        ContainerRunner containers = new ContainerRunner(ContainerResources.load(ContainerResources.DEFAULT))
                .withClassPath(classPath).withBenchmarkJvmFlags(List.of(CostlyEngine.flag(engine, change)));
        RunPlan plan = RunPlan.of(List.of(engine), List.of(workload), PROFILE, tmp.resolve("out"));
        Gate.Judgement outcome = new Gate(new CostlyRunner(containers), store,
                SignificanceTests.forGate(Catalog.profile(PROFILE).gate()), 1,
                new PrintStream(OutputStream.nullOutputStream())).run(plan, k -> true);

        ComparisonRow row = outcome.rows().get(0);
        System.out.println("injected " + change + " into " + key + ": " + row.verdict() + ", " + row.note());
        assertThat(outcome.costs()).as("costs compared: " + row.note()).containsKey(key);
        assertThat(row.verdict()).as(row.note()).isEqualTo(Verdict.REGRESSION);
        // A sync per put also writes more (partial pages, one log block per put): the cost named is among those grown.
        assertThat(outcome.costs().get(key).grew()).as(row.note()).contains(cost);
        assertThatThrownBy(() -> PerfVerdicts.check(row, PROFILE, "any", false)).isInstanceOf(AssertionError.class)
                .hasMessageContaining(cost + " grew");
    }

    /** A class path entry holding {@link CostlyEngine} and a service file registering it, and nothing else. */
    private static Path engineDirectory(Path dir) throws IOException {
        Path classes = Path.of(CostlyEngine.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path pkg = Path.of(CostlyEngine.class.getPackageName().replace('.', '/'));
        Files.createDirectories(dir.resolve(pkg));
        try (Stream<Path> files = Files.list(classes.resolve(pkg))) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("CostlyEngine")).toList()) {
                Files.copy(f, dir.resolve(pkg).resolve(f.getFileName()));
            }
        }
        Path services = dir.resolve("META-INF/services/" + KvEngine.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, CostlyEngine.class.getName() + "\n");
        return dir;
    }
}
