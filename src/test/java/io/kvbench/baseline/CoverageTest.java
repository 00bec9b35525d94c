package io.kvbench.baseline;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.failed;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.withForks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.input.InputException;
import io.kvbench.judge.BaselineComparison;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.WelchPolicy;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine class whose baselines are declared complete makes a missing baseline fail the gate; the declaration is
 * written by {@code baseline update} from runs of every benchmark of the profile, withdrawn when it no longer holds,
 * and new-benchmarks.json excuses what a change adds. Through the real store and update, on the smoke profile.
 */
class CoverageTest {

    private static final String PROFILE = "smoke";
    private static final BenchmarkKey ROCKSDB_YCSB_A = new BenchmarkKey("rocksdb", "ycsb-a");

    @TempDir
    Path tmp;
    BaselineStore store;

    @BeforeEach
    void store() {
        store = new BaselineStore(tmp.resolve("perf-baselines"));
    }

    /** One result per benchmark of the smoke profile, recorded as pooled from {@code runs} runs (forks). */
    private static RunResults everyBenchmark(int runs, BenchmarkResult... instead) {
        List<BenchmarkResult> results = new ArrayList<>();
        for (BenchmarkKey key : CoverageUpdate.expected(Catalog.profile(PROFILE))) {
            BenchmarkResult replaced = null;
            for (BenchmarkResult r : instead) if (BenchmarkKey.of(r).equals(key)) replaced = r;
            results.add(replaced != null ? replaced
                    : withForks(ok(key.engine(), key.workload(), 100, 101, 99, 100), runs));
        }
        return Fixtures.run(PROFILE, MACHINE_CLASS, true, results.toArray(BenchmarkResult[]::new));
    }

    private BaselineUpdate update(RunResults run) throws IOException {
        BaselineUpdate update = BaselineUpdate.plan(run, List.of(run), store, PROFILE, "test", false,
                Instant.parse("2026-11-26T00:00:00Z"));
        update.apply();
        return update;
    }

    private ComparisonRow compare(BaselineSet baselines, BenchmarkKey key) {
        BenchmarkResult measured = ok(key.engine(), key.workload(), 100, 101, 99, 100);
        return BaselineComparison.compare(List.of(measured), baselines, new WelchPolicy(), key::equals).get(0);
    }

    @Test
    void threeRunsOfEveryBenchmarkDeclareTheClassCompleteAndALostBaselineThenFails() throws IOException {
        BaselineUpdate update = update(everyBenchmark(3));
        assertThat(update.coverage()).anyMatch(line -> line.contains("are complete"));
        CoverageStore files = new CoverageStore(store);
        CompleteClass declared = files.declaration(PROFILE, MACHINE_CLASS);
        assertThat(declared.benchmarks()).contains("rocksdb/ycsb-a", "lmdb/tc-seq-write")
                .hasSize(CoverageUpdate.expected(Catalog.profile(PROFILE)).size());
        assertThat(declared.minRuns()).isEqualTo(CompleteClass.MIN_RUNS);

        Files.delete(store.file(PROFILE, MACHINE_CLASS, ROCKSDB_YCSB_A));
        BaselineSet baselines = store.load(PROFILE, MACHINE_CLASS);
        assertThat(baselines.requiresBaseline(ROCKSDB_YCSB_A)).as("a deleted baseline is a gap").isTrue();
        ComparisonRow row = compare(baselines, ROCKSDB_YCSB_A);
        assertThat(row.verdict()).isEqualTo(Verdict.NEW);
        assertThat(row.note()).contains("declared complete").contains("\"rocksdb/ycsb-a\"")
                .contains(NewBenchmarks.FILE);
    }

    @Test
    void aBenchmarkThatAChangeListsAsNewIsInformationalUntilEveryCompleteClassHasIt() throws IOException {
        update(everyBenchmark(3));
        Files.delete(store.file(PROFILE, MACHINE_CLASS, ROCKSDB_YCSB_A));
        Path listed = new CoverageStore(store).newBenchmarksFile(PROFILE);
        Files.writeString(listed, CoverageStore.toJson(new NewBenchmarks(NewBenchmarks.SCHEMA_VERSION, PROFILE,
                java.util.Map.of("rocksdb/ycsb-a", "the change that adds it"))));
        BaselineSet baselines = store.load(PROFILE, MACHINE_CLASS);
        assertThat(baselines.requiresBaseline(ROCKSDB_YCSB_A)).isFalse();
        assertThat(compare(baselines, ROCKSDB_YCSB_A).note()).contains("added by a change (the change that adds it)");

        BaselineUpdate recorded = update(everyBenchmark(3));
        assertThat(recorded.coverage()).anyMatch(line -> line.contains("rocksdb/ycsb-a removed from"));
        assertThat(new CoverageStore(store).newBenchmarks(PROFILE).benchmarks()).isEmpty();
    }

