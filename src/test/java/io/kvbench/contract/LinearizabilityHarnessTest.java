package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The linearizability check can fail: a store whose put and delete copy the map, change the copy and publish it without
 * a lock (a read-modify-write that loses a concurrent write to another key, {@link MemoryEngine}) is reported as a
 * violation, and the same store with the lock is not. Both run in the child JVM ({@link LinearizabilityChild}) that
 * checks the engines, with and without the scan operation; fewer scenarios than the engines get, since the racy store
 * fails in the first few.
 */
@Tag("fork") // each check runs in a JVM of its own (LinearizabilityChild says why)
class LinearizabilityHarnessTest {

    private static final List<String> SETTINGS = List.of("10", "100");

    @TempDir
    Path tempDir;

    @ParameterizedTest(name = "with {0}: a put that loses concurrent writes is a violation")
    @ValueSource(strings = {"scans", "points"})
    void aPutThatLosesConcurrentWritesIsAViolation(String ops) throws Exception {
        LinearizabilityChild.Outcome outcome = check("racy", ops);
        assertThat(outcome.exit()).as("exit status; output: %s", outcome.report()).isEqualTo(1);
        assertThat(outcome.report()).contains("Invalid execution results");
    }

    @ParameterizedTest(name = "with {0}: the same store with its lock passes")
    @ValueSource(strings = {"scans", "points"})
    void theSameStoreWithItsLockPasses(String ops) throws Exception {
        LinearizabilityChild.Outcome outcome = check("locked", ops);
        assertThat(outcome.exit()).as("exit status; output: %s", outcome.report()).isZero();
    }

    private LinearizabilityChild.Outcome check(String store, String ops) throws Exception {
        List<String> args = List.of("memory", store, ops, SETTINGS.get(0), SETTINGS.get(1));
        return LinearizabilityChild.run(args, tempDir, 3);
    }
}
