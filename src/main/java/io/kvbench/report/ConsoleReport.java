package io.kvbench.report;

import io.kvbench.result.Intervals;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MetricNames;
import io.kvbench.result.RunResults;
import io.kvbench.result.Units;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The table printed after a run: how each engine was configured, then one row per (engine, workload), grouped by
 * workload, fastest first, with the score and its interval, how many times slower than the fastest each engine is,
 * p99 latency, disk use and CPU, and a note where a row is not conclusive. Unmeasured rows say why instead of showing
 * numbers.
 */
public final class ConsoleReport {

    private ConsoleReport() {
    }

    public static void print(RunResults run, PrintWriter out, Units units) {
        RunHeader h = RunHeader.of(run);
        out.println("kvbench results: profile " + h.profile() + ", runner " + h.runner() + ", started " + h.time());
        out.println("machine: " + h.machine() + " (class " + h.machineClass() + "); JDK " + h.jdk()
                + "; kvbench " + h.gitRevision());
        if (!h.complete()) out.println("INCOMPLETE RUN: some planned benchmarks did not finish.");
        if (!h.setups().isEmpty()) {
            out.println("engines as configured:");
            for (EngineSetup s : h.setups()) out.println("  " + s.title() + ": " + s.describe());
        }
        List<WorkloadGroup> groups = WorkloadGroup.of(run);
        if (groups.isEmpty()) {
            out.println("No results.");
            out.flush();
            return;
        }
        out.println();
        MinimumEffect effect = MinimumEffect.of(run);
        boolean notes = groups.stream().flatMap(g -> g.rows().stream())
                .anyMatch(row -> effect.whyNotConclusive(row.result(), units).isPresent());
        String[] header = {"workload", "engine", "score", ResultCells.VS_FASTEST, "p99", "disk", "CPU", "note"};
        TextTable table = new TextTable(notes ? header : Arrays.copyOf(header, header.length - 1))
                .alignRight(2, 3, 4, 5, 6);
        for (int g = 0; g < groups.size(); g++) {
            WorkloadGroup group = groups.get(g);
            if (g > 0) table.gap();
            boolean first = true;
            for (WorkloadGroup.Row row : group.rows()) {
                BenchmarkResult r = row.result();
                String workload = first ? group.workload() : "";
                first = false;
                if (row.measured()) {
                    String[] cells = {workload, ResultCells.engine(r), ResultCells.score(r, units),
                            ResultCells.vsFastest(row, units), ResultCells.secondary(r, MetricNames.LATENCY_P99, units),
                            ResultCells.secondary(r, MetricNames.DISK_BYTES, units),
                            ResultCells.secondary(r, MetricNames.CPU_PERCENT, units),
                            effect.whyNotConclusive(r, units).map(why -> MinimumEffect.MARK + ": " + why).orElse("")};
                    table.row(notes ? cells : Arrays.copyOf(cells, cells.length - 1));
                } else {
                    table.note(ResultCells.score(r, units), workload, ResultCells.engine(r));
                }
            }
        }
        table.print(out);
        out.println();
        costs(out, groups, units);
        out.println(h.countsText() + ". Score: mean " + units.plusMinus() + " " + Intervals.LABEL
                + " over its measurement iterations.");
        out.println(ResultCells.VS_FASTEST_LEGEND);
        if (notes) out.println(effect.legend(units));
        ReproductionReport.print(Reproduction.of(run), out, units);
        out.flush();
    }

    /** The costs per operation of every workload that recorded any, one table, with the legend. */
    private static void costs(PrintWriter out, List<WorkloadGroup> groups, Units units) {
        List<CostTable> tables = groups.stream().map(CostTable::of).filter(t -> !t.isEmpty()).toList();
        if (tables.isEmpty()) return;
        List<String> header = new ArrayList<>(List.of("workload", "engine"));
        for (ResultCells.Column c : CostTable.COSTS) header.add(c.heading());
        TextTable table = new TextTable(header.toArray(String[]::new)).alignRight(2, 3, 4);
        for (int t = 0; t < tables.size(); t++) {
            CostTable costs = tables.get(t);
            if (t > 0) table.gap();
            boolean first = true;
            for (WorkloadGroup.Row row : costs.group().measuredRows()) {
                List<String> cells = new ArrayList<>(List.of(first ? costs.group().workload() : "",
                        ResultCells.engine(row.result())));
                first = false;
                for (ResultCells.Column c : CostTable.COSTS) {
                    cells.add(costs.columns().contains(c) ? costs.cell(row, c, units) : "");
                }
                table.row(cells.toArray(String[]::new));
            }
        }
        table.print(out);
        out.println(CostTable.LEGEND);
        out.println();
    }

    /** The table as a string (for tests and for callers that log it). */
    public static String render(RunResults run, Units units) {
        StringWriter text = new StringWriter();
        print(run, new PrintWriter(text), units);
        return text.toString();
    }
}
