package io.kvbench.history;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.Fixtures.withDisk;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BaselineUpdate;
import io.kvbench.fixtures.Fixtures;
import io.kvbench.fixtures.HistoryFixtures;
import io.kvbench.judge.BaselineComparison;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.RunPooling;
import io.kvbench.judge.WelchPolicy;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Verdict;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Too few nights leave throughput not compared, but disk, whose baselines hold on every machine, is still judged. */
class HistoryDiskTest {

    @TempDir
    Path tmp;

    @Test
    void twoNightsCompareNoThroughputButJudgeDisk() throws Exception {
        Path baselines = tmp.resolve("perf-baselines");
        List<RunResults> recorded = List.of(Fixtures.run(withDisk(HistoryFixtures.result("rocksdb", "ycsb-c",
                "home-cpu-1c", 1, 1000), 10_000_000)));
        BaselineUpdate.plan(RunPooling.pool(recorded), recorded, new BaselineStore(baselines), null, "test", true,
                Instant.parse("2026-01-01T00:00:00Z")).apply();
        Path history = tmp.resolve("history");
        HistoryFixtures.nights(new HistoryStore(history), MACHINE_CLASS, 2, 1000);
        BaselineSet set = HistoryBaselines.source(history, 5, baselines).load(PROFILE, MACHINE_CLASS);

        ComparisonRow same = judge(set, 10_100_000);
        assertThat(same.verdict()).isEqualTo(Verdict.NOT_COMPARED);
        assertThat(same.note()).contains("throughput not compared: history has 2 nights")
                .contains("disk within tolerance");
        assertThat(judge(set, 20_000_000).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    private static ComparisonRow judge(BaselineSet set, long diskBytes) {
        BenchmarkResult tonight = withDisk(HistoryFixtures.result("rocksdb", "ycsb-c", MACHINE_CLASS, 9, 500),
                diskBytes);
        return BaselineComparison.compare(List.of(tonight), set, new WelchPolicy(), k -> true).get(0);
    }
}
