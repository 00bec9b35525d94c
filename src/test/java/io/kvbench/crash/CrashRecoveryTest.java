package io.kvbench.crash;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Crash recovery of every engine in {@code mvn test}: {@value #DEFAULT_CYCLES} SIGKILLs per engine (100 with
 * {@code mvn verify -Pcrash}), each writer a local child JVM. An engine passes when every recovered state kept what its
 * adapter declares it keeps after a process kill; a broken promise fails with the damage, the kept directory and the
 * command that replays it, unless it is a known engine issue (skipped with its reference). Engines run two at a time:
 * a writer is one thread, and the cycles are mostly JVM start-up. Reports go to target/crash-results/ (the results of
 * every engine, then one test per engine).
 *
 * <p>The writers run here rather than in containers: the kill is as real, they start in about half the time, and they
 * run beside the perf gate on the cores it leaves to the host ({@code HostCpus}). {@link CrashInContainersTest}, in the
 * full check, runs the same kills with each writer in a fixed-resource container, as {@code kvbench crash} does.
 */
@Tag("crash")
@Tag("kill")
class CrashRecoveryTest {

    static final int DEFAULT_CYCLES = 5;
    static final int CYCLES = Integer.getInteger("kvbench.crash.cycles", DEFAULT_CYCLES);

    @TestFactory
    Stream<DynamicTest> everyEngineKeepsWhatItPromisedAfterSigkill() throws Exception {
        return CrashChecks.everyEngine(Fault.PROCESS_KILL, CrashSuite.Where.LOCAL, CYCLES, "crash-results");
    }
}
