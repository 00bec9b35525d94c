package io.kvbench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What one {@link Blackhole#consumeCPU} token costs where benchmarks run (same core, same container, same JVM flags),
 * so that an injected slowdown can be sized as a share of an engine's measured cost per operation
 * ({@code kvbench calibrate}). consumeCPU is pure register arithmetic, so its cost adds to an operation's without
 * disturbing the engine's caches much.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class TokenCostBenchmark {

    /** Tokens per invocation: large enough that the call itself is noise next to the tokens. */
    public static final int TOKENS = 10_000;

    @Param("10000")
    public long tokens;

    @Benchmark
    public void consume() {
        Blackhole.consumeCPU(tokens);
    }
}
