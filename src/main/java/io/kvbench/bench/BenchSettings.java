package io.kvbench.bench;

import java.nio.file.Path;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Settings the runner passes to the benchmark JVM as system properties. Read once into static finals so that the JIT
 * folds them: with no slowdown configured, {@link #slowdown()} compiles to nothing.
 */
public final class BenchSettings {

    /** Where stores are created (a bind-mounted host directory in the container; never tmpfs). */
    public static final String DATA_DIR = "kvbench.dataDir";
    /**
     * Extra CPU work added to every operation (JMH Blackhole.consumeCPU tokens). Only for checking that the regression
     * gate fires on a known slowdown; never set in a real measurement.
     */
    public static final String SLOWDOWN_TOKENS = "kvbench.slowdownTokens";

    private static final long TOKENS = Long.getLong(SLOWDOWN_TOKENS, 0);

    private BenchSettings() {
    }

    static Path dataDir() {
        return Path.of(System.getProperty(DATA_DIR, Path.of(System.getProperty("java.io.tmpdir"), "kvbench-data").toString()));
    }

    /** The injected slowdown, if any: a no-op unless {@value #SLOWDOWN_TOKENS} is set. */
    static void slowdown() {
        if (TOKENS > 0) Blackhole.consumeCPU(TOKENS);
    }
}
