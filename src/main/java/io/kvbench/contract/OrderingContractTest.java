package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For ordered engines: full iteration and range scans over random binary keys equal a TreeMap with the unsigned
 * lexicographic comparator. Bounds are drawn both from stored keys and from keys that are not stored, including
 * prefixes and 0xFF runs, because range-bound handling is where engines and adapters go wrong (LMDB is the known trap).
 */
class OrderingContractTest extends ContractTestBase {

    private static final String ENGINES = "io.kvbench.contract.EngineSource#engines";
    private static final int KEYS = 10_000;
    private static final int RANGES = 300;

    @ParameterizedTest(name = "[{0}] full iteration and range scans match unsigned byte order over 10k random keys")
    @MethodSource(ENGINES)
    void iterationAndRangesMatchModel(KvEngine engine) {
        assumeCapability(engine.capabilities().ordered(), engine, "engine is not ordered: ordering does not apply");
        Random random = new Random(20261121L);
        int maxKeyLen = Math.min(24, engine.capabilities().maxKeyBytes());
        TreeMap<byte[], byte[]> model = Bytes.unsignedTreeMap();
        while (model.size() < KEYS) model.put(Bytes.randomKey(random, maxKeyLen), Bytes.randomValue(random, 16));

        KvStore store = open(engine);
        model.forEach(store::put);

        List<byte[]> storedKeys = new ArrayList<>();
        store.scan(null, null, (k, v) -> storedKeys.add(k.clone()) || true);
        assertThat(storedKeys).as("full iteration").hasSize(KEYS);
        assertThat(storedKeys).usingElementComparator(java.util.Arrays::compareUnsigned)
                .containsExactlyElementsOf(model.keySet());
        assertThat(firstDifference(model, contents(store))).as("full contents").isNull();

        List<byte[]> modelKeys = new ArrayList<>(model.keySet());
        if (!engine.capabilities().rangeScans()) return;
        for (int i = 0; i < RANGES; i++) {
            byte[] from = bound(random, modelKeys, maxKeyLen);
            byte[] to = bound(random, modelKeys, maxKeyLen);
            if (from != null && to != null && java.util.Arrays.compareUnsigned(from, to) > 0) {
                byte[] t = from;
                from = to;
                to = t;
            }
            assertRange(store, model, from, to);
        }
        // Bounds at the extremes.
        assertRange(store, model, new byte[] {0}, new byte[] {(byte) 0xFF});
        assertRange(store, model, new byte[] {(byte) 0xFF}, null);
        assertRange(store, model, null, new byte[] {0, 0});
        assertRange(store, model, new byte[] {(byte) 0x80}, new byte[] {(byte) 0x80, 0}); // exactly one possible key
        byte[] k = modelKeys.get(KEYS / 2);
        assertRange(store, model, k, k); // empty: from == to
    }

    @ParameterizedTest(name = "[{0}] a scan stops when the visitor says so")
    @MethodSource(ENGINES)
    void scanStopsEarly(KvEngine engine) {
        assumeCapability(engine.capabilities().scans(), engine, "engine cannot iterate its entries");
        KvStore store = open(engine);
        for (int i = 0; i < 100; i++) store.put(Bytes.utf8(String.format("key-%03d", i)), Bytes.utf8("v" + i));
        int[] visited = {0};
        store.scan(null, null, (key, value) -> ++visited[0] < 10);
        assertThat(visited[0]).isEqualTo(10);
        if (engine.capabilities().rangeScans()) {
            List<String> seen = new ArrayList<>();
            store.scan(Bytes.utf8("key-050"), null, (key, value) -> {
                seen.add(new String(key, java.nio.charset.StandardCharsets.UTF_8));
                return seen.size() < 3;
            });
            assertThat(seen).containsExactly("key-050", "key-051", "key-052");
        }
    }

    private static byte[] bound(Random random, List<byte[]> keys, int maxKeyLen) {
        return switch (random.nextInt(6)) {
            case 0 -> null;
            case 1, 2 -> keys.get(random.nextInt(keys.size())).clone();       // a stored key
            case 3 -> {                                                        // a stored key's prefix
                byte[] key = keys.get(random.nextInt(keys.size()));
                yield java.util.Arrays.copyOf(key, Math.max(1, key.length - 1));
            }
            case 4 -> {                                                        // a stored key extended by 0x00 or 0xFF
                byte[] key = keys.get(random.nextInt(keys.size()));
                byte[] longer = java.util.Arrays.copyOf(key, Math.min(key.length + 1, Math.max(key.length, maxKeyLen)));
                if (longer.length > key.length) longer[key.length] = random.nextBoolean() ? 0 : (byte) 0xFF;
                yield longer;
            }
            default -> Bytes.randomKey(random, maxKeyLen);                    // anything
        };
    }

    private static void assertRange(KvStore store, NavigableMap<byte[], byte[]> model, byte[] from, byte[] to) {
        NavigableMap<byte[], byte[]> expected = from == null && to == null ? model
                : from == null ? model.headMap(to, false)
                : to == null ? model.tailMap(from, true)
                : java.util.Arrays.compareUnsigned(from, to) >= 0 ? Bytes.unsignedTreeMap()
                : model.subMap(from, true, to, false);
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        store.scan(from, to, (k, v) -> {
            keys.add(k.clone());
            values.add(v.clone());
            return true;
        });
        String range = "[" + Bytes.hex(from) + ", " + Bytes.hex(to) + ")";
        assertThat(keys).as("keys of range %s", range).usingElementComparator(java.util.Arrays::compareUnsigned)
                .containsExactlyElementsOf(expected.keySet());
        int i = 0;
        for (Map.Entry<byte[], byte[]> e : expected.entrySet()) {
            assertThat(values.get(i++)).as("value of %s in range %s", Bytes.hex(e.getKey()), range)
                    .isEqualTo(e.getValue());
        }
    }
}
