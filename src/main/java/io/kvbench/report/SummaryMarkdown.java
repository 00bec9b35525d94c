package io.kvbench.report;

import io.kvbench.result.Intervals;
import io.kvbench.baseline.KnownIssues;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MetricNames;
import io.kvbench.result.RunResults;
import io.kvbench.result.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * summary.md: GitHub-flavoured Markdown for a job summary or a PR comment. The run's context, one ranked table per
 * workload, the secondary metrics folded away in a details block, and optionally the verdicts of a comparison with
 * baselines, so that one writer produces the whole file.
 */
public final class SummaryMarkdown {

    public static final String COMPARISON_HEADING = "Comparison with baselines";

    private static final Units UNITS = Units.UNICODE;

    private SummaryMarkdown() {
    }

    /**
     * @param comparison Markdown supplied by the compare command (trusted, inserted as is), or null for none
     */
    public static String render(RunResults run, String comparison) {
        RunHeader h = RunHeader.of(run);
        List<WorkloadGroup> groups = WorkloadGroup.of(run);
        StringBuilder md = new StringBuilder();
        md.append("## kvbench results: profile `").append(code(h.profile())).append("`, runner `")
                .append(code(h.runner()))
                .append("`\n\n");
        if (!h.complete()) {
            md.append("> [!WARNING]\n> **Incomplete run**: some planned benchmarks did not finish; "
                    + "these results cannot become a baseline.\n\n");
        }
        md.append("| | |\n|---|---|\n");
        contextRow(md, "Machine", escape(h.machine()) + " (class `" + code(h.machineClass()) + "`)");
        contextRow(md, "JDK", escape(h.jdk()));
        contextRow(md, "kvbench revision", "`" + code(h.gitRevision()) + "`");
        contextRow(md, "Started", escape(h.time()));
        contextRow(md, "Results", escape(h.countsText()));
        md.append('\n');
        engineSettings(md, h.setups());

        if (comparison != null && !comparison.isBlank()) {
            md.append("### ").append(COMPARISON_HEADING).append("\n\n").append(comparison.strip()).append("\n\n");
        }
        if (groups.isEmpty()) md.append("No results.\n\n");
        MinimumEffect effect = MinimumEffect.of(run);
        boolean notes = false;
        boolean costs = false;
        for (WorkloadGroup group : groups) {
            notes |= scoreTable(md, group, effect);
            costs |= costTable(md, CostTable.of(group));
        }
        if (!groups.isEmpty()) secondaryTables(md, groups);
        md.append("Score: mean ").append(UNITS.plusMinus()).append(" ").append(Intervals.LABEL)
                .append(" over measurement "
                + "iterations. ").append(escape(ResultCells.VS_FASTEST_LEGEND)).append('\n');
        if (costs) md.append('\n').append(escape(CostTable.LEGEND)).append('\n');
        if (notes) md.append('\n').append(escape(effect.legend(UNITS))).append('\n');
        return md.toString();
    }

    /** How each engine was configured: comparisons mislead without it. */
    private static void engineSettings(StringBuilder md, List<EngineSetup> setups) {
        if (setups.isEmpty()) return;
        md.append("**Engines as configured**\n\n| engine | sync | memory | compression |\n|:---|:---|:---|:---|\n");
        for (EngineSetup s : setups) {
            String caveat = s.caveat().isEmpty() ? "" : " (" + s.caveat() + ")";
            md.append(cells(escape(s.title()), s.settings().map(x -> escape(x.sync())).orElse("") + escape(caveat),
                    s.settings().map(x -> escape(x.memory())).orElse(""),
                    s.settings().map(x -> escape(x.compression())).orElse("")));
        }
        md.append('\n');
    }

    private static void contextRow(StringBuilder md, String name, String markdownValue) {
        md.append("| ").append(name).append(" | ").append(markdownValue.replace("\n", " ")).append(" |\n");
    }

