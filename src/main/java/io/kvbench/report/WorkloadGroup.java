package io.kvbench.report;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The results of one workload, ranked the way every report shows them: measured engines best first (by
 * {@link BenchmarkResult#higherIsBetter()}), then errors, then not-applicable combinations, each group by engine id.
 *
 * @param workload       workload name
 * @param higherIsBetter direction of the scores (from the measured rows; true when there are none)
 * @param rows           ranked rows
 */
public record WorkloadGroup(String workload, boolean higherIsBetter, List<Row> rows) {

    /**
     * One ranked result.
     *
     * @param result    the result
     * @param vsFastest how many times slower than the fastest engine of the workload: its time per operation (or per
     *                  pass) divided by the fastest's, so 1 for the fastest and above 1 for every other, whichever
     *                  unit the scores are in (for throughput: the fastest's ops/s divided by its own); NaN unless
     *                  measured in the same unit as the fastest
     */
    public record Row(BenchmarkResult result, double vsFastest) {

        public boolean measured() {
            return WorkloadGroup.measured(result);
        }
    }

    public WorkloadGroup {
        rows = List.copyOf(rows);
    }

    /** Groups a run's results by workload, in the order the workloads first appear (the order they ran in). */
    public static List<WorkloadGroup> of(RunResults run) {
        Map<String, List<BenchmarkResult>> byWorkload = new LinkedHashMap<>();
        for (BenchmarkResult r : run.results()) {
            byWorkload.computeIfAbsent(Objects.toString(r.workload(), ""), w -> new ArrayList<>()).add(r);
        }
        List<WorkloadGroup> groups = new ArrayList<>();
        byWorkload.forEach((workload, results) -> groups.add(rank(workload, results)));
        return groups;
    }

    /** Ranks one workload's results. */
    public static WorkloadGroup rank(String workload, List<BenchmarkResult> results) {
        boolean higherIsBetter = results.stream().filter(WorkloadGroup::measured).findFirst()
                .map(BenchmarkResult::higherIsBetter).orElse(true);
        Comparator<BenchmarkResult> byScore = Comparator.comparingDouble(BenchmarkResult::score);
        Comparator<BenchmarkResult> order = Comparator.comparingInt(WorkloadGroup::section)
                .thenComparing((a, b) -> measured(a) && measured(b)
                        ? (higherIsBetter ? byScore.reversed() : byScore).compare(a, b) : 0)
                .thenComparing(r -> Objects.toString(r.engine(), ""));
        List<BenchmarkResult> sorted = results.stream().sorted(order).toList();
        BenchmarkResult best = sorted.isEmpty() || !measured(sorted.get(0)) ? null : sorted.get(0);
        List<Row> rows = sorted.stream().map(r -> new Row(r, vsFastest(r, best))).toList();
        return new WorkloadGroup(workload, higherIsBetter, rows);
    }

    public List<Row> measuredRows() {
        return rows.stream().filter(Row::measured).toList();
    }

    public List<Row> unmeasuredRows() {
        return rows.stream().filter(r -> !r.measured()).toList();
    }

    /** The unit of the best score, or null when nothing was measured. */
    public String unit() {
        return measuredRows().stream().findFirst().map(r -> r.result().unit()).orElse(null);
    }

    /** "throughput, higher is better"; empty when nothing was measured (there is no direction to speak of). */
    public String direction() {
        if (measuredRows().isEmpty()) return "";
        String metric = measuredRows().get(0).result().metric();
        String better = higherIsBetter ? "higher is better" : "lower is better";
        return metric == null || metric.isBlank() ? better : metric + ", " + better;
    }

    /** The sized parameters of the workload's first result that has any, for reading the numbers: "records=1000000,
     * valueSize=100". */
    public String parameters() {
        return rows.stream().map(Row::result)
                .filter(r -> r.context() != null && r.context().parameters() != null && !r.context().parameters()
                .isEmpty())
                .findFirst()
                .map(r -> new TreeMap<>(r.context().parameters()).entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")))
                .orElse("");
    }

    /** Status OK with a finite score: the only rows that are charted and ranked. */
    static boolean measured(BenchmarkResult r) {
        return r.status() == Status.OK && Double.isFinite(r.score());
    }

    /** Measured first, then errors (they need attention), then not applicable; an OK row without score with errors. */
    private static int section(BenchmarkResult r) {
        if (measured(r)) return 0;
        return r.status() == Status.NOT_APPLICABLE ? 2 : 1;
    }

    /** The time ratio of {@code r} to the fastest: one direction for every unit, above 1 is slower. */
    private static double vsFastest(BenchmarkResult r, BenchmarkResult best) {
        if (best == null || !measured(r) || !Objects.equals(r.unit(), best.unit()) || best.score() == 0
                || r.score() == 0) {
            return Double.NaN;
        }
        return best.higherIsBetter() ? best.score() / r.score() : r.score() / best.score();
    }
}
