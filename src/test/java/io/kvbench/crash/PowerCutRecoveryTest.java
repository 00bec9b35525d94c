package io.kvbench.crash;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.crash.fuse.PowerCutFs;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Power cuts of every engine: 5 per engine in {@code mvn test}, 100 with {@code mvn verify -Pcrash} (or
 * {@code -Dkvbench.powercut.cycles=N}). Each writer, a local child JVM, keeps its store on a FUSE mount served by this
 * JVM ({@link PowerCutFs}); it is SIGKILLed after a seeded delay, then the power is cut (the file system drops what was
 * not fsync'd: all of it, a prefix of each file's writes, or a torn last write, drawn from the seed) and the next
 * writer reopens what remains. An engine passes when the recovered state kept what its adapter declares survives a
 * power cut; engines that declare nothing are run and reported as information; a recorded engine bug
 * (known-issues.json) aborts its test with the reference. Reports go to target/powercut-results/. Skipped, with the
 * reason, where FUSE is missing.
 */
@Tag("crash")
@Tag("fuse")
class PowerCutRecoveryTest {

    /** Power cuts per engine in mvn test (about a minute for all engines, two at a time, on 2 cores). */
    static final int DEFAULT_CYCLES = 5;
    private static final int CYCLES = Integer.getInteger("kvbench.powercut.cycles", DEFAULT_CYCLES);

    @TestFactory
    Stream<DynamicTest> everyEngineKeepsWhatItPromisedAfterAPowerCut() throws Exception {
        Optional<String> noFuse = PowerCutFs.unavailableReason();
        assumeTrue(noFuse.isEmpty(), () -> "power-cut tests skipped: " + noFuse.orElse(""));
        return CrashChecks.everyEngine(Fault.POWER_CUT, CrashSuite.Where.LOCAL, CYCLES, "powercut-results");
    }
}
