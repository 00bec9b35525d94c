package io.kvbench.result;

/**
 * Why a benchmark holds no measurement, decided where the failure happens (the loop that finds a capability missing,
 * the runner that sees a container killed for its memory) and read by everything downstream: exit codes, verdicts,
 * reports and known-issue matching look at the kind, never at a reason's text. The reason stays, for people.
 */
public enum FailureKind {
    /** The engine cannot run the workload (a capability it lacks, e.g. range scans on a hash engine): never a zero. */
    NOT_APPLICABLE,
    /**
     * The machine failed, not the engine: no Docker or image, a full disk, a container killed for exceeding its memory
     * limit, output that could not be written. Never a regression, never an engine's known issue.
     */
    INFRASTRUCTURE,
    /**
     * The benchmark ran and failed: the engine threw, its JVM died, or it ended without a result. The only kind (with
     * {@link #UNRECORDED}) that can be an engine's known issue.
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
    /** A failure read from a results.json written before kvbench recorded kinds: only its reason says what failed. */
    UNRECORDED;

    /** Whether the engine may be what failed, so that the failure may be one of its recorded known issues. */
    public boolean mayBeTheEngine() {
        return this == ENGINE_FAILURE || this == UNRECORDED;
    }
}
