package io.kvbench.contract;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Runs Lincheck over one open store: threads call get, put, delete (and a full scan where the store can iterate) on
 * {@value #KEYS} keys with {@value #VALUES} values, so that they collide on the same keys all the time, and Lincheck
 * checks that every history's results could come from some order of the calls that respects real time, run on a
 * {@link TreeMap} ({@link Model}).
 *
 * <p>Stress mode only: real threads on the real store. Lincheck's model checking mode explores interleavings by
 * instrumenting the bytecode of the code under test; an engine written in C (RocksDB, LMDB, LevelDB JNI) has no
 * bytecode to instrument, and the Java engines take their own locks and run their own background threads, which
 * Lincheck would have to control to make its exploration sound. So the harness lets the machine interleave the threads.
 *
 * <p>Lincheck builds an operations object ({@link PointOps}, {@link ScanOps}) by reflection for every invocation, with
 * no arguments: the store under test is handed over in a static field, set for one {@link #check} at a time. Each new
 * operations object deletes the harness's keys, so that every invocation starts from an empty store, as the model does.
 */
public final class LinearizabilityHarness {

    /** Keys k1..k3: few enough that the threads' calls meet on the same key in almost every invocation. */
    static final int KEYS = 3;
    /** Values v1..v3: a value read names the put it came from, up to the put's value. */
    static final int VALUES = 3;

    /** The shape of every scenario: 2 operations alone, then 3 threads of 3 operations at once, then 2 alone. */
    static final int BEFORE = 2;
    static final int THREADS = 3;
    static final int PER_THREAD = 3;
    static final int AFTER = 2;

    /** How much Lincheck generates and runs: {@code iterations} random scenarios, each {@code invocations} times. */
    record Settings(int iterations, int invocations) {
    }

    private static volatile KvStore current;
    private static volatile boolean ordered;

    private LinearizabilityHarness() {
    }

    /**
     * Checks {@code store}, which must be empty and must allow concurrent readers and writers; throws Lincheck's
     * {@link AssertionError} (the scenario, the results, and why no order of the calls explains them) on a violation.
     * The scan operation is included when {@code scans} (the store must be able to iterate).
     */
    static synchronized void check(KvStore store, Capabilities caps, boolean scans, Settings settings) {
        current = store;
        ordered = caps.ordered();
        try {
            new StressOptions()
                    .iterations(settings.iterations())
                    .invocationsPerIteration(settings.invocations())
                    .threads(THREADS)
                    .actorsPerThread(PER_THREAD)
                    .actorsBefore(BEFORE)
                    .actorsAfter(AFTER)
                    .sequentialSpecification(Model.class)
                    .check(scans ? ScanOps.class : PointOps.class);
        } finally {
            current = null;
        }
    }

    static byte[] key(int k) {
        return ("k" + k).getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] value(int v) {
        return ("v" + v).getBytes(StandardCharsets.US_ASCII);
    }

    /** A value as the operations report it: its text (so a torn or foreign value shows as itself), or null. */
    static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.US_ASCII);
    }

    /** Point operations on the store under test; {@link ScanOps} adds the scan. Public: Lincheck calls them. */
    @Param(name = "key", gen = IntGen.class, conf = "1:" + KEYS)
    @Param(name = "value", gen = IntGen.class, conf = "1:" + VALUES)
    public static class PointOps {
        final KvStore store = current;

        public PointOps() {
            if (store == null) throw new IllegalStateException("no store: run through LinearizabilityHarness.check");
            for (int k = 1; k <= KEYS; k++) store.delete(key(k));
        }

        @Operation
        public String get(@Param(name = "key") int k) {
            return text(store.get(key(k)));
        }

        @Operation
        public void put(@Param(name = "key") int k, @Param(name = "value") int v) {
            store.put(key(k), value(v));
        }

        @Operation
        public void delete(@Param(name = "key") int k) {
            store.delete(key(k));
        }
    }

    /** The point operations and a full scan, for stores that can iterate. */
    public static class ScanOps extends PointOps {

        /**
         * Every entry as {@code k1=v2 k3=v1}: in the store's own order where it is ordered (the model's order is
         * the same unsigned order), sorted by key where it is not, since a hash store's order is its own business.
         */
        @Operation
        public String scan() {
            List<String> entries = new ArrayList<>();
            store.scan(null, null, (k, v) -> entries.add(text(k) + "=" + text(v)));
            if (!ordered) entries.sort(null);
            return String.join(" ", entries);
        }
    }

    /** The sequential specification: the same operations on a map, one at a time. */
    public static class Model {
        private final TreeMap<String, String> map = new TreeMap<>();

        public String get(int k) {
            return map.get(text(key(k)));
        }

        public void put(int k, int v) {
            map.put(text(key(k)), text(value(v)));
        }

        public void delete(int k) {
            map.remove(text(key(k)));
        }

        public String scan() {
            List<String> entries = new ArrayList<>();
            for (Map.Entry<String, String> e : map.entrySet()) entries.add(e.getKey() + "=" + e.getValue());
            return String.join(" ", entries);
        }
    }
}
