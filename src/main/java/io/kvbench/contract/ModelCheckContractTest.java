package io.kvbench.contract;

import static org.assertj.core.api.Assertions.fail;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A seeded random sequence of puts, deletes, gets and scans, checked op by op against a TreeMap model. Because every
 * op is checked, the first op that disagrees ends the shortest failing prefix; the failure message gives the seed, that
 * prefix, and the command that replays it. {@code -Dkvbench.seed=N} replays a seed.
 */
class ModelCheckContractTest extends ContractTestBase {

    private static final String ENGINES = "io.kvbench.contract.EngineSource#engines";
    private static final int OPS = 12_000;
    private static final int KEY_POOL = 1_500;

    enum Kind { PUT, DELETE, GET, SCAN }

    record Op(Kind kind, byte[] key, byte[] value, byte[] to) {
        @Override
        public String toString() {
            return switch (kind) {
                case PUT -> "put(" + Bytes.hex(key) + ", " + Bytes.hex(value) + ")";
                case DELETE -> "delete(" + Bytes.hex(key) + ")";
                case GET -> "get(" + Bytes.hex(key) + ")";
                case SCAN -> "scan(" + Bytes.hex(key) + ", " + Bytes.hex(to) + ")";
            };
        }
    }

    @ParameterizedTest(name = "[{0}] 12k random operations agree with a TreeMap model")
    @MethodSource(ENGINES)
    void randomOperationsMatchModel(KvEngine engine) {
        long seed = Long.getLong("kvbench.seed", 0x5eed_2026L);
        List<Op> ops = generate(seed, engine.capabilities(), OPS);
        StringBuilder why = new StringBuilder();
        int failedAt = run(engine, tempDir.resolve("run"), ops, why);
        if (failedAt < 0) return;

        List<Op> prefix = ops.subList(0, failedAt + 1);
        StringBuilder replayWhy = new StringBuilder();
        boolean reproduced = run(engine, tempDir.resolve("replay"), prefix, replayWhy) == failedAt;
        StringBuilder message = new StringBuilder()
                .append('[').append(engine.id()).append("] model check failed, seed=").append(seed)
                .append(", at op #").append(failedAt).append(" of ").append(ops.size()).append(": ").append(why)
                .append("\nshortest failing prefix: ops #0..#").append(failedAt).append(" (").append(prefix.size())
                .append(" ops); replaying it in a fresh store ").append(reproduced ? "fails the same way"
                : "passed (flaky?)")
                .append("\nreplay: ").append(ContractSuite.replayCommand(engine.id(), seed))
                .append(" (or mvn test -Dtest=ContractSuiteTest -Dkvbench.engines=").append(engine.id())
                .append(" -Dkvbench.seed=").append(seed).append(')')
                .append("\nlast ops of the prefix:");
        for (int i = Math.max(0, failedAt - 15); i <= failedAt; i++) message.append("\n  #").append(i).append(' ')
                .append(ops.get(i));
        fail(message.toString());
    }

    /** The op sequence for a seed. Write-once engines get all their writes first, then only reads. */
    static List<Op> generate(long seed, Capabilities caps, int count) {
        Random random = new Random(seed);
        int maxKeyLen = Math.min(20, caps.maxKeyBytes());
        byte[][] pool = new byte[KEY_POOL][];
        for (int i = 0; i < pool.length; i++) pool[i] = Bytes.randomKey(random, maxKeyLen);
        int writesUntil = caps.writeOnce() ? count * 7 / 10 : count;
        List<Op> ops = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] key = pool[random.nextInt(pool.length)];
            int roll = random.nextInt(100);
            boolean writing = i < writesUntil;
            boolean reading = !caps.writeOnce() || !writing;
            if (writing && (!reading || roll < 45)) {
                if (random.nextInt(100) < 80) {
                    byte[] value = Bytes.randomValue(random, 64);
                    ops.add(new Op(Kind.PUT, key, value, null));
                } else {
                    ops.add(new Op(Kind.DELETE, key, null, null));
                }
            } else if (roll < 99 || !caps.scans()) {
                ops.add(new Op(Kind.GET, random.nextInt(20) == 0 ? Bytes.randomKey(random, maxKeyLen) : key, null,
                        null));
            } else if (caps.rangeScans()) {
                byte[] other = pool[random.nextInt(pool.length)];
                boolean ascending = Arrays.compareUnsigned(key, other) <= 0;
                ops.add(new Op(Kind.SCAN, ascending ? key : other, null, ascending ? other : key));
            } else {
                ops.add(new Op(Kind.SCAN, null, null, null));
            }
        }
        return ops;
    }

    /** Runs ops on a fresh store; returns the index of the first op that disagrees with the model, or -1. */
    private int run(KvEngine engine, Path dir, List<Op> ops, StringBuilder why) {
        TreeMap<byte[], byte[]> model = Bytes.unsignedTreeMap();
        KvStore store = open(engine, dir);
        try {
            for (int i = 0; i < ops.size(); i++) {
                Op op = ops.get(i);
                String problem;
                try {
                    problem = apply(store, model, op);
                } catch (RuntimeException e) {
                    problem = op + " threw " + e;
                }
                if (problem != null) {
                    why.append(problem);
                    return i;
                }
            }
            List<byte[]> written = ops.stream().filter(o -> o.kind() == Kind.PUT).map(Op::key).toList();
            String difference = differenceFromModel(store, engine.capabilities(), model, written);
            if (difference != null) {
                why.append("after all ops, the store differs from the model: ").append(difference);
                return ops.size() - 1;
            }
            return -1;
        } finally {
            store.close();
        }
    }

    private static String apply(KvStore store, TreeMap<byte[], byte[]> model, Op op) {
        switch (op.kind()) {
            case PUT -> {
                store.put(op.key(), op.value());
                model.put(op.key(), op.value());
            }
            case DELETE -> {
                store.delete(op.key());
                model.remove(op.key());
            }
            case GET -> {
                byte[] got = store.get(op.key());
                byte[] want = model.get(op.key());
                if (!Arrays.equals(got, want)) return op + " returned " + Bytes.hex(got) + ", model has "
                        + Bytes.hex(want);
            }
            case SCAN -> {
                if (op.key() == null) {
                    String difference = firstDifference(model, contents(store));
                    if (difference != null) return op + ": " + difference;
                } else {
                    return checkRange(store, model, op);
                }
            }
        }
        return null;
    }

    private static String checkRange(KvStore store, TreeMap<byte[], byte[]> model, Op op) {
        NavigableMap<byte[], byte[]> want = model.subMap(op.key(), true, op.to(), false);
        List<Map.Entry<byte[], byte[]>> got = new ArrayList<>();
        store.scan(op.key(), op.to(), (k, v) -> got.add(Map.entry(k.clone(), v.clone())) || true);
        if (got.size() != want.size()) return op + " visited " + got.size() + " entries, model has " + want.size();
        int i = 0;
        for (Map.Entry<byte[], byte[]> e : want.entrySet()) {
            Map.Entry<byte[], byte[]> g = got.get(i++);
            if (!Arrays.equals(g.getKey(), e.getKey()) || !Arrays.equals(g.getValue(), e.getValue())) {
                return op + " entry #" + (i - 1) + " is " + Bytes.hex(g.getKey()) + "=" + Bytes.hex(g.getValue())
                        + ", model has " + Bytes.hex(e.getKey()) + "=" + Bytes.hex(e.getValue());
            }
        }
        return null;
    }
}
