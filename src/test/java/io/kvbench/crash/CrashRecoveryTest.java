package io.kvbench.crash;


import io.kvbench.engine.KvEngine;
import io.kvbench.report.CrashReport;
import io.kvbench.infra.KillableContainers;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Crash recovery of every engine in {@code mvn test}: {@value #DEFAULT_CYCLES} SIGKILLs per engine (100 with
 * {@code mvn verify -Pcrash}), each writer in a fresh container when Docker is available, else a local child JVM (the
 * kill is as real; only the fixed resources are missing, and the run says so). An engine passes when every recovered
 * state kept what its adapter declares it keeps after a process kill; a broken promise fails with the damage, the kept
 * directory and the command that replays it, unless it is a known engine issue (skipped with its reference). Engines
 * run two at a time: a writer is one thread, and the cycles are mostly JVM start-up. Reports go to target/crash-results/
 * (the results of every engine, then one test per engine).
 */
@Tag("crash")
@Tag("container")
class CrashRecoveryTest {

    static final int DEFAULT_CYCLES = 5;
    private static final int CYCLES = Integer.getInteger("kvbench.crash.cycles", DEFAULT_CYCLES);
    private static final int PARALLEL = Integer.getInteger("kvbench.crash.parallel", 2);

    @TestFactory
    Stream<DynamicTest> everyEngineKeepsWhatItPromisedAfterSigkill() throws Exception {
        Optional<String> noDocker = KillableContainers.unavailableReason();
        CrashSuite.Where where = noDocker.isPresent() ? CrashSuite.Where.LOCAL : CrashSuite.Where.CONTAINER;
        noDocker.ifPresent(why -> System.out.println("crash tests: Docker not available (" + why
                + "); writers run as local child JVMs: the SIGKILL is as real, the fixed resources are missing"));
        CrashSuite suite = CrashSuite.prepare(where, null, null, System.out::println);
        long seed = Long.getLong("kvbench.crash.seed", System.nanoTime() & Long.MAX_VALUE);
        List<KvEngine> engines = CrashChecks.selectedEngines();
        Path out = Path.of("target", "crash-results").toAbsolutePath();
        System.out.printf("crash tests: %d engines x %d kills, seed %d (replay: -Dkvbench.crash.seed=%d), runner %s%n",
                engines.size(), CYCLES, seed, seed, suite.runner());
        CrashResults results = suite.runAll(engines, CYCLES, seed, CrashSuite.DEFAULT_MAX_KILL_DELAY, out.resolve("crash-data"),
                PARALLEL, partial -> { });
        results.write(out.resolve(CrashResults.FILE));
        CrashReport.write(results, out);
        if (!results.complete()) throw new InterruptedException("crash tests interrupted");
        return results.results().stream().map(r -> DynamicTest.dynamicTest(
                "[" + r.engine() + "] keeps what it promised through " + CYCLES + " SIGKILLs", () -> CrashChecks.check(r)));
    }
}