    @Test
    void aKnownEngineIssueLeavesABenchmarkWithoutBaselineButTheClassComplete() throws IOException {
        BenchmarkKey leveldb = new BenchmarkKey("leveldb-java", "ycsb-a");
        update(everyBenchmark(3, failed("leveldb-java", "ycsb-a", "Could not open table 000007.sst")));
        CompleteClass declared = new CoverageStore(store).declaration(PROFILE, MACHINE_CLASS);
        assertThat(declared.whyWithout(leveldb)).contains("dain/leveldb/issues/78");
        BaselineSet baselines = store.load(PROFILE, MACHINE_CLASS);
        assertThat(baselines.requiresBaseline(leveldb)).isFalse();
        assertThat(compare(baselines, leveldb).note()).startsWith("no baseline: known engine issue");

        update(everyBenchmark(3, failed("leveldb-java", "ycsb-a", "Could not open table 000009.sst")));
        assertThat(new CoverageStore(store).declaration(PROFILE, MACHINE_CLASS)).as("still complete").isNotNull();
    }

    @Test
    void baselinesOfOneRunDeclareNothingAndWithdrawADeclarationThatNoLongerHolds() throws IOException {
        BaselineUpdate single = update(everyBenchmark(1));
        assertThat(single.coverage()).anyMatch(line -> line.contains("not complete"));
        CoverageStore files = new CoverageStore(store);
        assertThat(files.declaration(PROFILE, MACHINE_CLASS)).isNull();
        BaselineSet baselines = store.load(PROFILE, MACHINE_CLASS);
        assertThat(baselines.requiresBaseline(ROCKSDB_YCSB_A)).isFalse();

        update(everyBenchmark(3));
        assertThat(files.declaration(PROFILE, MACHINE_CLASS)).isNotNull();
        RunResults oneRun = Fixtures.run(PROFILE, MACHINE_CLASS, true, ok("rocksdb", "ycsb-a", 100, 101, 99));
        BaselineUpdate weaker = update(oneRun);
        assertThat(weaker.coverage()).anyMatch(line -> line.contains("withdrawn"));
        assertThat(files.declaration(PROFILE, MACHINE_CLASS)).isNull();
    }

    @Test
    void aClassWithoutDeclarationKeepsNewInformationalAndSaysWhy() throws IOException {
        store.writeAll(List.of(Fixtures.baseline(ok("lmdb", "ycsb-a", 1, 2))));
        BaselineSet baselines = store.load(Fixtures.PROFILE, MACHINE_CLASS);
        assertThat(baselines.requiresBaseline(ROCKSDB_YCSB_A)).isFalse();
        assertThat(compare(baselines, ROCKSDB_YCSB_A).note()).startsWith("no baseline yet; informational")
                .contains("not declared complete");
    }

    @Test
    void malformedCoverageFilesAreBadInputNamingTheField() throws IOException {
        update(everyBenchmark(3));
        CoverageStore files = new CoverageStore(store);
        Path listed = files.newBenchmarksFile(PROFILE);
        Files.writeString(listed,
                "{\"schemaVersion\": 1, \"profile\": \"smoke\", \"benchmarks\": {\"rocksdb\": \"x\"}}");
        assertThatThrownBy(() -> store.load(PROFILE, MACHINE_CLASS)).isInstanceOf(InputException.class)
                .hasMessageContaining(NewBenchmarks.FILE).hasMessageContaining("engine/workload");
        Files.delete(listed);
        Path declaration = files.declarationFile(PROFILE, MACHINE_CLASS);
        Files.writeString(declaration, Files.readString(declaration).replace("\"minRuns\"", "\"minRun\""));
        assertThatThrownBy(() -> store.load(PROFILE, MACHINE_CLASS)).isInstanceOf(InputException.class)
                .hasMessageContaining(CompleteClass.FILE).hasMessageContaining("minRun");
    }
}
