package io.kvbench.history;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineSource;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.Coverage;
import io.kvbench.baseline.DiskBaselineStore;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.Pooling;
import io.kvbench.result.BenchmarkResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Baselines pooled from the most recent nights of a history, per machine class: what the nightly judges each shard
 * against instead of perf-baselines/. Pooling nights (all their forks) makes the drift between nights part of the
 * baseline's spread, which one stored run cannot show.
 */
public final class HistoryBaselines {

    /** Fewer pooled nights than this and a benchmark is not judged on throughput: the calibration assumed 3 or more. */
    public static final int MIN_NIGHTS = 3;
    public static final int DEFAULT_NIGHTS = 5;

    private HistoryBaselines() {
    }

    /** The seam the gate and compare take: load the pooled nights of whatever class a run measured on. */
    public static BaselineSource source(Path historyDir, int nights) {
        return source(historyDir, nights, null);
    }

    /**
     * As {@link #source(Path, int)}, with the disk baselines of {@code diskRoot} (a perf-baselines directory; null for
     * none): disk size holds on every machine, so it is judged even where the history is too short for throughput.
     */
    public static BaselineSource source(Path historyDir, int nights, Path diskRoot) {
        if (nights < MIN_NIGHTS) {
            throw new BadInputException("--nights must be >= " + MIN_NIGHTS + " (the gate needs " + MIN_NIGHTS
                    + " pooled nights), not " + nights);
        }
        return new BaselineSource() {
            @Override
            public BaselineSet load(String profile, String machineClass) throws IOException {
                BaselineSet set = HistoryBaselines.load(historyDir, profile, machineClass, nights);
                return diskRoot == null ? set : set.withDisk(new DiskBaselineStore(diskRoot).load(profile));
            }

            @Override
            public String describe() {
                return "history " + historyDir + " (the last " + nights + " OK nights pooled per benchmark)"
                        + (diskRoot == null ? "" : ", disk baselines in " + diskRoot);
            }
        };
    }

    /**
     * One baseline per (engine, workload) pooling the samples of its most recent {@code nights} OK nights; a benchmark
     * with fewer than {@link #MIN_NIGHTS} of them gets no baseline but a note saying why. A machine class the history
     * has never seen is {@link BaselineSet#absent}.
     */
    public static BaselineSet load(Path historyDir, String profile, String machineClass,
            int nights) throws IOException {
        HistoryStore store = new HistoryStore(historyDir);
        Path dir = store.directory(profile, machineClass);
        if (!Files.isDirectory(dir)) return BaselineSet.absent(profile, machineClass, dir);
        TreeMap<BenchmarkKey, Baseline> baselines = new TreeMap<>();
        TreeMap<BenchmarkKey, String> unjudged = new TreeMap<>();
        for (HistoryStore.Series series : store.series(profile, machineClass)) {
            List<Night> recent = recentComparable(series.okNights(), nights);
            if (recent.size() < MIN_NIGHTS) {
                unjudged.put(series.key(), "history has " + recent.size() + " night" + (recent.size() == 1 ? "" : "s")
                        + " of class " + machineClass + "; the gate needs " + MIN_NIGHTS);
                continue;
            }
            BenchmarkResult pooled = Pooling.pool(recent.stream().map(Night::result).toList());
            Night last = recent.get(recent.size() - 1);
            String reason = "pooled from " + recent.size() + " nights, " + recent.get(0).time() + " ("
                    + shortSha(recent.get(0))
                    + ") to " + last.time() + " (" + shortSha(last) + ")";
            baselines.put(series.key(), Baseline.of(pooled, profile, machineClass, last.instant(), reason));
        }
        return new BaselineSet(profile, machineClass, dir, true, baselines, BaselineSet.Portable.NONE,
                Coverage.unjudged(unjudged));
    }

    /**
     * The last {@code n} OK nights that measured the same metric and unit as the newest one: a workload whose metric
     * changed starts a new series rather than pooling incomparable numbers.
     */
    static List<Night> recentComparable(List<Night> ok, int n) {
        List<Night> out = new ArrayList<>();
        if (ok.isEmpty()) return out;
        BenchmarkResult newest = ok.get(ok.size() - 1).result();
        for (int i = ok.size() - 1; i >= 0 && out.size() < n; i--) {
            BenchmarkResult r = ok.get(i).result();
            if (!r.metric().equals(newest.metric()) || !r.unit().equals(newest.unit())) break;
            out.add(0, ok.get(i));
        }
        return out;
    }

    private static String shortSha(Night night) {
        return night.commit().length() > 10 ? night.commit().substring(0, 10) : night.commit();
    }
}
