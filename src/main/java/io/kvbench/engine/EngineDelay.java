package io.kvbench.engine;

/**
 * A slowdown injected into the engine call itself, for measuring whether an A/B catches a slower engine (rather than
 * a slower benchmark loop): with {@code -Dkvbench.engine.delayNanos=N} every get and put through {@link KvStore},
 * {@link ReadPass} and {@link WritePass} first spins N nanoseconds on the calling thread (by {@link System#nanoTime},
 * so a spin ends up to one clock read late). The property is read once, when the class loads. Off (0, the default) the
 * check is a static final constant, which the JIT folds away: the measured path costs what it cost without it
 * ({@code kvbench overhead --engine-delay-nanos N} measures both).
 */
public final class EngineDelay {

    /** The system property that sets the delay, in nanoseconds per get or put. */
    public static final String PROPERTY = "kvbench.engine.delayNanos";

    /** The largest delay accepted: beyond it a typo, not a slowdown. */
    public static final long MAX_NANOS = 1_000_000;

    private static final long NANOS = Math.max(0, Math.min(MAX_NANOS, Long.getLong(PROPERTY, 0)));

    private EngineDelay() {
    }

    /** The delay this JVM adds per get or put, in nanoseconds (0: none). */
    public static long nanos() {
        return NANOS;
    }

    /** Called at the start of every get and put. */
    static void apply() {
        if (NANOS > 0) spin(NANOS);
    }

    static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            // busy: the delay is CPU time on the benchmark's core, as slower engine code would be
        }
    }
}
