package io.kvbench.bench;

import org.HdrHistogram.Histogram;

/**
 * What benchmark threads report about the current iteration of this JVM, read by {@link KvMetricsProfiler} when the
 * iteration ends. Threads publish once per iteration (in @TearDown), never per operation, so the synchronization here
 * costs nothing measurable.
 */
public final class IterationMetrics {

    private static final Histogram LATENCIES = new Histogram(LatencySampler.HIGHEST_NS, 3);
    private static long logicalBytesWritten;
    private static long diskBytes = -1;

    private IterationMetrics() {
    }

    static synchronized void reset() {
        LATENCIES.reset();
        logicalBytesWritten = 0;
        diskBytes = -1;
    }

    static synchronized void addLatencies(Histogram histogram) {
        LATENCIES.add(histogram);
    }

    /** Key and value bytes the workload asked the engine to write during the iteration. */
    static synchronized void addLogicalBytesWritten(long bytes) {
        logicalBytesWritten += bytes;
    }

    /** The store directory's allocated size after the iteration's writes were flushed. */
    static synchronized void setDiskBytes(long bytes) {
        diskBytes = bytes;
    }

    static synchronized Snapshot snapshot() {
        return new Snapshot(LATENCIES.copy(), logicalBytesWritten, diskBytes);
    }

    record Snapshot(Histogram latencies, long logicalBytesWritten, long diskBytes) {
    }
}
