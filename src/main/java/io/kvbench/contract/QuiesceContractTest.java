package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * quiesce() finishes background work without changing what the store holds: every engine keeps its entries through it
 * (and through a reopen after it), stays writable, and refuses it once closed. For RocksDB, which has the most
 * background work, it also makes the physical state repeatable: two identical loads quiesce to the same table files;
 * for the append-only engines (Xodus, MVStore) it reclaims what a load's commits left dead.
 */
class QuiesceContractTest extends ContractTestBase {

    @ParameterizedTest(name = "[{0}] quiesce keeps every entry, twice, and across a reopen")
    @MethodSource("io.kvbench.contract.EngineSource#engines")
    void quiesceChangesNoEntry(KvEngine engine) {
        Random random = new Random(11);
        KvStore store = open(engine);
        List<byte[]> deleted = new ArrayList<>();
        TreeMap<byte[], byte[]> model = putRandomEntries(store, engine, random, 5_000);
        if (!engine.capabilities().writeOnce()) {
            for (byte[] key : model.keySet().stream().limit(500).toList()) {
                store.delete(key);
                model.remove(key);
                deleted.add(key);
            }
        }
        store.quiesce();
        store.quiesce();
        if (!engine.capabilities().writeOnce()) {
            assertThat(differenceFromModel(store, engine.capabilities(), model, deleted)).as("contents after quiesce")
                    .isNull();
            byte[] extra = Bytes.utf8("written-after-quiesce");
            store.put(extra, Bytes.utf8("yes"));
            model.put(extra, Bytes.utf8("yes"));
        }
        store = reopen(engine, store);
        assertThat(differenceFromModel(store, engine.capabilities(), model, deleted))
                .as("contents after quiesce and reopen").isNull();
        store.close();
        KvStore closed = store;
        assertThatThrownBy(closed::quiesce).isInstanceOf(KvException.class).hasMessageContaining(engine.id());
    }

    @ParameterizedTest(name = "[{0}] identical loads quiesce to the same table files", allowZeroInvocations = true)
    @MethodSource("rocksdb")
    void rocksDbQuiescesIdenticalLoadsToTheSameTableFiles(KvEngine rocksdb) throws IOException {
        List<List<Long>> tables = new ArrayList<>();
        for (String name : List.of("a", "b")) {
            Path dir = tempDir.resolve(name);
            KvStore store = open(rocksdb, dir);
            byte[] value = new byte[1000];
            // 60 MB, under the default 64 MB write buffer: without quiesce it all stays in the memtable and its log
            for (int i = 0; i < 60_000; i++) {
                new Random(i).nextBytes(value);
                store.put(String.format("key-%08d", (i * 7919L) % 60_000).getBytes(), value);
            }
            store.quiesce();
            store.close();
            assertThat(sizes(dir, ".log").stream().mapToLong(Long::longValue).sum())
                    .as("write-ahead log bytes left after quiesce")
                    .isLessThan(1 << 20);
            tables.add(sizes(dir, ".sst"));
        }
        assertThat(tables.get(0)).as("table files after quiesce, one load").isNotEmpty();
        assertThat(tables.get(1)).as("the same load again").isEqualTo(tables.get(0));
    }

    /**
     * Xodus and MVStore are append-only: a load in random order rewrites tree pages again and again, and what each
     * commit (Xodus: each put, MVStore: each auto-commit) replaced stays in the log files or chunks until a background
     * thread reclaims it, during whatever runs then. Quiesce reclaims it now, so that a benchmark measures the live
     * data, not the load's leftovers.
     */
    @ParameterizedTest(name = "[{0}] quiesce reclaims what a random-order load left dead", allowZeroInvocations = true)
    @MethodSource("appendOnly")
    void appendOnlyEnginesReclaimWhatALoadLeftDead(KvEngine engine) throws IOException {
        Path dir = tempDir.resolve(engine.id());
        KvStore store = open(engine, dir);
        int records = 20_000;
        int[] order = new Random(5).ints(0, records).distinct().limit(records).toArray();
        byte[] value = new byte[200];
        for (int n = 0; n < records; n++) {
            Arrays.fill(value, (byte) order[n]);
            store.put(String.format("key-%08d", order[n]).getBytes(), value);
            if (n % 1000 == 999) store.flush(); // one MVStore chunk per thousand puts, as its auto-commit writes them
        }
        long before = bytes(dir);
        store.quiesce();
        store.close();
        long after = bytes(dir);
        assertThat(after).as("store bytes after quiesce, against %,d before", before).isLessThan(before * 2 / 3);
        store = open(engine, dir);
        assertThat(store.get(String.format("key-%08d", order[records - 1]).getBytes())).as("the last write")
                .isEqualTo(value);
        store.close();
    }

    private static long bytes(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    /** The sizes of a directory's files with this suffix, sorted. */
    private static List<Long> sizes(Path dir, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).map(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).sorted().toList();
        }
    }

    /** RocksDB, when it is among the engines under test. */
    static Stream<Named<KvEngine>> rocksdb() {
        return EngineSource.among("rocksdb");
    }

    /** The append-only engines among the engines under test. */
    static Stream<Named<KvEngine>> appendOnly() {
        return EngineSource.among("xodus-btree", "xodus-patricia", "h2-mvstore");
    }
}
