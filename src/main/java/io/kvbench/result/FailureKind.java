package io.kvbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * What failed, for benchmarks and crash tests alike, decided where the failure happens (the loop that finds a
 * capability missing, the runner that sees a container killed for its memory, the crash check that finds a key lost)
 * and read by everything downstream: exit codes, verdicts, reports and known-issue matching look at the kind, never at
 * a reason's text. The reason stays, for people. Nothing failed: no kind (null).
 */
public enum FailureKind {
    /** The engine cannot run the workload (a capability it lacks, e.g. range scans on a hash engine): never a zero. */
    NOT_APPLICABLE,
    /**
     * The machine failed, not the engine: no Docker or image, no FUSE, a full disk, a container killed for exceeding
     * its memory limit, a mount or a scratch directory that failed, output that could not be written. Never a
     * regression, never an engine's known issue.
     */
    INFRASTRUCTURE,
    /**
     * The engine failed without its data being the question: a benchmark's engine threw, its JVM died, or it ended
     * without a result; a crash test's engine call failed with no fault injected, or a writer did not finish cleanly
     * (failing, not forgetting). With {@link #UNRECORDED} the benchmark kind that can be an engine's known issue.
     */
    ENGINE_FAILURE,
    /**
     * The adapter does not link against the engine library on the benchmark JVM's class path (another engine version or
     * jar put there with --engine-version or --engine-jar): a class, method or field it uses is missing, found where
     * the benchmark JVM starts the engine. Not the engine failing and never a regression: that side cannot be measured.
     */
    LINKAGE,
    /** The benchmark did not finish within its time limit and was killed. */
    TIMEOUT,
    /** The run was interrupted (Ctrl-C, a cancelled job) before the benchmark finished. */
    INTERRUPTED,
    /**
     * After a fault, the store lost acknowledged writes, brought deleted keys back, held unwritten values, or is no
     * prefix of the history.
     */
    DATA_LOSS,
    /** After a fault, the store could not be opened again, or its recovery did not finish in time. */
    UNOPENABLE,
    /** After a fault, the store opened, but reading its state failed. */
    UNREADABLE,
    /** After corruption of synced data, the engine returned wrong data without an error. */
    WRONG_DATA,
    /** Read from a results.json or crash-results.json written before kinds were recorded: only its reason says. */
    UNRECORDED;

    /** Whether the engine may be what failed a benchmark, so that the failure may be one of its known issues. */
    public boolean mayBeTheEngine() {
        return this == ENGINE_FAILURE || this == UNRECORDED;
    }

    /** A failure of the store itself after a fault (its data or its recovery), which a durability promise is about. */
    public boolean breaksData() {
        return this == DATA_LOSS || this == UNOPENABLE || this == UNREADABLE || this == WRONG_DATA;
    }

    /**
     * The kind a file names. Crash results written before the kinds were one type say {@code NONE} (nothing failed:
     * null) and {@code UNCLASSIFIED} (read as {@link #UNRECORDED}); any other name must be a kind.
     */
    @JsonCreator
    public static FailureKind of(String name) {
        return switch (name) {
            case "NONE" -> null;
            case "UNCLASSIFIED" -> UNRECORDED;
            default -> valueOf(name);
        };
    }
}
