package io.kvbench.crash;

import io.kvbench.SharedResources;
import io.kvbench.infra.KillableContainers;
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
 * Crash recovery of every engine in {@code mvn test}: {@value #DEFAULT_CYCLES} SIGKILLs per engine (100 with
 * {@code mvn verify -Pcrash}), each writer in a fresh container when Docker is available, else a local child JVM (the
 * kill is as real; only the fixed resources are missing, and the run says so). An engine passes when every recovered
 * state kept what its adapter declares it keeps after a process kill; a broken promise fails with the damage, the kept
 * directory and the command that replays it, unless it is a known engine issue (skipped with its reference).
 * Engines run two at a time: a writer is one thread, and the cycles are mostly JVM start-up. Reports go to
 * target/crash-results/ (the results of every engine, then one test per engine). With Docker it runs beside the
 * host-bound test classes, after the perf gate (junit-platform.properties).
 */
@Tag("crash")
@Tag("container")
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(SharedResources.DOCKER)
@Order(3)
class CrashRecoveryTest {

    static final int DEFAULT_CYCLES = 5;
    private static final int CYCLES = Integer.getInteger("kvbench.crash.cycles", DEFAULT_CYCLES);

    @TestFactory
    Stream<DynamicTest> everyEngineKeepsWhatItPromisedAfterSigkill() throws Exception {
        Optional<String> noDocker = KillableContainers.unavailableReason();
        noDocker.ifPresent(why -> System.out.println("crash tests: Docker not available (" + why
                + "); writers run as local child JVMs: the SIGKILL is as real, the fixed resources are missing"));
        return CrashChecks.everyEngine(Fault.PROCESS_KILL, noDocker.isPresent() ? CrashSuite.Where.LOCAL
                : CrashSuite.Where.CONTAINER, CYCLES, "crash-results");
    }
}
