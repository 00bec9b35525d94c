package io.kvbench.judge;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several runs of the same benchmarks as one run, for a baseline that pools them ({@code baseline update} with several
 * --results). Forks are the unit of run-to-run noise and a ci run has only two, so a baseline of one run carries its
 * forks' luck into every later comparison; pooling k runs gives it 2k forks. Every run must be of the same profile and
 * machine class and measure the same benchmarks.
 */
public final class RunPooling {

    private RunPooling() {
    }

    public static RunResults pool(List<RunResults> runs) {
        if (runs.isEmpty()) throw new BadInputException("no run to pool");
        RunResults first = runs.get(0);
        if (runs.size() == 1) return first;
        Map<BenchmarkKey, List<BenchmarkResult>> byKey = new LinkedHashMap<>();
        for (BenchmarkResult r : first.results()) byKey.put(BenchmarkKey.of(r), new ArrayList<>(List.of(r)));
        boolean complete = first.complete();
        for (RunResults run : runs.subList(1, runs.size())) {
            if (!run.profile().equals(first.profile()) || !run.machine()
                    .machineClass().equals(first.machine().machineClass())) {
                throw new BadInputException("cannot pool a run of profile " + run.profile() + " on "
                        + run.machine().machineClass() + " with one of profile " + first.profile() + " on "
                        + first.machine().machineClass());
            }
            if (run.results().size() != byKey.size()) {
                throw new BadInputException("the runs measured different benchmarks (" + run.results().size()
                        + " and " + byKey.size() + " results); pool runs of the same plan");
            }
            for (BenchmarkResult r : run.results()) {
                List<BenchmarkResult> same = byKey.get(BenchmarkKey.of(r));
                if (same == null) throw new BadInputException(r.key() + " is in one run but not in the first");
                same.add(r);
            }
            complete &= run.complete();
        }
        List<BenchmarkResult> pooled = new ArrayList<>();
        for (List<BenchmarkResult> same : byKey.values()) pooled.add(poolOne(same));
        return new RunResults(first.schemaVersion(), complete, first.profile(), first.runner(), first.startedAt(),
                first.machine(), pooled);
    }

    /** OK in every run: pooled; otherwise the first result that is not OK (an ERROR, or not applicable). */
    private static BenchmarkResult poolOne(List<BenchmarkResult> same) {
        for (BenchmarkResult r : same) if (r.status() != Status.OK) return r;
        return Pooling.pool(same);
    }
}
