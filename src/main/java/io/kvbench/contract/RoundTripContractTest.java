package io.kvbench.contract;

import static io.kvbench.contract.Bytes.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Put, get, overwrite, delete and missing keys. Every check is written as a write phase followed by a read phase, so
 * that write-once engines (all writes before the first read) run the same checks as the others.
 */
class RoundTripContractTest extends ContractTestBase {

    private static final String ENGINES = "io.kvbench.contract.EngineSource#engines";

    @ParameterizedTest(name = "[{0}] put, overwrite, delete, missing key")
    @MethodSource(ENGINES)
    void putOverwriteDeleteMissing(KvEngine engine) {
        KvStore store = open(engine);
        store.put(utf8("alpha"), utf8("1"));
        store.put(utf8("beta"), utf8("2"));
        store.put(utf8("alpha"), utf8("one")); // overwrite
        store.put(utf8("gamma"), utf8("3"));
        store.delete(utf8("gamma"));
        store.delete(utf8("never-written")); // deleting an absent key is not an error

        assertThat(store.get(utf8("alpha"))).isEqualTo(utf8("one"));
        assertThat(store.get(utf8("beta"))).isEqualTo(utf8("2"));
        assertThat(store.get(utf8("gamma"))).as("deleted key").isNull();
        assertThat(store.get(utf8("missing"))).as("never written").isNull();
        assertThat(store.get(utf8("alph"))).as("prefix of a key").isNull();
        assertThat(store.get(utf8("alphaa"))).as("extension of a key").isNull();
    }

    @ParameterizedTest(name = "[{0}] read your own writes between writes")
    @MethodSource(ENGINES)
    void readYourWrites(KvEngine engine) {
        assumeCapability(!engine.capabilities().writeOnce(), engine, "write-once engine: reads come after all writes");
        KvStore store = open(engine);
        for (int i = 0; i < 200; i++) {
            byte[] key = utf8("k" + i);
            store.put(key, utf8("v" + i));
            assertThat(store.get(key)).isEqualTo(utf8("v" + i));
            store.put(key, utf8("w" + i));
            assertThat(store.get(key)).isEqualTo(utf8("w" + i));
            if (i % 3 == 0) {
                store.delete(key);
                assertThat(store.get(key)).isNull();
                store.put(key, utf8("x" + i)); // put after delete
                assertThat(store.get(key)).isEqualTo(utf8("x" + i));
            }
        }
    }

    @ParameterizedTest(name = "[{0}] binary keys with 0x00 and 0xFF bytes")
    @MethodSource(ENGINES)
    void binaryKeys(KvEngine engine) {
        Map<byte[], byte[]> entries = new LinkedHashMap<>();
        byte[][] keys = {
            {0}, {0, 0}, {0, 0, 0}, {(byte) 0xFF}, {(byte) 0xFF, (byte) 0xFF}, {0, (byte) 0xFF}, {(byte) 0xFF, 0},
            {0x7F}, {(byte) 0x80}, {1, 0}, {1}, {1, 0, 0}, {'a', 0, 'b'}, {'a', 'b'},
        };
        for (int i = 0; i < keys.length; i++) entries.put(keys[i], new byte[] {(byte) i, 0, (byte) 0xFF, (byte) i});
        KvStore store = open(engine);
        entries.forEach(store::put);
        entries.forEach((key, value) -> assertThat(store.get(key)).as("key %s", Bytes.hex(key)).isEqualTo(value));
        assertThat(store.get(new byte[] {0, 1})).isNull();
        if (engine.capabilities().scans()) assertThat(contents(store)).hasSize(keys.length);
    }

    @ParameterizedTest(name = "[{0}] empty values")
    @MethodSource(ENGINES)
    void emptyValues(KvEngine engine) {
        KvStore store = open(engine);
        store.put(utf8("empty"), new byte[0]);
        store.put(utf8("full"), utf8("x"));
        assertThat(store.get(utf8("empty"))).isNotNull().isEmpty();
        assertThat(store.get(utf8("empty"), new byte[4])).isZero();
        assertThat(store.get(utf8("nothing"))).isNull();
    }

    @ParameterizedTest(name = "[{0}] values up to 1 MiB")
    @MethodSource(ENGINES)
    void largeValues(KvEngine engine) {
        int max = Math.min(1 << 20, engine.capabilities().maxValueBytes());
        Random random = new Random(42);
        Map<byte[], byte[]> entries = new LinkedHashMap<>();
        for (int size : new int[] {1, 100, 4095, 4096, 4097, 65_536, 300_000, max}) {
            if (size > max) continue;
            byte[] value = new byte[size];
            random.nextBytes(value);
            entries.put(utf8("size-" + size), value);
        }
        KvStore store = open(engine);
        entries.forEach(store::put);
        entries.forEach((key, value) -> assertThat(store.get(key)).as("value of %d bytes", value.length)
                .isEqualTo(value));
    }

    @ParameterizedTest(name = "[{0}] get into a caller's buffer")
    @MethodSource(ENGINES)
    void getIntoBuffer(KvEngine engine) {
        KvStore store = open(engine);
        store.put(utf8("k"), utf8("hello world"));
        byte[] big = new byte[32];
        byte[] small = new byte[5];
        assertThat(store.get(utf8("k"), big)).isEqualTo(11);
        assertThat(new String(big, 0, 11, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("hello world");
        assertThat(store.get(utf8("k"), small)).as("full length is reported when the buffer is short").isEqualTo(11);
        assertThat(small).isEqualTo(utf8("hello"));
        assertThat(store.get(utf8("absent"), big)).isEqualTo(-1);
    }
}
