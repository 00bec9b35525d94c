package io.kvbench.report;

import io.kvbench.result.Intervals;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MetricNames;
import io.kvbench.result.RunResults;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/**
 * The table printed after a run: one row per (engine, workload), grouped by workload, best first, with the score and
 * its error, how far each engine is from the best, p99 latency, disk use and CPU. Unmeasured rows say why instead of
 * showing numbers.
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
        List<WorkloadGroup> groups = WorkloadGroup.of(run);
        if (groups.isEmpty()) {
            out.println("No results.");
            out.flush();
            return;
        }
        out.println();
        TextTable table = new TextTable("workload", "engine", "score", "vs best", "p99", "disk", "CPU")
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
                    table.row(workload, ResultCells.engine(r), ResultCells.score(r, units), ResultCells.relative(row, units),
                            ResultCells.secondary(r, MetricNames.LATENCY_P99, units),
                            ResultCells.secondary(r, MetricNames.DISK_BYTES, units),
                            ResultCells.secondary(r, MetricNames.CPU_PERCENT, units));
                } else {
                    table.note(ResultCells.score(r, units), workload, ResultCells.engine(r));
                }
            }
        }
        table.print(out);
        out.println();
        out.println(h.counts() + ". Score: mean " + units.plusMinus() + " " + Intervals.LABEL + " over its measurement iterations; "
                + "vs best: score / best score of the workload.");
        ReproductionReport.print(Reproduction.of(run), out, units);
        out.flush();
    }

    /** The table as a string (for tests and for callers that log it). */
    public static String render(RunResults run, Units units) {
        StringWriter text = new StringWriter();
        print(run, new PrintWriter(text), units);
        return text.toString();
    }
}
