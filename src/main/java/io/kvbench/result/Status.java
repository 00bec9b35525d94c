package io.kvbench.result;

/** How a (engine, workload) combination ended. */
public enum Status {
    /** Measured. */
    OK,
    /** Not applicable: the engine cannot run this workload (e.g. range scans on a hash engine). Never a zero. */
    NOT_APPLICABLE,
    /** The benchmark failed (engine error, crashed fork, infrastructure); the reason says which. */
    ERROR
}
