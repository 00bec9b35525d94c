package io.kvbench.bench;

import org.HdrHistogram.Histogram;

/**
 * What benchmark threads report about the current iteration of this JVM, read by {@link KvMetricsProfiler} when the
 * iteration ends. Threads publish once per iteration (in @Setup and @TearDown), never per operation, so the
 * synchronization here costs nothing measurable.
 *
 * <p>The timed region: JMH starts its profilers before {@code @Setup(Level.Iteration)} and stops them after
 * {@code @TearDown(Level.Iteration)}, so readings taken by the profiler alone would count reopening a store, the
 * teardown's flush and the forked {@code du} as the workload's CPU and device writes (on a pass of a few milliseconds,
 * mostly those). So the benchmarks mark the region: every iteration setup calls {@link #timedRegionStarts()} as its
 * last step (the last one to finish wins), and every iteration teardown calls {@link #timedRegionEnds()} as its first
 * step (the first one wins: JMH's warm-down has stopped every thread's operations by then). The profiler takes the
 * same readings at its own start and end, which stand where no setup or teardown marked the region.
 */
public final class IterationMetrics {

    private static final Histogram LATENCIES = new Histogram(LatencySampler.HIGHEST_NS, 3);
    private static long logicalBytesWritten;
    private static long operations;
    private static long diskBytes = -1;
    /** Files in the store directory when the measurement started (after loading); kept across iterations of a fork. */
    private static long storeFiles = -1;
    private static final Readings START = new Readings();
    private static final Readings END = new Readings();
    private static boolean ended;

    private IterationMetrics() {
    }

    /** A new iteration: clears what the last one published and takes the start readings. */
    static synchronized void reset() {
        LATENCIES.reset();
        logicalBytesWritten = 0;
        operations = 0;
        diskBytes = -1;
        timedRegionStarts();
    }

    /** The timed work starts now (after this iteration's setup): takes the start readings again. */
    static synchronized void timedRegionStarts() {
        START.take(false);
        ended = false;
    }

    /** The timed work has ended (this iteration's teardown begins): takes the end readings, once per iteration. */
    static synchronized void timedRegionEnds() {
        if (ended) return;
        END.take(true);
        ended = true;
    }

    static synchronized void addLatencies(Histogram histogram) {
        LATENCIES.add(histogram);
    }

    /** Operations (records of a pass) the benchmark threads completed in the iteration. */
    static synchronized void addOperations(long count) {
        operations += count;
    }

    /** Key and value bytes the workload asked the engine to write during the iteration. */
    static synchronized void addLogicalBytesWritten(long bytes) {
        logicalBytesWritten += bytes;
    }

    /** The store's file count once loaded, quiesced and reopened: the physical state the fork measures. */
    static synchronized void setStoreFiles(long files) {
        storeFiles = files;
    }

    /** The store's file count at the start of this fork's measurement, -1 if the benchmark did not load a store. */
    static synchronized long storeFiles() {
        return storeFiles;
    }

    /** The store directory's allocated size after the iteration's writes were flushed. */
    static synchronized void setDiskBytes(long bytes) {
        diskBytes = bytes;
    }

    /** What the iteration published, with the timed region's readings (ended now if no teardown ended it). */
    static synchronized Snapshot snapshot() {
        timedRegionEnds();
        TimedRegion timed = new TimedRegion(END.wallNanos - START.wallNanos, difference(START.cpuNanos, END.cpuNanos),
                difference(START.deviceBytesWritten, END.deviceBytesWritten),
                difference(START.threadCpuNanos, END.threadCpuNanos),
                difference(START.allocatedBytes, END.allocatedBytes), difference(START.gcCount, END.gcCount),
                difference(START.gcMillis, END.gcMillis));
        return new Snapshot(LATENCIES.copy(), logicalBytesWritten, diskBytes, timed, operations);
    }

    private static long difference(long start, long end) {
        return start < 0 || end < 0 ? -1 : end - start;
    }

    /**
     * What the readings at the two ends of the timed region say about it.
     *
     * @param wallNanos          wall-clock length of the timed region
     * @param cpuNanos           CPU time of the whole process over it; -1 where the JVM cannot tell
     * @param deviceBytesWritten bytes the process sent to the storage layer over it; -1 without /proc/self/io
     * @param threadCpuNanos     CPU time of the marking thread over it (meaningful with one benchmark thread, which
     *                           marks both ends); -1 where the JVM cannot tell
     * @param allocatedBytes     heap bytes the process's threads allocated over it
     *                           ({@link ProcessProbes#allocatedBytes}); -1 where the JVM cannot tell
     * @param gcCount            garbage collections over it; -1 where unknown
     * @param gcMillis           time the collectors spent over it, in ms; -1 where unknown
     */
    record TimedRegion(long wallNanos, long cpuNanos, long deviceBytesWritten, long threadCpuNanos,
                       long allocatedBytes, long gcCount, long gcMillis) {
    }

    /**
     * @param timed      the timed region's clocks and counters
     * @param operations operations the benchmark threads completed (records, for a pass)
     */
    record Snapshot(Histogram latencies, long logicalBytesWritten, long diskBytes, TimedRegion timed,
                    long operations) {
    }

    /**
     * One set of readings; mutable and reused, so that marking the region allocates nothing but the /proc read and
     * the thread-id array of the allocation reading (a few hundred bytes, against every operation of an iteration).
     */
    private static final class Readings {
        long wallNanos;
        long cpuNanos = -1;
        long deviceBytesWritten = -1;
        /** CPU time of the thread that marked the region: the benchmark thread when there is one (see the profiler). */
        long threadCpuNanos = -1;
        long allocatedBytes = -1;
        long gcCount = -1;
        long gcMillis = -1;

        /** The clocks are read nearest to the timed work: last at its start, first at its end. */
        void take(boolean atEnd) {
            if (atEnd) {
                wallNanos = System.nanoTime();
                threadCpuNanos = ProcessProbes.threadCpuNanos();
            }
            deviceBytesWritten = ProcessProbes.deviceBytesWritten();
            cpuNanos = ProcessProbes.processCpuNanos();
            gcCount = ProcessProbes.gcCount();
            gcMillis = ProcessProbes.gcMillis();
            allocatedBytes = ProcessProbes.allocatedBytes();
            if (!atEnd) {
                threadCpuNanos = ProcessProbes.threadCpuNanos();
                wallNanos = System.nanoTime();
            }
        }
    }
}
