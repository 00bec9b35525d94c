package io.kvbench.crash;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.crash.fuse.PowerCutFs;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Every engine under each fault beyond the process kill and the power cut: {@value #DEFAULT_CYCLES} per fault and
 * engine in {@code mvn test}, 100 with {@code mvn verify -Pcrash} (or {@code -Dkvbench.fault.cycles=N}), writers as
 * local child JVMs (the FUSE faults need the file system this JVM serves). An engine passes when it kept what it
 * declares for the fault (docs/crash-faults.md); one that declares nothing, or no checksums, is reported as
 * information; a recorded engine bug aborts its test with the reference. Reports go to target/fault-results/FAULT/.
 * The FUSE faults are skipped, with the reason, where FUSE is missing. -Dkvbench.faults=reorder,bit-flip narrows the
 * faults.
 */
@Tag("crash")
@Tag("fuse")
class FaultRecoveryTest {

    /** Faults per engine in mvn test: each is a few writer processes per engine. */
    static final int DEFAULT_CYCLES = 1;
    private static final int CYCLES = Integer.getInteger("kvbench.fault.cycles", DEFAULT_CYCLES);

    /** The faults this test runs: those beyond the process kill and the power cut, or -Dkvbench.faults=a,b. */
    private static List<Fault> faults() {
        String filter = System.getProperty("kvbench.faults", "").trim();
        if (!filter.isEmpty()) return Arrays.stream(filter.split(",")).map(String::trim).map(Fault::of).toList();
        return Arrays.stream(Fault.values()).filter(f -> f != Fault.PROCESS_KILL && f != Fault.POWER_CUT).toList();
    }

    /** One container per fault, run when JUnit reaches it: every engine's test under it. */
    @TestFactory
    Stream<DynamicContainer> everyEngineKeepsWhatItPromisedUnderEachFault() {
        return faults().stream().map(fault -> DynamicContainer.dynamicContainer(fault.id(),
                Stream.of(fault).flatMap(FaultRecoveryTest::run)));
    }

    /** Every engine under {@code fault}; one skipped test, with the reason, where it needs FUSE and FUSE is missing. */
    private static Stream<DynamicTest> run(Fault fault) {
        Optional<String> noFuse = fault.needsFuse() ? PowerCutFs.unavailableReason() : Optional.empty();
        if (noFuse.isPresent()) {
            return Stream.of(DynamicTest.dynamicTest(fault.id() + " skipped",
                    () -> assumeTrue(false, fault.id() + " tests skipped: " + noFuse.get())));
        }
        try {
            return CrashChecks.everyEngine(fault, CrashSuite.Where.LOCAL, CYCLES, "fault-results/" + fault.id());
        } catch (InterruptedException | IOException e) {
            throw new IllegalStateException(fault.id() + " tests could not run", e);
        }
    }
}
