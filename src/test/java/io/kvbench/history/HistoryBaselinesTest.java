package io.kvbench.history;

import io.kvbench.fixtures.HistoryFixtures;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.HistoryFixtures.commit;
import static io.kvbench.fixtures.HistoryFixtures.night;
import static io.kvbench.fixtures.HistoryFixtures.onClass;
import static io.kvbench.fixtures.HistoryFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.judge.ForkSamples;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryBaselinesTest {

    @TempDir
    Path tmp;

    private static final BenchmarkKey ROCKSDB = new BenchmarkKey("rocksdb", "ycsb-c");

    @Test
    void poolsTheNewestNOkNights() throws Exception {
        HistoryStore store = new HistoryStore(tmp);
        HistoryFixtures.nights(store, "cpu-a-1c", 4, 2000);
        // Four older nights at 2000, then 5 at 1000 and a failed night in between: only the newest 5 OK ones count.
        for (int i = 4; i < 9; i++) {
            store.append(run(night(i), HistoryFixtures.result("rocksdb", "ycsb-c", "cpu-a-1c", i, 1000)), night(i),
                    commit(i));
        }
        store.append(run(night(6).replace("02:00", "03:00"), onClass(failed("rocksdb", "ycsb-c", "crash"), "cpu-a-1c")),
                night(6).replace("02:00", "03:00"), "failedsha");

        BaselineSet set = HistoryBaselines.load(tmp, PROFILE, "cpu-a-1c", 5);
        Baseline b = set.get(ROCKSDB);
        assertThat(b.samples()).hasSize(50);
        assertThat(ForkSamples.forkCount(b.context())).isEqualTo(10);
        assertThat(b.score()).isBetween(970.0, 1030.0);
        assertThat(b.machineClass()).isEqualTo("cpu-a-1c");
        assertThat(b.reason()).contains("pooled from 5 nights").contains(commit(8).substring(0, 10));
        assertThat(set.exists()).isTrue();
        assertThat(set.unjudged()).isEmpty();

        assertThat(HistoryBaselines.load(tmp, PROFILE, "cpu-a-1c", 9).get(ROCKSDB).samples()).hasSize(90);
    }

    @Test
    void fewerThanThreeNightsGiveNoBaselineButTheReason() throws Exception {
        HistoryFixtures.nights(new HistoryStore(tmp), "cpu-a-1c", 2, 1000);
        BaselineSet set = HistoryBaselines.load(tmp, PROFILE, "cpu-a-1c", 5);
        assertThat(set.get(ROCKSDB)).isNull();
        assertThat(set.unjudged()).containsEntry(ROCKSDB, "history has 2 nights of class cpu-a-1c; the gate needs 3");
    }

    @Test
    void aClassTheHistoryHasNotSeenIsAbsent() throws Exception {
        HistoryFixtures.nights(new HistoryStore(tmp), "cpu-a-1c", 5, 1000);
        BaselineSet other = HistoryBaselines.load(tmp, PROFILE, "cpu-b-4c", 5);
        assertThat(other.exists()).isFalse();
        assertThat(other.baselines()).isEmpty();
        assertThatThrownBy(() -> HistoryBaselines.source(tmp, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--nights must be >= 3");
    }
}
