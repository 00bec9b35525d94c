package io.kvbench.history;

import io.kvbench.baseline.Fixtures;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Constructed nights for the history tests (public: the CLI and gate tests use it too). */
public final class HistoryFixtures {

    public static final Instant FIRST_NIGHT = Instant.parse("2026-10-01T02:00:00Z");

    private HistoryFixtures() {
    }

    /** Night {@code i}'s time: one a day from {@link #FIRST_NIGHT}. */
    public static String night(int i) {
        return FIRST_NIGHT.plus(Duration.ofDays(i)).toString();
    }

    /** The commit measured on night {@code i}: a stand-in SHA that says which night it is. */
    public static String commit(int i) {
        return String.format("c%039d", i);
    }

    /** An OK throughput result of 2 forks x 5 iterations around {@code mean} (2 % noise), on {@code machineClass}. */
    public static BenchmarkResult result(String engine, String workload, String machineClass, long seed, double mean) {
        BenchmarkResult r = Fixtures.withForks(Fixtures.ok(engine, workload,
                Fixtures.normal(seed, 10, mean, mean * 0.02)), 2);
        return onClass(r, machineClass);
    }

    public static BenchmarkResult onClass(BenchmarkResult r, String machineClass) {
        ResultContext c = r.context();
        ResultContext moved = new ResultContext(c.software(), c.profile(),
                c.runner(), c.time(), Fixtures.machine(machineClass), onExt4(c.resources()), c.parameters());
        return r.withContext(moved);
    }

    /** A complete run of the results on the first result's machine class, started at {@code time}. */
    public static RunResults run(String time, BenchmarkResult... results) {
        RunResults r = Fixtures.run(results);
        String machineClass = results[0].context().machine().machineClass();
        return new RunResults(r.schemaVersion(), true, r.profile(), r.runner(), time, Fixtures.machine(machineClass),
                List.of(results));
    }

    /** Writes a run's results.json into {@code dir} and returns {@code dir}. */
    public static Path write(Path dir, RunResults run) throws IOException {
        ResultsJson.write(dir.resolve(ResultsJson.RESULTS_FILE), run);
        return dir;
    }

    /** {@code nights} nights of rocksdb / ycsb-c around {@code mean} appended to the history. */
    public static void nights(HistoryStore store, String machineClass, int nights, double mean) throws IOException {
        for (int i = 0; i < nights; i++) {
            store.append(run(night(i), result("rocksdb", "ycsb-c", machineClass, 100 + i, mean)), night(i), commit(i));
        }
    }

    /** Results of a real runner record their data directory's file system, which disk baselines are keyed by. */
    private static java.util.Map<String, String> onExt4(java.util.Map<String, String> resources) {
        java.util.Map<String, String> with = new java.util.HashMap<>(resources);
        with.put(ResultContext.DATA_FILE_SYSTEM, "ext4");
        return with;
    }
}
