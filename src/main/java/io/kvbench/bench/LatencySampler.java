package io.kvbench.bench;

import org.HdrHistogram.Histogram;

/**
 * Per-thread latency sampling: every {@link #SAMPLE_EVERY}-th operation is timed with System.nanoTime() and recorded
 * in an HdrHistogram (recording allocates nothing). Timing one op in 64 spreads the cost of the two clock reads over
 * 64 operations, while an iteration of a second still yields thousands of samples.
 */
public final class LatencySampler {

    /** A power of two: the sampling test is a mask. */
    public static final int SAMPLE_EVERY = 64;
    /** Longest latency recorded (one minute); longer ones are clamped to it. */
    static final long HIGHEST_NS = 60_000_000_000L;

    private final Histogram histogram = new Histogram(HIGHEST_NS, 3);
    private long count;

    /** True when the caller should time the next operation. */
    public boolean shouldSample() {
        return (count++ & (SAMPLE_EVERY - 1)) == 0;
    }

    public void record(long nanos) {
        histogram.recordValue(Math.min(Math.max(nanos, 0), HIGHEST_NS));
    }

    /** Hands this iteration's samples to the iteration's metrics and starts afresh. */
    public void publish() {
        IterationMetrics.addLatencies(histogram);
        histogram.reset();
    }
}
