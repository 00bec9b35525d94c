package io.kvbench.run;

import static io.kvbench.result.FailureKind.ENGINE_FAILURE;
import static io.kvbench.result.FailureKind.INFRASTRUCTURE;
import static io.kvbench.result.FailureKind.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.infra.KvbenchContainer;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Failure;
import io.kvbench.result.RunResults;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why a benchmark container gave no usable result, from how it ended alone (no Docker engine needed): the kind is
 * decided here, the reason is for people.
 */
class FailuresTest {

    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void failuresAreClassified() {
        RunResults none = null;
        assertThat(Failures.ofContainer(exit(0, true, false, ""), none, "", "3g", HOUR)).isEqualTo(new Failure(
                INFRASTRUCTURE, "infrastructure: OOM kill: a process of the container exceeded its 3g memory limit "
                + "(exit code 0)"));
        assertThat(Failures.ofContainer(exit(1, false, false, "java.io.IOException: No space left on device"), none,
                "", "3g", HOUR))
                .isEqualTo(new Failure(INFRASTRUCTURE, "infrastructure: disk full (No space left on device)"));
        assertThat(Failures.ofContainer(exit(0, false, false, ""), none, "rocksdb: IO error: No space left on device",
                "3g", HOUR).kind()).isEqualTo(INFRASTRUCTURE);
        assertThat(Failures.ofContainer(exit(137, false, true, ""), none, "", "3g", Duration.ofHours(2)))
                .isEqualTo(new Failure(TIMEOUT, "did not finish within " + Progress.format(Duration.ofHours(2))
                        + " and was killed"));
        assertThat(Failures.ofContainer(exit(1, false, false, "Error: Could not find or load main class x\n"), none,
                "", "3g", HOUR)).isEqualTo(new Failure(ENGINE_FAILURE,
                "the container exited with code 1 without results: Error: Could not find or load main class x"));
        RunResults measured = new RunResults(1, true, "tiny", "local", "now", null, List.of());
        assertThat(Failures.ofContainer(exit(0, false, false, ""), measured, "", "3g", HOUR).kind())
                .isEqualTo(ENGINE_FAILURE);
    }

    @Test
    void aMachineFailureTheContainerRecordedStaysOne() {
        BenchmarkResult full = BenchmarkResult.failed("rocksdb", "ycsb-c", INFRASTRUCTURE,
                "infrastructure: disk full (IO error: No space left on device)", null);
        RunResults inner = new RunResults(1, true, "tiny", "local", "now", null, List.of(full));
        assertThat(Failures.ofContainer(exit(0, false, false, ""), inner, "", "3g", HOUR))
                .isEqualTo(new Failure(INFRASTRUCTURE, full.reason()));
        BenchmarkResult thrown = BenchmarkResult.failed("rocksdb", "ycsb-c", ENGINE_FAILURE, "Corruption: bad block",
                null);
        assertThat(Failures.ofContainer(exit(0, false, false, ""), new RunResults(1, true, "tiny", "local", "now", null,
                List.of(thrown)), "", "3g", HOUR)).as("the engine's failure stands as the inner result").isNull();
    }

    @Test
    void anEngineErrorIsTheEnginesUnlessTheDiskIsFull() {
        assertThat(Failures.ofEngineError("Corruption: block checksum mismatch"))
                .isEqualTo(new Failure(ENGINE_FAILURE, "Corruption: block checksum mismatch"));
        assertThat(Failures.ofEngineError("IO error: No space left on device").kind()).isEqualTo(INFRASTRUCTURE);
    }

    private static KvbenchContainer.Exit exit(long code, boolean oom, boolean timedOut, String logs) {
        return new KvbenchContainer.Exit(code, oom, timedOut, logs, Duration.ofSeconds(1));
    }
}
