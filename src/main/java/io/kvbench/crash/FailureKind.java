package io.kvbench.crash;

/**
 * What kind of failure a crash test met, decided where it happened (the check, the writer's ledger, the storage set-up)
 * and read by exit codes, reports and known-issue matching; the reason beside it is for people. A verdict says whether
 * the failure breaks the engine's promise; the kind says what failed. Benchmarks have kinds of their own
 * ({@link io.kvbench.result.FailureKind}: why a result holds no score); a crash result's kind is one of these.
 */
public enum FailureKind {
    /** Nothing failed. */
    NONE,
    /** The recovered state lost acknowledged writes, brought deleted keys back, held unwritten values, or no prefix. */
    DATA_LOSS,
    /** The store could not be opened again, or its recovery did not finish in time. */
    UNOPENABLE,
    /** The store opened, but reading its state failed. */
    UNREADABLE,
    /** After corruption of synced data, the engine returned wrong data without an error. */
    WRONG_DATA,
    /** An engine call failed with no fault injected, or a writer did not finish cleanly: failing, not forgetting. */
    ENGINE_FAILURE,
    /** The test could not run: no Docker, no FUSE, a mount or a scratch directory that failed. */
    INFRASTRUCTURE,
    /** Read from a crash-results.json written before kinds were recorded. */
    UNCLASSIFIED;

    /** A failure of the store itself (its data or its recovery), which the engine's promise is about. */
    public boolean breaksData() {
        return this == DATA_LOSS || this == UNOPENABLE || this == UNREADABLE || this == WRONG_DATA;
    }
}
