package io.kvbench.bench;

import io.kvbench.result.MetricNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;

/**
 * Adds kvbench's secondary metrics to every JMH measurement iteration: latency percentiles, disk bytes, CPU %, heap
 * allocation per operation and garbage collections, peak RSS, native memory, device bytes written and write
 * amplification. Runs inside the benchmark JVM; JMH calls it after the
 * iteration's @TearDown methods, so the benchmark has already published what it measured into
 * {@link IterationMetrics}. CPU %, allocation, collections, device bytes written and write amplification cover the
 * timed region only, as the benchmarks mark it in {@link IterationMetrics}: JMH's profiler hooks, its GC profiler's
 * among them, would also count iteration setup and teardown (reopening a store, the teardown's flush).
 * Use with {@code -prof io.kvbench.bench.KvMetricsProfiler} when running JMH by hand.
 */
public final class KvMetricsProfiler implements InternalProfiler {

    @Override
    public String getDescription() {
        return "kvbench secondary metrics: latency percentiles, disk, CPU (process %, benchmark thread per operation), "
                + "allocation per operation, collections, memory, device writes";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        IterationMetrics.reset();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        IterationMetrics.Snapshot snapshot = IterationMetrics.snapshot();
        if (iterationParams.getType() != IterationType.MEASUREMENT) return List.of();
        IterationMetrics.TimedRegion timed = snapshot.timed();

        List<Result> results = new ArrayList<>();
        Histogram latencies = snapshot.latencies();
        if (latencies.getTotalCount() > 0) {
            results.add(ns(MetricNames.LATENCY_P50, latencies.getValueAtPercentile(50)));
            results.add(ns(MetricNames.LATENCY_P95, latencies.getValueAtPercentile(95)));
            results.add(ns(MetricNames.LATENCY_P99, latencies.getValueAtPercentile(99)));
            results.add(ns(MetricNames.LATENCY_P999, latencies.getValueAtPercentile(99.9)));
            results.add(ns(MetricNames.LATENCY_P9999, latencies.getValueAtPercentile(99.99)));
        }
        if (snapshot.diskBytes() >= 0) results.add(bytes(MetricNames.DISK_BYTES, snapshot.diskBytes()));
        long storeFiles = IterationMetrics.storeFiles();
        if (storeFiles >= 0) results.add(new ScalarResult(MetricNames.STORE_FILES, storeFiles, "files",
                AggregationPolicy.AVG));
        if (timed.cpuNanos() >= 0 && timed.wallNanos() > 0) {
            results.add(new ScalarResult(MetricNames.CPU_PERCENT, 100.0 * timed.cpuNanos() / timed.wallNanos(),
                    "%", AggregationPolicy.AVG));
        }
        // One benchmark thread marks both ends of the timed region, so the reading is its own CPU time; with several
        // threads the two marks may come from different threads and say nothing.
        if (benchmarkParams.getThreads() == 1 && timed.threadCpuNanos() >= 0 && snapshot.operations() > 0) {
            results.add(new ScalarResult(MetricNames.THREAD_CPU_NS_PER_OP,
                    (double) timed.threadCpuNanos() / snapshot.operations(), "ns/op", AggregationPolicy.AVG));
        }
        if (timed.allocatedBytes() >= 0 && snapshot.operations() > 0) {
            results.add(new ScalarResult(MetricNames.ALLOC_BYTES_PER_OP,
                    (double) timed.allocatedBytes() / snapshot.operations(), "B/op", AggregationPolicy.AVG));
        }
        if (timed.gcCount() >= 0) results.add(new ScalarResult(MetricNames.GC_COUNT, timed.gcCount(), "collections",
                AggregationPolicy.AVG));
        if (timed.gcMillis() >= 0) results.add(new ScalarResult(MetricNames.GC_MILLIS, timed.gcMillis(), "ms",
                AggregationPolicy.AVG));
        long peakRss = ProcessProbes.peakRssBytes();
        if (peakRss >= 0) results.add(new ScalarResult(MetricNames.RSS_PEAK_BYTES, peakRss, "B",
                AggregationPolicy.MAX));
        long rss = ProcessProbes.rssBytes();
        if (rss >= 0) {
            results.add(bytes(MetricNames.NATIVE_BYTES, Math.max(0, rss - ProcessProbes.committedHeapBytes())));
        }
        if (timed.deviceBytesWritten() >= 0) {
            long written = timed.deviceBytesWritten();
            results.add(bytes(MetricNames.IO_WRITE_BYTES, written));
            if (snapshot.logicalBytesWritten() > 0) {
                results.add(new ScalarResult(MetricNames.WRITE_AMPLIFICATION,
                        (double) written / snapshot.logicalBytesWritten(), "x", AggregationPolicy.AVG));
            }
        }
        return results;
    }

    private static ScalarResult ns(String name, double value) {
        return new ScalarResult(name, value, "ns", AggregationPolicy.AVG);
    }

    private static ScalarResult bytes(String name, double value) {
        return new ScalarResult(name, value, "B", AggregationPolicy.AVG);
    }
}
