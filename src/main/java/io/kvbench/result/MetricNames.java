package io.kvbench.result;

/** Names and units of the secondary metrics recorded with every result (keys of {@link BenchmarkResult#secondary()}).
 * */
public final class MetricNames {

    /** Latency percentiles of single operations, sampled with HdrHistogram; unit "ns". */
    public static final String LATENCY_P50 = "latency.p50";
    public static final String LATENCY_P95 = "latency.p95";
    public static final String LATENCY_P99 = "latency.p99";
    public static final String LATENCY_P999 = "latency.p99.9";
    public static final String LATENCY_P9999 = "latency.p99.99";
    /** Space the store's directory occupies after flush/close, as allocated blocks (like du), unit "B". */
    public static final String DISK_BYTES = "disk.bytes";
    /**
     * Files in the store directory when the fork's measurement started, after loading and quiescing (compactions done):
     * the physical state the fork measured; unit "files".
     */
    public static final String STORE_FILES = "store.files";
    /** Process CPU time over wall time during measurement, in percent of one core (200 = two cores busy); unit "%". */
    public static final String CPU_PERCENT = "cpu.percent";
    /**
     * CPU time of the benchmark thread per operation (per record, for a pass) over the timed region, single-threaded
     * workloads only; unit "ns/op". Immune to the thread being descheduled by neighbours, blind to time spent waiting
     * (fsync, page faults served by the disk, locks) and to work of the engine's background threads.
     */
    public static final String THREAD_CPU_NS_PER_OP = "cpu.thread.ns.op";
    /**
     * Heap bytes the benchmark JVM's threads allocated per operation (per record, for a pass) over the timed region:
     * what an engine allocates for a get or a put, which does not depend on the CPU; unit "B/op". Threads of the
     * engine that ended within the region are not counted.
     */
    public static final String ALLOC_BYTES_PER_OP = "alloc.bytes.op";
    /** Garbage collections over the timed region, unit "collections". */
    public static final String GC_COUNT = "gc.count";
    /** Time the collectors spent over the timed region, unit "ms". */
    public static final String GC_MILLIS = "gc.ms";
    /** Peak resident set size of the benchmark JVM (VmHWM), unit "B". */
    public static final String RSS_PEAK_BYTES = "rss.peak.bytes";
    /** Resident memory outside the Java heap (RSS minus committed heap), unit "B". */
    public static final String NATIVE_BYTES = "native.bytes";
    /** Bytes the process caused to be sent to the storage device (/proc/self/io write_bytes), unit "B". */
    public static final String IO_WRITE_BYTES = "io.write.bytes";
    /** Device bytes written divided by the logical bytes the workload wrote (keys + values); unit "x". */
    public static final String WRITE_AMPLIFICATION = "write.amplification";
    /**
     * Calls that force data to the device (fsync, fdatasync, msync, sync_file_range, syncfs, sync), by any thread of
     * the JVM (the engine's background threads among them), per record of a fixed-work write pass, opening and closing
     * the store included: what an engine's durability costs, which does not depend on the CPU. Counted by strace in a
     * pass of its own after the benchmark, so the timed region is not traced; unit "syncs/op".
     */
    public static final String SYNCS_PER_OP = "syncs.op";

    private MetricNames() {
    }
}