    /** One workload's ranked table; true when a row is marked not conclusive. */
    private static boolean scoreTable(StringBuilder md, WorkloadGroup group, MinimumEffect effect) {
        md.append("### ").append(escape(group.workload())).append("\n\n");
        String about = String.join(" · ", Stream.of(group.direction(), group.parameters())
                .filter(s -> !s.isEmpty()).toList());
        if (!about.isEmpty()) md.append("_").append(escape(about)).append("_\n\n");
        boolean notes = group.rows().stream().anyMatch(row -> effect.whyNotConclusive(row.result(), UNITS).isPresent());
        md.append("| engine | score | ").append(ResultCells.VS_FASTEST).append(" | p99 | disk | CPU |")
                .append(notes ? " note |" : "").append("\n|:---|---:|---:|---:|---:|---:|").append(notes ? ":---|" : "")
                .append('\n');
        for (WorkloadGroup.Row row : group.rows()) {
            BenchmarkResult r = row.result();
            List<String> cells = new ArrayList<>();
            if (row.measured()) {
                cells.addAll(List.of(escape(ResultCells.engine(r)), escape(ResultCells.score(r, UNITS)),
                        ResultCells.vsFastest(row, UNITS), ResultCells.secondary(r, MetricNames.LATENCY_P99, UNITS),
                        ResultCells.secondary(r, MetricNames.DISK_BYTES, UNITS),
                        ResultCells.secondary(r, MetricNames.CPU_PERCENT, UNITS)));
                if (notes) {
                    cells.add(effect.whyNotConclusive(r, UNITS).map(why -> "**" + MinimumEffect.MARK + "**: "
                            + escape(why))
                            .orElse(""));
                }
            } else {
                cells.addAll(List.of(escape(ResultCells.engine(r)), "**" + ResultCells.statusLabel(r) + "** "
                        + ResultCells.knownIssue(r).map(SummaryMarkdown::knownIssue).orElse(escape(reason(r))),
                        "", "", "", ""));
                if (notes) cells.add("");
            }
            md.append(cells(cells.toArray(String[]::new)));
        }
        md.append('\n');
        return notes;
    }

    /** The workload's costs per operation, ranked as its scores; false when it recorded none. */
    private static boolean costTable(StringBuilder md, CostTable costs) {
        if (costs.isEmpty()) return false;
        md.append("Costs per operation:\n\n| engine |");
        for (ResultCells.Column c : costs.columns()) md.append(' ').append(escape(c.heading())).append(" |");
        md.append("\n|:---|").append("---:|".repeat(costs.columns().size())).append('\n');
        for (WorkloadGroup.Row row : costs.group().measuredRows()) {
            List<String> cells = new ArrayList<>(List.of(escape(ResultCells.engine(row.result()))));
            for (ResultCells.Column c : costs.columns()) cells.add(escape(costs.cell(row, c, UNITS)));
            md.append(cells(cells.toArray(String[]::new)));
        }
        md.append('\n');
        return true;
    }

    private static void secondaryTables(StringBuilder md, List<WorkloadGroup> groups) {
        md.append("<details><summary>Secondary metrics: "
                + "latency percentiles, disk, CPU, memory, bytes written</summary>\n\n");
        List<String> headings = new ArrayList<>(List.of("engine"));
        ResultCells.SECONDARY.forEach(c -> headings.add(c.heading()));
        for (WorkloadGroup group : groups) {
            List<WorkloadGroup.Row> measured = group.measuredRows();
            if (measured.isEmpty()) continue;
            md.append("#### ").append(escape(group.workload())).append("\n\n");
            md.append(cells(headings.toArray(String[]::new)));
            md.append("|:---").append("|---:".repeat(ResultCells.SECONDARY.size())).append("|\n");
            for (WorkloadGroup.Row row : measured) {
                List<String> cells = new ArrayList<>(List.of(escape(ResultCells.engine(row.result()))));
                ResultCells.SECONDARY.forEach(c -> cells.add(ResultCells.secondary(row.result(), c.metric(), UNITS)));
                md.append(cells(cells.toArray(String[]::new)));
            }
            md.append('\n');
        }
        md.append("Latency percentiles of single operations; disk as allocated after the run; CPU in % of one core; "
                + "RSS peak and native (RSS minus heap) of the benchmark JVM; written: bytes sent to the device; "
                + "write amp.: device bytes / logical bytes.\n\n</details>\n\n");
    }

    /** "(known engine issue [reference](reference): summary)", the reference a link when it is a web address. */
    private static String knownIssue(KnownIssues.KnownIssue issue) {
        String ref = Html.isWebAddress(issue.reference())
                ? "[" + escape(issue.reference()) + "](" + issue.reference() + ")" : escape(issue.reference());
        return "(known engine issue " + ref + ": " + escape(issue.summary()) + ")";
    }

    private static String reason(BenchmarkResult r) {
        String reason = ResultCells.reason(r);
        return reason.isEmpty() ? "" : "(" + reason + ")";
    }

    private static String cells(String... cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }

    /**
     * Makes data safe in a table cell: GitHub renders inline HTML, so angle brackets and ampersands become entities;
     * Markdown punctuation is backslash-escaped so a reason cannot start a link, emphasis or a new column.
     */
    static String escape(String text) {
        if (text == null) return "";
        StringBuilder s = new StringBuilder();
        for (char c : text.replaceAll("\\s+", " ").toCharArray()) {
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '|', '\\', '`', '*', '_', '[', ']', '#', '~' -> s.append('\\').append(c);
                default -> s.append(c);
            }
        }
        return s.toString();
    }

    /** Inside a code span only the backtick and the pipe (table) matter. */
    private static String code(String text) {
        return text == null ? "" : text.replace("`", "'").replace("|", "/").replaceAll("\\s+", " ");
    }
}
