package io.kvbench.run;

import io.kvbench.bench.DuetBarrier;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One side's place in a duet (two configurations measured at the same time).
 *
 * @param cpuset     the CPUs this side's benchmarks run on, e.g. "0"
 * @param barrierDir a directory both sides share, where they line up their iterations ({@link
 * io.kvbench.bench.DuetBarrier})
 * @param me         this side's name, e.g. "A"
 * @param other      the other side's name
 */
public record DuetSlot(String cpuset, Path barrierDir, String me, String other) {

    /** Whether a side gave up waiting for the other at the barrier, so that the sides ran unaligned from there on. */
    public boolean abandoned() {
        return Files.exists(barrierDir.resolve(DuetBarrier.ABANDONED));
    }

    /** A slot to ask a runner whether it can be a duet's side at all. */
    public static DuetSlot probe(String cpuset) {
        return new DuetSlot(cpuset, Path.of("."), "A", "B");
    }
}
