package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.Formats;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The verdict table of one comparison and what it was compared with; written as {@code comparison.json} (this record)
 * and {@code comparison.md} ({@link #markdown()}).
 *
 * @param baselines directory of the baselines compared with
 * @param policy    {@link ComparisonPolicy#describe()} of the policy that judged the rows
 */
public record ComparisonReport(int schemaVersion, String profile, String machineClass, String baselines,
                               String policy, Map<Verdict, Integer> counts, List<ComparisonRow> rows) {

    public static final int SCHEMA_VERSION = 1;
    public static final String JSON_FILE = "comparison.json";
    public static final String MARKDOWN_FILE = "comparison.md";

    public ComparisonReport {
        rows = List.copyOf(rows);
        Map<Verdict, Integer> ordered = new EnumMap<>(Verdict.class);
        ordered.putAll(counts);
        counts = Collections.unmodifiableMap(ordered);
    }

    public static ComparisonReport of(String profile, String machineClass, String baselines, String policy,
                                      List<ComparisonRow> rows) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.values()) counts.put(v, 0);
        for (ComparisonRow row : rows) counts.merge(row.verdict(), 1, Integer::sum);
        return new ComparisonReport(SCHEMA_VERSION, profile, machineClass, baselines, policy, counts, rows);
    }

    public int count(Verdict verdict) {
        return counts.getOrDefault(verdict, 0);
    }

    /** "3 PASS, 1 REGRESSION, 2 NEW": the verdicts that occur, in enum order. */
    public String summary() {
        if (rows.isEmpty()) return "nothing to compare";
        return Arrays.stream(Verdict.values()).filter(v -> count(v) > 0)
                .map(v -> count(v) + " " + v).collect(Collectors.joining(", "));
    }

    /** Column names of the verdict table; {@link #cells} fills them. */
    public static final List<String> HEADER = List.of("engine", "workload", "verdict", "baseline", "measured", "delta",
            "confidence", "note");

    /** Cells of one row, as the terminal and Markdown tables show them. */
    public static String[] cells(ComparisonRow row) {
        return new String[] {row.engine(), row.workload(), row.verdict().name(),
                Formats.score(row.baselineScore(), row.unit()), Formats.score(row.measuredScore(), row.unit()),
                Formats.percent(row.deltaPercent()), row.confidence(), row.note()};
    }

    /** A section to be read on its own or folded into summary.md. */
    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("## Baseline comparison\n\n");
        md.append("Profile `").append(profile).append("`, machine class `").append(machineClass)
                .append("`, baselines in `").append(baselines).append("`.\n");
        md.append("Policy: ").append(escape(policy)).append(".\n\n");
        md.append("**").append(summary()).append("**\n\n");
        md.append(caveats());
        if (rows.isEmpty()) return md.toString();
        md.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        md.append("|").append(" --- |".repeat(HEADER.size())).append("\n");
        for (ComparisonRow row : rows) {
            String[] cells = cells(row);
            if (row.verdict() == Verdict.REGRESSION || row.verdict() == Verdict.ERROR) {
                cells[2] = "**" + cells[2] + "**";
            }
            md.append("|");
            for (String cell : cells) md.append(" ").append(escape(cell)).append(" |");
            md.append("\n");
        }
        return md.toString();
    }

    /**
     * What a reader must know before trusting the table: that throughput was not compared at all on this machine class
     * (and how to record baselines for it), and which comparisons crossed a JDK or base image.
     */
    public String caveats() {
        StringBuilder md = new StringBuilder();
        int notCompared = count(Verdict.NOT_COMPARED);
        if (notCompared > 0) {
            md.append("No throughput baselines for machine class `").append(machineClass).append("`: throughput of ")
                    .append(notCompared).append(notCompared == 1 ? " benchmark was" : " benchmarks were")
                    .append(" **not compared** (disk size was, where a disk baseline exists). Record them on this machine class with "
                            + "`kvbench run --profile ").append(profile).append(" --runner container --out r1` (three runs: r1, r2, r3) and "
                            + "`kvbench baseline update --results r1 --results r2 --results r3 --reason \"new machine class\"`.\n\n");
        }
        long flagged = rows.stream().filter(r -> r.note() != null && r.note().contains(BaselineComparison.FLAGGED)).count();
        if (flagged > 0) {
            md.append(flagged).append(flagged == 1 ? " comparison was" : " comparisons were")
                    .append(" made across a different JDK or base image (FLAGGED in the notes): re-record the baselines on this runtime before trusting them.\n\n");
        }
        return md.toString();
    }

    /** {@link #caveats()} for a terminal: the same text without Markdown marks. */
    public String caveatsAsText() {
        return caveats().replace("`", "").replace("**", "");
    }

    /** Pipes end a cell and newlines a table: neither may survive in a cell. */
    public static String escape(String text) {
        return text == null ? "" : text.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }
}
