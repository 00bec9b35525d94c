package io.kvbench.baseline;

import io.kvbench.fixtures.Fixtures;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import org.junit.jupiter.api.Test;

/**
 * A known issue is an engine's bug: only a failure whose kind says the engine may be at fault can be one, whatever its
 * text. A full disk whose message happens to name a missing table file stays the machine's failure.
 */
class KnownIssueKindTest {

    // The failure leveldb-java x ycsb-a ends with when a read races a compaction (dain/leveldb#78).
    private static final String RACE =
            "java.io.FileNotFoundException: /data/store/000123.sst (No such file or directory)";

    @Test
    void onlyAFailureThatMayBeTheEnginesIsAKnownIssue() {
        assertThat(KnownIssues.of(failed(FailureKind.ENGINE_FAILURE))).isPresent();
        assertThat(KnownIssues.of(failed(FailureKind.UNRECORDED))).as("results written before kinds").isPresent();
        assertThat(KnownIssues.of(failed(FailureKind.INFRASTRUCTURE))).isEmpty();
        assertThat(KnownIssues.of(failed(FailureKind.TIMEOUT))).isEmpty();
        assertThat(KnownIssues.of(failed(FailureKind.INTERRUPTED))).isEmpty();
    }

    private static BenchmarkResult failed(FailureKind kind) {
        return BenchmarkResult.failed("leveldb-java", "ycsb-a", kind, RACE, Fixtures.context(Fixtures.PROFILE,
                Fixtures.MACHINE_CLASS));
    }
}
