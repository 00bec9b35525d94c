package io.kvbench.report;

import io.kvbench.baseline.Formats;
import io.kvbench.gate.VersionsReport;
import io.kvbench.result.Intervals;
import io.kvbench.result.Units;
import io.kvbench.result.Verdict;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A version series for people: the console tables and {@code versions.md}. Per workload a row per version (its mean
 * score over the rounds with the {@link Intervals#LABEL}, and its time against the first measured version's) and a
 * row per step between consecutive measured versions: the A/B's verdict, the step's effect (the later version's time
 * per operation over the earlier's, the geometric mean of the per-round ratios, with its paired (1 - alpha) interval,
 * as {@link AbSummary} gives it) and its resolution; a REGRESSION or IMPROVEMENT is a significant step beyond the
 * minimum effect.
 */
public final class VersionsMarkdown {

    static final String[] POINT_HEADER = {"version", "state", "mean", "interval", "vs first", "rounds", "note"};
    static final String[] STEP_HEADER = {"step", "verdict", "effect", "interval", "resolution", "note"};
    private static final Units UNITS = Units.ASCII;

    private VersionsMarkdown() {
    }

    public static void print(VersionsReport report, PrintWriter out) {
        for (VersionsReport.Series s : report.series()) {
            out.println();
            out.println(report.engine() + " / " + s.workload());
            TextTable points = new TextTable(POINT_HEADER).alignRight(2, 4, 5);
            for (String[] row : pointRows(s)) points.row(row);
            points.print(out);
            if (!s.steps().isEmpty()) {
                TextTable steps = new TextTable(STEP_HEADER);
                for (String[] row : stepRows(report, s)) steps.row(row);
                steps.print(out);
            }
        }
        out.println(summary(report));
        out.flush();
    }

    public static String markdown(VersionsReport report) {
        StringBuilder md = new StringBuilder("## Versions of ").append(report.engine()).append("\n\n");
        md.append(summary(report)).append("\n");
        for (VersionsReport.Series s : report.series()) {
            md.append("\n### ").append(s.workload()).append("\n\n");
            table(md, POINT_HEADER, pointRows(s));
            if (!s.steps().isEmpty()) {
                md.append('\n');
                table(md, STEP_HEADER, stepRows(report, s));
            }
        }
        md.append("\nMean: the score's mean over the rounds with its ").append(Intervals.LABEL).append(". Vs first and "
                + "effect: time per operation (or per pass) over the earlier version's, in the words of every kvbench "
                + "table; a step's interval is the paired (").append(Formats.number((1 - report.judging().alpha())
                * 100)).append(" %) t interval of the geometric mean of its per-round ratios. Resolution: the smallest "
                + "slowdown the step's rounds could have caught. LINKAGE: the version's adapter does not link against "
                + "it; the step around it compares its neighbours.\n");
        md.append("Policy: ").append(ComparisonMarkdown.escape(report.judging().policy())).append(".\n");
        return md.toString();
    }

    /** The line that heads the tables: what was measured, how. */
    static String summary(VersionsReport report) {
        return report.engine() + " (" + report.artifact() + ") " + String.join(", ", report.versions()) + ": "
                + report.rounds() + " interleaved rounds, profile " + report.profile() + ", seed "
                + report.judging().seed() + ", minimum effect " + Formats.number(report.judging().minEffect() * 100)
                + " %" + (report.shard() == null ? "" : ", shard " + report.shard()) + String.format(
                java.util.Locale.ROOT, "; %.1f minutes", report.minutes());
    }

    private static void table(StringBuilder md, String[] header, List<String[]> rows) {
        md.append("| ").append(String.join(" | ", header)).append(" |\n");
        md.append("|").append(" --- |".repeat(header.length)).append("\n");
        for (String[] row : rows) {
            List<String> cells = new ArrayList<>();
            for (String cell : row) cells.add(ComparisonMarkdown.escape(cell));
            md.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
    }

    static List<String[]> pointRows(VersionsReport.Series s) {
        List<String[]> rows = new ArrayList<>();
        for (VersionsReport.Point p : s.points()) {
            boolean measured = p.state() == VersionsReport.State.MEASURED;
            String interval = !measured || Double.isNaN(p.low()) ? "-"
                    : Formats.score(p.low(), s.unit()) + " to " + Formats.score(p.high(), s.unit());
            double[] vsFirst = AbSummary.timeRatio(new double[] {p.relative(), p.relative(), p.relative()}, s.unit());
            rows.add(new String[] {p.version(), measured ? "measured" : p.state().name(),
                measured ? Formats.score(p.mean(), s.unit()) : "-", interval, measured ? UNITS.versus(vsFirst[0]) : "-",
                String.valueOf(p.scores().size()), p.note()});
        }
        return rows;
    }

    static List<String[]> stepRows(VersionsReport report, VersionsReport.Series s) {
        List<String[]> rows = new ArrayList<>();
        for (VersionsReport.Step step : s.steps()) {
            var r = step.result();
            double[] time = r.row().unit() == null ? new double[] {Double.NaN, Double.NaN, Double.NaN}
                    : AbSummary.timeRatio(AbSummary.ratioInterval(r.roundRatios(), report.judging().alpha()),
                    r.row().unit());
            Verdict verdict = r.row().verdict();
            boolean significant = verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT;
            String note = (step.skipped().isEmpty() ? "" : "over " + String.join(", ", step.skipped())
                    + " (not measured); ") + r.row().note();
            rows.add(new String[] {step.from() + " -> " + step.to(), significant ? verdict + " *" : verdict.name(),
                UNITS.versus(time[0]), Double.isNaN(time[1]) ? "-" : UNITS.versus(time[1]) + " to "
                    + UNITS.versus(time[2]), AbSummary.resolution(r.resolution()), note});
        }
        return rows;
    }
}
