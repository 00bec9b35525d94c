package io.kvbench.history;

import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.HistoryFixtures.commit;
import static io.kvbench.fixtures.HistoryFixtures.night;
import static io.kvbench.fixtures.HistoryFixtures.onClass;
import static io.kvbench.fixtures.HistoryFixtures.result;
import static io.kvbench.fixtures.HistoryFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryStoreTest {

    @TempDir
    Path tmp;

    private static final BenchmarkKey ROCKSDB = new BenchmarkKey("rocksdb", "ycsb-c");

    @Test
    void appendingTheSameNightTwiceKeepsOneLine() throws Exception {
        HistoryStore store = new HistoryStore(tmp);
        RunResults first = run(night(0), result("rocksdb", "ycsb-c", "cpu-a-1c", 1, 1000));
        store.append(first, night(0), commit(0));
        store.append(first, night(0), commit(0));
        store.append(run(night(1), result("rocksdb", "ycsb-c", "cpu-a-1c", 2, 1010)), night(1), commit(1));

        Path file = tmp.resolve(PROFILE).resolve("cpu-a-1c").resolve("rocksdb").resolve("ycsb-c.jsonl");
        assertThat(Files.readAllLines(file)).hasSize(2).allSatisfy(line -> assertThat(line).startsWith("{\"time\":"));
        List<Night> nights = store.read(PROFILE, "cpu-a-1c", ROCKSDB);
        assertThat(nights).extracting(Night::commit).containsExactly(commit(0), commit(1));
        assertThat(nights.get(0).result().samples()).hasSize(10);
        assertThat(nights.get(0).result().context().parameters()).containsEntry("forks", "2");
        assertThat(tmp.resolve(PROFILE).resolve("cpu-a-1c").resolve("rocksdb")).isDirectoryNotContaining("glob:**.tmp");
    }

    @Test
    void aNightAppendedLateIsFiledInTimeOrder() throws Exception {
        HistoryStore store = new HistoryStore(tmp);
        store.append(run(night(2), result("rocksdb", "ycsb-c", "cpu-a-1c", 1, 1000)), night(2), commit(2));
        store.append(run(night(1), result("rocksdb", "ycsb-c", "cpu-a-1c", 2, 1000)), night(1), commit(1));
        assertThat(store.read(PROFILE, "cpu-a-1c", ROCKSDB)).extracting(Night::commit)
                .containsExactly(commit(1), commit(2));
    }

    @Test
    void resultsOfDifferentMachineClassesGoToTheirOwnDirectories() throws Exception {
        HistoryStore store = new HistoryStore(tmp);
        // A merged run may mix classes: each result is filed under the class it measured on.
        RunResults mixed = run(night(0), result("rocksdb", "ycsb-c", "cpu-a-1c", 1, 1000),
                result("lmdb", "ycsb-c", "cpu-b-1c", 2, 5000));
        assertThat(store.append(mixed, night(0), commit(0))).isEqualTo(2);

        assertThat(store.read(PROFILE, "cpu-a-1c", ROCKSDB)).hasSize(1);
        assertThat(store.read(PROFILE, "cpu-b-1c", ROCKSDB)).isEmpty();
        assertThat(store.read(PROFILE, "cpu-b-1c", new BenchmarkKey("lmdb", "ycsb-c"))).hasSize(1);
        assertThat(store.all()).extracting(HistoryStore.Series::machineClass).containsExactly("cpu-a-1c", "cpu-b-1c");
    }

    @Test
    void failedNightsAreRecordedButAreNoScoresAndNotApplicableOnesAreSkipped() throws Exception {
        HistoryStore store = new HistoryStore(tmp);
        RunResults run = run(night(0), result("rocksdb", "ycsb-c", "cpu-a-1c", 1, 1000),
                onClass(failed("lmdb", "ycsb-c", "fork crashed"), "cpu-a-1c"),
                onClass(Fixtures.notApplicable("sparkey", "ycsb-a", "write-once"), "cpu-a-1c"));
        assertThat(store.append(run, night(0), commit(0))).isEqualTo(2);
        List<Night> lmdb = store.read(PROFILE, "cpu-a-1c", new BenchmarkKey("lmdb", "ycsb-c"));
        assertThat(lmdb).singleElement().satisfies(n -> {
            assertThat(n.result().status()).isEqualTo(Status.ERROR);
            assertThat(n.ok()).isFalse();
        });
        assertThat(store.all()).extracting(s -> s.key().engine()).containsExactly("lmdb", "rocksdb");
    }

    @Test
    void aBrokenLineNamesTheFileAndLine() throws Exception {
        HistoryStore store = new HistoryStore(tmp);
        store.append(run(night(0), result("rocksdb", "ycsb-c", "cpu-a-1c", 1, 1000)), night(0), commit(0));
        Path file = store.file(PROFILE, "cpu-a-1c", ROCKSDB);
        Files.writeString(file, Files.readString(file) + "{not json\n");
        assertThatThrownBy(() -> store.read(PROFILE, "cpu-a-1c", ROCKSDB))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ycsb-c.jsonl: field 'line 2'");
    }
}
