package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Linearizability under real contention (issue 50, "concurrent histories"): where {@link ConcurrencyContractTest}
 * gives each writer a key range of its own, here 3 threads call get, put and delete on the same 3 keys of one store,
 * and Lincheck checks every history against a TreeMap
 * ({@link LinearizabilityHarness}, which says why stress mode and not model checking). Each engine is checked in a
 * JVM of its own ({@link LinearizabilityChild} says why), its store in a fresh directory, closed at the end.
 *
 * <p>Settings per engine: {@value #ITERATIONS} random scenarios of 2 operations, then 3 threads x 3 operations, then
 * 2 operations; each scenario run {@value #INVOCATIONS} times. They are sized so that every engine together stays
 * well under 3 minutes on a 2-core machine; most of an engine's time is its child JVM's start and Lincheck's agent.
 * Part of the full check ({@code mvn verify}), not {@code mvn test}: it starts JVMs (tag {@code fork}).
 *
 * <p>Not a {@code *ContractTest}: Lincheck is a test dependency, so this test cannot ship in the jar's contract suite
 * ({@code kvbench contract}), and the name keeps it out of {@code ContractSuiteTest} in {@code mvn test}.
 */
@Tag("fork") // one child JVM per engine
class EngineLinearizabilityTest extends ContractTestBase {

    private static final String ENGINES = "io.kvbench.contract.EngineSource#engines";
    static final int ITERATIONS = 30;
    static final int INVOCATIONS = 100;

    @ParameterizedTest(name = "[{0}] get, put and delete from 3 threads on 3 keys are linearizable")
    @MethodSource(ENGINES)
    void concurrentHistoriesAreLinearizable(KvEngine engine) throws Exception {
        Capabilities caps = engine.capabilities();
        // Histories of concurrent writes are what this checks; a store that allows only one writer at a time has none.
        // A write-once store cannot even pair one writer with readers: it seals at the first read.
        assumeCapability(caps.concurrentWriters(), engine, caps.writeOnce()
                ? "engine does not declare concurrent writers, and is write-once: no read may overlap a write"
                : "engine does not declare concurrent writers on one store: histories of concurrent writes do not"
                + " apply");
        List<String> args = List.of("engine", engine.id(), tempDir.resolve("store").toString(),
                String.valueOf(ITERATIONS), String.valueOf(INVOCATIONS));
        LinearizabilityChild.Outcome outcome = LinearizabilityChild.run(args, tempDir.resolve("child"), 5);
        assertThat(outcome.exit()).as("[%s] exit status of the check (1: a history of get, put and delete on %d keys"
                + " is not linearizable); Lincheck's report:%s", engine.id(), LinearizabilityHarness.KEYS,
                outcome.report()).isZero();
    }
}
