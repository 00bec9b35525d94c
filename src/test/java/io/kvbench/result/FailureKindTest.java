package io.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Why a result holds no measurement is a kind, always there, and consistent with its status. */
class FailureKindTest {

    private static final Path BEFORE = Path.of("src/test/resources/io/kvbench/written-before");

    @Test
    void aFailureNeedsAKindThatIsAFailure() {
        assertThatThrownBy(() -> BenchmarkResult.failed("rocksdb", "ycsb-c", null, "boom", null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BenchmarkResult.failed("rocksdb", "ycsb-c", FailureKind.NOT_APPLICABLE, "boom", null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(BenchmarkResult.failed("rocksdb", "ycsb-c", FailureKind.TIMEOUT, "killed", null).status())
                .isEqualTo(Status.ERROR);
        assertThat(BenchmarkResult.notApplicable("sparkey", "ycsb-a", "write-once", null).kind())
                .isEqualTo(FailureKind.NOT_APPLICABLE);
    }

    @Test
    void aStatusAndAKindThatDisagreeAreRefused() {
        assertThatThrownBy(() -> new BenchmarkResult("e", "w", Status.OK, FailureKind.ENGINE_FAILURE, "", null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BenchmarkResult("e", "w", Status.ERROR, FailureKind.NOT_APPLICABLE, "x", null,
                null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BenchmarkResult("e", "w", Status.NOT_APPLICABLE, FailureKind.INFRASTRUCTURE, "x",
                null, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void resultsWrittenBeforeKindsReadWithTheKindTheirStatusImplies() throws IOException {
        BenchmarkResult failed = ResultsJson.read(BEFORE.resolve("results-error.json")).results().get(0);
        assertThat(failed.status()).isEqualTo(Status.ERROR);
        assertThat(failed.kind()).isEqualTo(FailureKind.UNRECORDED);
        assertThat(failed.kind().mayBeTheEngine()).isTrue();
        RunResults measured = ResultsJson.read(BEFORE.resolve("results-measured-and-not-applicable.json"));
        assertThat(measured.results()).extracting(BenchmarkResult::kind)
                .containsOnly(null, FailureKind.NOT_APPLICABLE).contains(FailureKind.NOT_APPLICABLE);
    }

    @Test
    void theKindIsWrittenAndReadBack(@TempDir Path tmp) throws IOException {
        BenchmarkResult oom = BenchmarkResult.failed("rocksdb", "ycsb-c", FailureKind.INFRASTRUCTURE,
                "infrastructure: OOM kill", null);
        RunResults run = new RunResults(RunResults.SCHEMA_VERSION, true, "smoke", "local", "now", null,
                List.of(oom));
        ResultsJson.write(tmp.resolve("results.json"), run);
        assertThat(ResultsJson.read(tmp.resolve("results.json")).results()).containsExactly(oom);
        assertThat(FailureKind.INFRASTRUCTURE.mayBeTheEngine()).isFalse();
        assertThat(FailureKind.TIMEOUT.mayBeTheEngine()).isFalse();
        assertThat(FailureKind.ENGINE_FAILURE.mayBeTheEngine()).isTrue();
    }

    /** Crash results written before the kinds were one type named "nothing failed" and "not recorded" their own way. */
    @Test
    void theNamesOfCrashResultsWrittenBeforeOneKindRead() {
        assertThat(FailureKind.of("NONE")).isNull();
        assertThat(FailureKind.of("UNCLASSIFIED")).isEqualTo(FailureKind.UNRECORDED);
        assertThat(FailureKind.of("DATA_LOSS")).isEqualTo(FailureKind.DATA_LOSS);
        assertThatThrownBy(() -> FailureKind.of("DATA_LOST")).isInstanceOf(IllegalArgumentException.class);
        assertThat(FailureKind.DATA_LOSS.breaksData()).isTrue();
        assertThat(FailureKind.ENGINE_FAILURE.breaksData()).isFalse();
        assertThat(FailureKind.DATA_LOSS.mayBeTheEngine()).as("a crash kind is matched by its own list").isFalse();
    }
}
