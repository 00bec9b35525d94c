package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.report.ResultCells;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Units;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A progress line writes a score as the console table's cell does (RunEndToEndTest checks it on a real run). */
class ResultLineTest {

    @Test
    void aScoreIsWrittenAsTheConsoleTableWritesIt() {
        BenchmarkResult pass = Fixtures.ok("rocksdb", "tc-random-read", BenchmarkResult.TIME_PER_PASS,
                0.0171, 0.0166, 0.0161, 0.0170);
        BenchmarkResult ops = Fixtures.ok("lmdb", "ycsb-c", 1.85e6, 1.80e6, 1.90e6);
        for (Units units : List.of(Units.UNICODE, Units.ASCII)) {
            for (BenchmarkResult r : List.of(pass, ops)) {
                assertThat(ResultLine.describe(r, units)).as(r.workload()).isEqualTo(ResultCells.score(r, units));
            }
        }
        assertThat(ResultLine.describe(pass, Units.UNICODE)).contains(" ± ").endsWith(" ms")
                .doesNotContain("s/op", "+-");
        assertThat(ResultLine.describe(ops, Units.ASCII)).contains(" +- ").endsWith(" ops/s");
    }

    @Test
    void aResultWithoutAScoreSaysWhy() {
        assertThat(ResultLine.describe(Fixtures.notApplicable("sparkey", "ycsb-a", "write-once"), Units.UNICODE))
                .isEqualTo("n/a (write-once)");
        assertThat(ResultLine.describe(Fixtures.failed("rocksdb", "ycsb-a", "boom"), Units.UNICODE))
                .isEqualTo("ERROR: boom");
    }
}
