package io.kvbench.result;

import java.util.EnumSet;
import java.util.Set;

/**
 * The outcome of one judged thing: a benchmark compared with its baseline or in an A/B, or an engine's crash test under
 * one fault. Benchmarks use {@link #OF_BENCHMARKS}, crash tests {@link #OF_CRASH_TESTS}; which verdict fails a command
 * is said here ({@link #fails()}, {@link #isError()}), and the command's exit code follows from it.
 */
public enum Verdict {
    /** Within noise and tolerance of the baseline; for a crash test: every check kept the engine's declared promise. */
    PASS,
    /** Significantly and materially worse than the baseline (score or disk); fails the gate. */
    REGRESSION,
    /** The engine lost, resurrected or corrupted data it promised to keep after a fault, or could not be reopened. */
    BROKEN_PROMISE,
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
    /** The engine promises nothing for this fault: what happened to its data is reported, nothing fails. */
    INFORMATION,
    /**
     * The benchmark failed in this run, or the crash test could not run or the engine failed outside durability:
     * infrastructure or engine trouble, never a pass.
     */
    ERROR,
    /**
     * The benchmark failed with an engine bug kvbench has recorded (known-issues.json, with its upstream reference):
     * reported, never a pass, but it does not fail the gate, which fails only on what is new. A crash test's broken
     * promise recorded that way is one too.
     */
    KNOWN_ISSUE;

    /** The verdicts a benchmark's comparison or A/B gives. */
    public static final Set<Verdict> OF_BENCHMARKS =
            EnumSet.of(PASS, REGRESSION, IMPROVEMENT, NEW, NOT_COMPARED, MISSING, ERROR, KNOWN_ISSUE);

    /** The verdicts a crash test gives. */
    public static final Set<Verdict> OF_CRASH_TESTS = EnumSet.of(PASS, BROKEN_PROMISE, KNOWN_ISSUE, INFORMATION, ERROR);

    /** Something got worse or broke a promise: the command that judged it fails (exit 1), whatever else happened. */
    public boolean fails() {
        return this == REGRESSION || this == BROKEN_PROMISE;
    }

    /** Nothing could be judged because the run failed; never a pass. */
    public boolean isError() {
        return this == ERROR;
    }
}
