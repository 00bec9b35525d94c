package io.kvbench.run;

import io.kvbench.result.RunResults;

/**
 * Where benchmarks run: a local forked JVM, or a fixed-resource container. Both take the same plan and return the same
 * results, so reports, baselines and comparisons do not care which one ran.
 */
public interface BenchmarkRunner {

    /** "local" or "container", recorded in every result's context. */
    String name();

    /**
     * Runs every (engine, workload) of the plan. A combination that cannot run is recorded as NOT_APPLICABLE with the
     * reason; one that fails is recorded as ERROR with the reason; neither stops the run. After each benchmark the
     * results so far are handed to {@code checkpoint} marked incomplete, so that a run killed halfway leaves what it
     * measured, and can never be mistaken for a complete one.
     */
    RunResults run(RunPlan plan, Progress progress, Checkpoint checkpoint);

    /**
     * What one Blackhole.consumeCPU token costs where this runner runs benchmarks (same cores, same benchmark JVM
     * flags), so that an injected slowdown can be sized as a share of an operation's cost. {@code workDir} receives
     * the measurement's files.
     */
    TokenCost tokenCost(java.nio.file.Path workDir) throws java.io.IOException, InterruptedException;

    /**
     * This runner as one side of a duet: its benchmarks confined to the slot's CPUs and their iterations lined up with
     * the other side's ({@link io.kvbench.bench.DuetBarrier}); empty when this runner cannot confine its benchmarks.
     */
    default java.util.Optional<BenchmarkRunner> inDuet(DuetSlot slot) {
        return java.util.Optional.empty();
    }

    /** Receives the results so far, after each benchmark. */
    @FunctionalInterface
    interface Checkpoint {
        void save(RunResults partial) throws java.io.IOException;
    }
}
