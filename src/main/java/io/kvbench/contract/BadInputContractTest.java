package io.kvbench.contract;

import static io.kvbench.contract.Bytes.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad calls fail with a KvException that names the engine and the rule broken; never a JVM crash, a raw engine
 * exception, or a silently truncated key or value. The declared size limits are also checked from the other side: a key
 * and a value exactly at the limit are stored and read back whole.
 */
class BadInputContractTest extends ContractTestBase {

    private static final String ENGINES = "io.kvbench.contract.EngineSource#engines";
    /** Limits above this are not probed by allocating a key or value just over them. */
    private static final int PROBE_LIMIT = 64 << 20;

    @ParameterizedTest(name = "[{0}] null keys and values are refused")
    @MethodSource(ENGINES)
    void nulls(KvEngine engine) {
        KvStore store = open(engine);
        expect(engine, "null key", () -> store.put(null, utf8("v")));
        expect(engine, "null value", () -> store.put(utf8("k"), null));
        expect(engine, "empty key", () -> store.put(new byte[0], utf8("v")));
        expect(engine, "null key", () -> store.delete(null));
        expect(engine, "null key", () -> store.get(null));
        expect(engine, "null scan visitor", () -> store.scan(null, null, null));
    }

    @ParameterizedTest(name = "[{0}] a key over the declared limit is refused, one at the limit is kept whole")
    @MethodSource(ENGINES)
    void keyLimit(KvEngine engine) {
        int limit = engine.capabilities().maxKeyBytes();
        assumeCapability(limit < PROBE_LIMIT, engine, "key limit " + limit + " bytes is too large to probe in a test");
        KvStore store = open(engine);
        byte[] atLimit = new byte[limit];
        java.util.Arrays.fill(atLimit, (byte) 0xAB);
        byte[] overLimit = new byte[limit + 1];
        expect(engine, "key too long: " + (limit + 1) + " bytes, limit " + limit,
                () -> store.put(overLimit, utf8("v")));
        store.put(atLimit, utf8("at-limit"));
        assertThat(store.get(atLimit)).isEqualTo(utf8("at-limit"));
        if (limit > 1) {
            assertThat(store.get(java.util.Arrays.copyOf(atLimit, limit - 1)))
                    .as("a shorter key must not match (no truncation)").isNull();
        }
    }

    @ParameterizedTest(name = "[{0}] a value over the declared limit is refused, one at the limit is kept whole")
    @MethodSource(ENGINES)
    void valueLimit(KvEngine engine) {
        int limit = engine.capabilities().maxValueBytes();
        assumeCapability(limit < PROBE_LIMIT, engine, "value limit " + limit
                + " bytes is too large to probe in a test");
        KvStore store = open(engine);
        byte[] atLimit = new byte[limit];
        java.util.Arrays.fill(atLimit, (byte) 0x5A);
        expect(engine, "value too long: " + (limit + 1) + " bytes, limit " + limit,
                () -> store.put(utf8("k"), new byte[limit + 1]));
        store.put(utf8("k"), atLimit);
        assertThat(store.get(utf8("k"))).isEqualTo(atLimit);
    }

    @ParameterizedTest(name = "[{0}] every operation after close is refused")
    @MethodSource(ENGINES)
    void useAfterClose(KvEngine engine) {
        KvStore store = open(engine);
        store.put(utf8("k"), utf8("v"));
        store.close();
        store.close(); // idempotent
        String rule = "store is closed";
        expect(engine, rule, () -> store.put(utf8("k"), utf8("v")));
        expect(engine, rule, () -> store.get(utf8("k")));
        expect(engine, rule, () -> store.get(utf8("k"), new byte[8]));
        expect(engine, rule, () -> store.delete(utf8("k")));
        expect(engine, rule, () -> store.scan(null, null, (k, v) -> true));
        expect(engine, rule, store::flush);
        assertThat(store.isClosed()).isTrue();
    }

    @ParameterizedTest(name = "[{0}] a path that is a file, or cannot be created, is refused")
    @MethodSource(ENGINES)
    void badPaths(KvEngine engine) throws Exception {
        Path file = Files.writeString(tempDir.resolve("a-file"), "not a directory");
        expect(engine, "is a file, not a directory", () -> Engines.open(engine, file, StoreOptions.DEFAULT));
        Path underFile = file.resolve("store");
        expect(engine, "cannot create directory", () -> Engines.open(engine, underFile, StoreOptions.DEFAULT));
        Path readOnly = Files.createDirectory(tempDir.resolve("read-only"));
        if (readOnly.toFile().setWritable(false, false) && !Files.isWritable(readOnly)) {
            expect(engine, "is not writable", () -> Engines.open(engine, readOnly, StoreOptions.DEFAULT));
        } // as root every directory is writable; the two cases above still cover a path the engine cannot use
        assertThat(Files.readString(file)).as("the file in the way is left untouched").isEqualTo("not a directory");
    }

    @ParameterizedTest(name = "[{0}] scans on an engine that cannot iterate are refused")
    @MethodSource(ENGINES)
    void scanWithoutIteration(KvEngine engine) {
        assumeCapability(!engine.capabilities().scans(), engine, "engine can iterate its entries");
        KvStore store = open(engine);
        store.put(utf8("k"), utf8("v"));
        expect(engine, "scans are not supported", () -> store.scan(null, null, (k, v) -> true));
    }

    @ParameterizedTest(name = "[{0}] range scans on an unordered engine are refused")
    @MethodSource(ENGINES)
    void rangeScanWithoutOrder(KvEngine engine) {
        assumeCapability(!engine.capabilities().rangeScans() && engine.capabilities().scans(), engine,
                "engine supports range scans, or no scans at all");
        KvStore store = open(engine);
        store.put(utf8("k"), utf8("v"));
        expect(engine, "range scans are not supported", () -> store.scan(utf8("a"), utf8("z"), (k, v) -> true));
    }

    @ParameterizedTest(name = "[{0}] a write-once store refuses writes once it is read")
    @MethodSource(ENGINES)
    void writeOnceSealed(KvEngine engine) {
        assumeCapability(engine.capabilities().writeOnce(), engine, "engine is not write-once");
        KvStore store = open(engine);
        store.put(utf8("k"), utf8("v"));
        assertThat(store.get(utf8("k"))).isEqualTo(utf8("v"));
        expect(engine, "write-once", () -> store.put(utf8("k2"), utf8("v2")));
        expect(engine, "write-once", () -> store.delete(utf8("k")));
        KvStore reopened = reopen(engine, store);
        expect(engine, "write-once", () -> reopened.put(utf8("k3"), utf8("v3")));
        assertThat(reopened.get(utf8("k"))).isEqualTo(utf8("v"));
    }

    private static void expect(KvEngine engine, String rule, ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(KvException.class)
                .hasMessageStartingWith("[" + engine.id() + "]")
                .hasMessageContaining(rule);
    }
}
