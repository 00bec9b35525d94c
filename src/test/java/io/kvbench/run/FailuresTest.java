package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.infra.KvbenchContainer;
import io.kvbench.result.RunResults;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Why a benchmark container gave no usable result, from its outcome alone (no Docker engine needed). */
class FailuresTest {

    @Test
    void failuresAreClassified() {
        RunResults none = null;
        assertThat(Failures.classify(outcome(0, true, false, ""), none, "", "3g", Duration.ofHours(1)))
                .isEqualTo("infrastructure: OOM kill: a process of the container exceeded its 3g memory limit (exit code 0)");
        assertThat(Failures.classify(outcome(1, false, false, "java.io.IOException: No space left on device"), none, "", "3g", Duration.ofHours(1)))
                .isEqualTo("infrastructure: disk full (No space left on device)");
        assertThat(Failures.classify(outcome(0, false, false, ""), none, "rocksdb: IO error: No space left on device", "3g", Duration.ofHours(1)))
                .startsWith("infrastructure: disk full");
        assertThat(Failures.classify(outcome(137, false, true, ""), none, "", "3g", Duration.ofHours(2)))
                .isEqualTo("did not finish within " + Progress.format(Duration.ofHours(2)) + " and was killed");
        assertThat(Failures.classify(outcome(1, false, false, "Error: Could not find or load main class x\n"), none, "", "3g", Duration.ofHours(1)))
                .isEqualTo("the container exited with code 1 without results: Error: Could not find or load main class x");
        RunResults measured = new RunResults(1, true, "tiny", "local", "now", null, List.of());
        assertThat(Failures.classify(outcome(0, false, false, ""), measured, "", "3g", Duration.ofHours(1))).startsWith("the container exited");
    }

    private static KvbenchContainer.Outcome outcome(long exit, boolean oom, boolean timedOut, String logs) {
        return new KvbenchContainer.Outcome(exit, oom, timedOut, logs, Duration.ofSeconds(1));
    }
}
