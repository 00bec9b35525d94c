package io.kvbench.contract;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** Opening, reopening and closing stores for a contract test, so that no test leaks an open store. */
abstract class ContractTestBase {

    @TempDir
    Path tempDir;

    private final List<KvStore> opened = new ArrayList<>();

    @AfterEach
    void closeStores() {
        for (KvStore store : opened) store.close();
        opened.clear();
    }

    KvStore open(KvEngine engine) {
        return open(engine, tempDir.resolve("store"));
    }

    KvStore open(KvEngine engine, Path dir) {
        KvStore store = Engines.open(engine, dir, StoreOptions.DEFAULT);
        opened.add(store);
        return store;
    }

    KvStore reopen(KvEngine engine, KvStore store) {
        store.close();
        return open(engine);
    }

    /** Puts {@code count} random entries (keys up to 32 bytes, values up to 200) and returns them as a model. */
    static TreeMap<byte[], byte[]> putRandomEntries(KvStore store, KvEngine engine, Random random, int count) {
        return putRandomEntries(store::put, engine, random, count);
    }

    /** As {@link #putRandomEntries(KvStore, KvEngine, Random, int)}, through any put (a write pass's, for example). */
    static TreeMap<byte[], byte[]> putRandomEntries(BiConsumer<byte[], byte[]> put, KvEngine engine, Random random,
            int count) {
        TreeMap<byte[], byte[]> model = Bytes.unsignedTreeMap();
        int maxKeyLen = Math.min(32, engine.capabilities().maxKeyBytes());
        for (int i = 0; i < count; i++) {
            byte[] key = Bytes.randomKey(random, maxKeyLen);
            byte[] value = Bytes.randomValue(random, 200);
            put.accept(key, value);
            model.put(key, value);
        }
        return model;
    }

    static void assumeCapability(boolean capable, KvEngine engine, String why) {
        assumeTrue(capable, "[" + engine.id() + "] " + why);
    }

    /** Every entry of a store, keyed by unsigned order, read with a full scan. */
    static TreeMap<byte[], byte[]> contents(KvStore store) {
        TreeMap<byte[], byte[]> all = Bytes.unsignedTreeMap();
        store.scan(null, null, (k, v) -> {
            if (all.put(k.clone(), v.clone()) != null) throw new AssertionError("scan visited key " + Bytes.hex(k)
                    + " twice");
            return true;
        });
        return all;
    }

    /**
     * Describes the first difference between a model and a store, or null when they agree. Engines that can iterate
     * are read with a full scan (which also catches entries that should not be there); engines that cannot are read
     * with a get per model key, plus a get per key in {@code mayBeAbsent} that the model does not hold.
     */
    static String differenceFromModel(KvStore store, Capabilities caps, Map<byte[], byte[]> model,
                                      Iterable<byte[]> mayBeAbsent) {
        if (caps.scans()) return firstDifference(model, contents(store));
        for (Map.Entry<byte[], byte[]> e : model.entrySet()) {
            byte[] got = store.get(e.getKey());
            if (!java.util.Arrays.equals(got, e.getValue())) {
                return "key " + Bytes.hex(e.getKey()) + ": expected " + Bytes.hex(e.getValue()) + ", got "
                        + Bytes.hex(got);
            }
        }
        TreeMap<byte[], byte[]> known = Bytes.unsignedTreeMap();
        known.putAll(model);
        for (byte[] key : mayBeAbsent) {
            if (!known.containsKey(key) && store.get(key) != null) return "unexpected key " + Bytes.hex(key);
        }
        return null;
    }

    /** Describes the first difference between a model and a store's contents, or null when they are equal. */
    static String firstDifference(Map<byte[], byte[]> expected, TreeMap<byte[], byte[]> actual) {
        TreeMap<byte[], byte[]> want = Bytes.unsignedTreeMap();
        want.putAll(expected);
        for (Map.Entry<byte[], byte[]> e : want.entrySet()) {
            byte[] got = actual.get(e.getKey());
            if (got == null) return "key " + Bytes.hex(e.getKey()) + " missing";
            if (!java.util.Arrays.equals(got, e.getValue())) {
                return "key " + Bytes.hex(e.getKey()) + ": expected " + Bytes.hex(e.getValue()) + ", got "
                        + Bytes.hex(got);
            }
        }
        for (byte[] key : actual.keySet()) {
            if (!want.containsKey(key)) return "unexpected key " + Bytes.hex(key);
        }
        return null;
    }
}
