package io.kvbench.report;

import io.kvbench.baseline.CostBaseline;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Units;
import io.kvbench.workload.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What each engine of a workload costs, beside its time: the costs kvbench judges on every machine class
 * ({@link CostBaseline#costs}: allocation and native memory for every workload, write amplification and syncs for
 * fixed work), each with how many times the least of the workload it is, as "vs fastest" is for time. Shared by the
 * console, summary.md and report.html so that all three say the same.
 *
 * @param group   the workload's ranked results
 * @param columns the costs some measured row of the workload recorded, in reading order
 */
public record CostTable(WorkloadGroup group, List<ResultCells.Column> columns) {

    /** The judged costs, in reading order. */
    static final List<ResultCells.Column> COSTS = ResultCells.SECONDARY.stream()
            .filter(c -> Profile.JUDGED_COSTS.contains(c.metric())).toList();

    /**
     * Allocation below this many bytes per operation counts as this much in a ratio: such a figure is the JIT's and
     * the measurement's own, and ten times nothing is still nothing.
     */
    static final double ALLOC_FLOOR = 1.0;

    /** What the cost columns mean, said under every cost table. */
    public static final String LEGEND = "Costs per operation, lower is better, judged on every machine class: alloc/op "
            + "is heap bytes allocated per operation over the timed region; write amp. is bytes written to the device "
            + "per logical byte of a fixed-work write pass; syncs/op is calls that force data to the device (fsync, "
            + "fdatasync, msync, sync_file_range) per record of that pass, opening and closing the store included; "
            + "native is the memory the benchmark JVM holds outside its heap (resident set minus the committed heap: "
            + "the engine's own allocations and mapped files, the JIT's code, thread stacks). "
            + "Nx: how many times the least of the workload (allocation under " + (int) ALLOC_FLOOR
            + " B/op counts as " + (int) ALLOC_FLOOR + " B/op). Reported with the secondary metrics, not judged: peak "
            + "RSS (the fixed heap hides what an engine holds), collections (mostly none) and CPU per operation (a "
            + "time: it depends on the machine).";

    public CostTable {
        columns = List.copyOf(columns);
    }

    /** The costs of a workload's measured rows; no columns when none recorded any. */
    public static CostTable of(WorkloadGroup group) {
        List<ResultCells.Column> present = new ArrayList<>();
        for (ResultCells.Column c : COSTS) {
            if (group.measuredRows().stream().anyMatch(row -> costs(row).containsKey(c.metric()))) present.add(c);
        }
        return new CostTable(group, present);
    }

    public boolean isEmpty() {
        return columns.isEmpty();
    }

    /**
     * "3.67 B/op (2.90x)", "1.2 (1.18x)": the row's cost and how many times the least it is; the missing mark when
     * not recorded.
     */
    public String cell(WorkloadGroup.Row row, ResultCells.Column column, Units units) {
        if (!row.measured()) return "";
        Double value = costs(row).get(column.metric());
        if (value == null) return units.missing();
        String unit = row.result().secondary(column.metric()).unit();
        // A factor or a count per operation says its unit in the heading; a number of bytes needs its own.
        String shown = unit.startsWith("B") ? units.value(value, unit) : units.plainNumber(value);
        OptionalDouble least = least(column.metric());
        double floor = floor(column.metric());
        if (least.isEmpty() || Math.max(least.getAsDouble(), floor) <= 0) return shown;
        return shown + " (" + units.timesLeast(Math.max(value, floor) / Math.max(least.getAsDouble(), floor)) + ")";
    }

    private OptionalDouble least(String metric) {
        return group.measuredRows().stream().map(CostTable::costs).filter(c -> c.containsKey(metric))
                .mapToDouble(c -> c.get(metric)).min();
    }

    private static double floor(String metric) {
        return metric.equals(MetricNames.ALLOC_BYTES_PER_OP) ? ALLOC_FLOOR : 0;
    }

    private static Map<String, Double> costs(WorkloadGroup.Row row) {
        return CostBaseline.costs(row.result());
    }
}
