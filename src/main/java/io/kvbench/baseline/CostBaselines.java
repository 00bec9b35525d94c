package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MetricNames;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Cost baselines from one or more runs: per (engine, workload), every run's value of each judged cost. Heap allocation
 * per operation is recorded for every workload; write amplification only for fixed work ({@link Workload#fixedWork}):
 * a timed write workload's amplification grows with how much its machine wrote in the time (compactions), so it is
 * not portable.
 */
final class CostBaselines {

    /** The costs a cost baseline may hold, by their names in results.json. */
    static final List<String> JUDGED = Profile.JUDGED_COSTS;

    private CostBaselines() {
    }

    static List<CostBaseline> of(List<RunResults> runs, String profile, String reason, Instant now) {
        Map<BenchmarkKey, List<BenchmarkResult>> measured = new TreeMap<>();
        for (RunResults run : runs) {
            for (BenchmarkResult r : run.results()) {
                if (r.status() != Status.OK || CostBaseline.of(r) == null || DiskBaseline.fileSystemOf(r) == null) {
                    continue;
                }
                if (!costs(r).isEmpty()) measured.computeIfAbsent(BenchmarkKey.of(r), k -> new ArrayList<>()).add(r);
            }
        }
        TreeSet<String> classes = new TreeSet<>();
        for (RunResults run : runs) if (run.machine() != null) classes.add(run.machine().machineClass());
        List<CostBaseline> out = new ArrayList<>();
        measured.forEach((key, results) -> {
            CostBaseline.MeasuredOn on = CostBaseline.of(results.get(0));
            if (results.stream().anyMatch(r -> !on.equals(CostBaseline.of(r)))) {
                throw new IllegalArgumentException(key + " was measured with several engine versions, JDKs or file "
                        + "system types; record one at a time");
            }
            TreeMap<String, List<Double>> costs = new TreeMap<>();
            for (BenchmarkResult r : results) {
                costs(r).forEach((cost, value) -> costs.computeIfAbsent(cost, c -> new ArrayList<>()).add(value));
            }
            // A cost some run did not record is left out: its runs would not say how much it varies.
            costs.values().removeIf(values -> values.size() < results.size());
            if (costs.isEmpty()) return;
            out.add(new CostBaseline(CostBaseline.SCHEMA_VERSION, key, profile, on, costs,
                    new CostBaseline.Recorded(List.copyOf(classes), now.toString(), reason)));
        });
        return out;
    }

    /** The judged costs a result recorded, by name. */
    private static Map<String, Double> costs(BenchmarkResult r) {
        Map<String, Double> costs = new TreeMap<>();
        Double alloc = CostBaseline.value(r, MetricNames.ALLOC_BYTES_PER_OP);
        if (alloc != null && alloc >= 0) costs.put(MetricNames.ALLOC_BYTES_PER_OP, alloc);
        Double amplification = CostBaseline.value(r, MetricNames.WRITE_AMPLIFICATION);
        boolean fixedWork = Catalog.known(r.workload()).map(Workload::fixedWork).orElse(false);
        if (fixedWork && amplification != null && amplification > 0) {
            costs.put(MetricNames.WRITE_AMPLIFICATION, amplification);
        }
        return costs;
    }
}
