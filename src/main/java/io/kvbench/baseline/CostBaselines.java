package io.kvbench.baseline;

import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.workload.Profile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Cost baselines from one or more runs: per (engine, workload), every run's value of each judged cost
 * ({@link CostBaseline#costs}). Heap allocation per operation and native memory are recorded for every workload;
 * write amplification and syncs per operation only for fixed work:
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
                if (!CostBaseline.costs(r).isEmpty()) {
                    measured.computeIfAbsent(BenchmarkKey.of(r), k -> new ArrayList<>()).add(r);
                }
            }
        }
        TreeSet<String> classes = new TreeSet<>();
        for (RunResults run : runs) if (run.machine() != null) classes.add(run.machine().machineClass());
        List<CostBaseline> out = new ArrayList<>();
        measured.forEach((key, results) -> {
            CostBaseline.MeasuredOn on = CostBaseline.of(results.get(0));
            if (results.stream().anyMatch(r -> !on.equals(CostBaseline.of(r)))) {
                throw new BadInputException(key + " was measured with several engine versions, JDKs or file "
                        + "system types; record one at a time");
            }
            TreeMap<String, List<Double>> costs = new TreeMap<>();
            for (BenchmarkResult r : results) {
                CostBaseline.costs(r).forEach((cost, value) -> costs.computeIfAbsent(cost, c -> new ArrayList<>())
                        .add(value));
            }
            // A cost some run did not record is left out: its runs would not say how much it varies.
            costs.values().removeIf(values -> values.size() < results.size());
            if (costs.isEmpty()) return;
            out.add(new CostBaseline(CostBaseline.SCHEMA_VERSION, key, profile, on, costs,
                    new CostBaseline.Recorded(List.copyOf(classes), now.toString(), reason)));
        });
        return out;
    }
}
