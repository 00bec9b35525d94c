package io.kvbench.report;

import io.kvbench.baseline.Formats;
import io.kvbench.judge.ComparisonReport;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.result.Verdict;
import io.kvbench.workload.ProfileOverrides;
import java.util.List;

/** A {@link ComparisonReport} for people: the verdict table's cells (terminal and Markdown), comparison.md, caveats. */
public final class ComparisonMarkdown {

    private ComparisonMarkdown() {
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
    public static String markdown(ComparisonReport report) {
        StringBuilder md = new StringBuilder();
        md.append("## Baseline comparison\n\n");
        md.append("Profile `").append(report.profile()).append("`, machine class `").append(report.machineClass())
                .append("`, baselines in `").append(report.baselines()).append("`.\n");
        md.append("Policy: ").append(escape(report.policy())).append(".\n\n");
        md.append("**").append(report.summary()).append("**\n\n");
        md.append(caveats(report));
        if (report.rows().isEmpty()) return md.toString();
        md.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        md.append("|").append(" --- |".repeat(HEADER.size())).append("\n");
        for (ComparisonRow row : report.rows()) {
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
    public static String caveats(ComparisonReport report) {
        StringBuilder md = new StringBuilder();
        int notCompared = report.count(Verdict.NOT_COMPARED);
        if (notCompared > 0) {
            md.append("No throughput baselines for machine class `").append(report.machineClass())
                    .append("`: throughput of ")
                    .append(notCompared).append(notCompared == 1 ? " benchmark was" : " benchmarks were")
                    .append(" **not compared** (disk size was, where a disk baseline exists). Record them on this "
                            + "machine class with `").append(recordCommands(report.profile()).get(0))
                    .append("` (three runs: r1, r2, r3) and `").append(recordCommands(report.profile()).get(1))
                    .append("`").append(ProfileOverrides.commandLine(report.profile()).get(1)
                            .startsWith(ProfileOverrides.PROFILE_FILE) ? " (" + ProfileOverrides.PROFILE_FILE
                            + ": the profile file of the run)" : "").append(".\n\n");
        }
        long flagged = report.rows().stream().filter(ComparisonRow::flagged).count();
        if (flagged > 0) {
            md.append(flagged).append(flagged == 1 ? " comparison was" : " comparisons were")
                    .append(" made across a different JDK or base image (FLAGGED in the notes): re-record the "
                            + "baselines on this runtime before trusting them.\n\n");
        }
        return md.toString();
    }

    /**
     * The commands that record a machine class's baselines of {@code profile} (a recorded profile name, overrides
     * included): the first of three runs, then the update that pools them. Each parses with the real command line and
     * measures under that same name (SuggestedCommandsTest).
     */
    public static List<String> recordCommands(String profile) {
        return List.of("kvbench run " + String.join(" ", ProfileOverrides.commandLine(profile))
                        + " --runner container --out r1",
                "kvbench baseline update --results r1 --results r2 --results r3 --reason \"new machine class\"");
    }

    /** {@link #caveats} for a terminal: the same text without Markdown marks. */
    public static String caveatsAsText(ComparisonReport report) {
        return caveats(report).replace("`", "").replace("**", "");
    }

    /** Pipes end a cell and newlines a table: neither may survive in a cell. */
    public static String escape(String text) {
        return text == null ? "" : text.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }
}
