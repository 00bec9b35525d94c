package io.kvbench.run;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Measures what one Blackhole.consumeCPU token costs where a runner runs benchmarks (same cores, same benchmark JVM
 * flags), so that an injected slowdown can be sized as a share of an operation's cost.
 */
@FunctionalInterface
public interface TokenCostMeter {

    /** Measures; {@code workDir} receives the measurement's files. */
    TokenCost measure(Path workDir) throws IOException, InterruptedException;
}
