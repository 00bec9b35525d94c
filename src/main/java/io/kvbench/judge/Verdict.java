package io.kvbench.judge;

/** The outcome of comparing one (engine, workload) with its baseline. */
public enum Verdict {
    /** Within noise and tolerance of the baseline. */
    PASS,
    /** Significantly and materially worse than the baseline (score or disk); fails the gate. */
    REGRESSION,
    /** Significantly and materially better than the baseline; a hint to update it. */
    IMPROVEMENT,
    /** Measured, but there is no comparable baseline (new benchmark, new machine class, changed metric). */
    NEW,
    /**
     * Measured, but this machine class has no throughput baselines at all (a hosted runner of another CPU model, a new
     * machine): the score was not compared. Disk size, which does not depend on the machine, was still judged where a
     * disk baseline exists; a disk regression makes the row a REGRESSION instead.
     */
    NOT_COMPARED,
    /** A baseline exists, but the run has no measurement for it. */
    MISSING,
    /** The benchmark failed in this run: infrastructure or engine trouble, never a pass. */
    ERROR,
    /**
     * The benchmark failed with an engine bug kvbench has recorded (known-issues.json, with its upstream reference):
     * reported, never a pass, but it does not fail the gate, which fails only on what is new.
     */
    KNOWN_ISSUE
}
