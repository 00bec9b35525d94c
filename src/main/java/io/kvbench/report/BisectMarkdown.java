package io.kvbench.report;

import io.kvbench.baseline.Formats;
import io.kvbench.gate.BisectReport;
import io.kvbench.gate.InterleaveReport;
import io.kvbench.gate.Interleaving;
import io.kvbench.gate.JudgedMetric;
import io.kvbench.judge.Bisection;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A bisection for people: the console table and {@code bisect.md}, one row per step and workload, and the lines that
 * end them, the first bad version and its effect per workload. An effect is the step's version against the good end:
 * B's time per operation (or per pass) over A's, less one, the geometric mean of the per-round ratios with its paired
 * (1 - alpha) interval, as {@link AbSummary} gives it.
 */
public final class BisectMarkdown {

    static final String[] HEADER = {"step", "version", "outcome", "workload", "verdict", "effect", "interval",
        "rounds", "minutes"};

    private BisectMarkdown() {
    }

    public static void print(BisectReport report, PrintWriter out) {
        TextTable table = new TextTable(header(report)).alignRight(0, 5, 7, 8);
        for (String[] row : rows(report)) table.row(row);
        if (!report.search().steps().isEmpty()) table.print(out);
        for (String line : conclusion(report)) out.println(line);
        out.flush();
    }

    public static String markdown(BisectReport report) {
        StringBuilder md = new StringBuilder("## Bisection of ").append(report.engine()).append("\n\n");
        md.append("From ").append(report.good()).append(" (good) to ").append(report.bad()).append(" (bad) over ")
                .append(String.join(", ", report.versions())).append("; workloads ")
                .append(String.join(", ", report.workloads())).append(", judged together on ")
                .append(judged(report).judged()).append(", minimum effect ")
                .append(Formats.number(report.minEffect() * 100)).append(" %.\n\n");
        BisectReport.Source source = report.source();
        if (source.labels() == BisectReport.Labels.COMMITS) {
            md.append("Commits of `").append(source.repo()).append("`, first parents only, each built with `")
                    .append(source.build()).append("` (jar `").append(source.artifact()).append("`):\n\n");
            for (BisectReport.Commit c : source.commits()) {
                md.append("- `").append(c.label()).append("` ").append(c.subject()).append("\n");
            }
            md.append("\n");
        }
        List<String[]> rows = rows(report);
        if (!rows.isEmpty()) {
            String[] header = header(report);
            md.append("| ").append(String.join(" | ", header)).append(" |\n");
            md.append("|").append(" --- |".repeat(header.length)).append("\n");
            for (String[] row : rows) md.append("| ").append(String.join(" | ", row)).append(" |\n");
            String word = word(report);
            md.append("\nEach step is an interleaved session of its ").append(word).append(" (B) against ")
                    .append(report.good()).append(" (A), in its own directory `step-N-")
                    .append(word.toUpperCase(Locale.ROOT)).append("`; the first step checks the bad end. Effect: B's ")
                    .append(judged(report).equals(JudgedMetric.TIME) ? "time per operation"
                            : judged(report).judged())
                    .append(" over A's, less one (above 0 worse).\n\n");
        }
        for (String line : conclusion(report)) md.append("**").append(line).append("**\n\n");
        return md.toString();
    }

    /** What the steps judged on: their sessions' metric (time in a report written before it was recorded). */
    static JudgedMetric judged(BisectReport report) {
        return report.search().steps().stream().map(Bisection.Step::detail).filter(d -> d != null)
                .map(d -> d.judging().judged()).findFirst().orElse(JudgedMetric.TIME);
    }

    /** One row per step and workload: the step's number, version and outcome on its first row. */
    static List<String[]> rows(BisectReport report) {
        List<String[]> rows = new ArrayList<>();
        int n = 0;
        for (Bisection.Step<InterleaveReport> step : report.search().steps()) {
            n++;
            InterleaveReport session = step.detail();
            List<Interleaving.Result> results = session == null ? List.of() : session.results();
            String minutes = session == null || session.minutes() == null ? "-"
                    : String.format(Locale.ROOT, "%.1f", session.minutes());
            if (results.isEmpty()) {
                rows.add(new String[] {String.valueOf(n), step.version(), outcome(step), "-", "-", "-", "-",
                    "-", minutes});
            }
            for (int i = 0; i < results.size(); i++) {
                Interleaving.Result r = results.get(i);
                String[] effect = effect(r, session.alpha());
                boolean first = i == 0;
                rows.add(new String[] {first ? String.valueOf(n) : "", first ? step.version() : "",
                    first ? outcome(step) : "", r.row().workload(), r.row().verdict().name(), effect[0],
                    effect[1], String.valueOf(r.roundRatios().size()), first ? minutes : ""});
            }
        }
        return rows;
    }

    /** The lines that end the report: the answer, or why there is none and what range is left. */
    public static List<String> conclusion(BisectReport report) {
        Bisection.Result<InterleaveReport> search = report.search();
        String good = report.good();
        String word = word(report);
        List<String> lines = new ArrayList<>();
        switch (search.end()) {
            case FOUND -> {
                String head = "first bad " + word + " " + search.firstBad() + subject(report, search.firstBad())
                        + " (last good " + search.lastGood() + ")";
                InterleaveReport session = search.steps().stream().filter(s -> s.version().equals(search.firstBad()))
                        .findFirst().map(Bisection.Step::detail).orElse(null);
                if (session == null || session.results().isEmpty()) lines.add(head);
                else for (Interleaving.Result r : session.results()) {
                    String[] effect = effect(r, session.alpha());
                    lines.add(head + ": " + r.row().workload() + " effect " + effect[0] + " " + effect[1]
                            + " against " + good);
                }
            }
            case NOTHING_BETWEEN -> lines.add("first bad " + word + " " + report.bad() + subject(report, report.bad())
                    + " (last good " + good + "): no " + (word.equals("version") ? "released version" : word)
                    + " lies between them, so nothing was measured; kvbench interleave measures the effect");
            case NOT_CONFIRMED -> lines.add("not confirmed: " + report.bad() + " against " + good + " is "
                    + outcome(search.steps().get(0)) + ", not a regression; nothing to bisect");
            case CANDIDATES -> lines.add("the first bad " + word + " is one of " + String.join(", ",
                    search.candidates()) + " (last good " + search.lastGood() + "): only " + word
                    + "s that could not be measured are left");
            case UNDECIDED, FAILED -> {
                Bisection.Step<InterleaveReport> last = search.steps().get(search.steps().size() - 1);
                String why = "stopped: " + last.version() + " is " + outcome(last) + failure(last);
                lines.add(search.candidates().isEmpty() ? why + "; nothing was bisected"
                        : why + "; the first bad " + word + " is one of " + String.join(", ", search.candidates())
                                + " (last good " + search.lastGood() + ")");
            }
            default -> throw new IllegalStateException("end " + search.end());
        }
        if (!search.skipped().isEmpty()) {
            Map<String, String> unbuilt = report.source().skipped();
            lines.add("skipped (could not be measured): " + String.join(", ", search.skipped().stream()
                    .map(v -> v + (unbuilt.containsKey(v) ? " (" + unbuilt.get(v) + ")"
                            : search.steps().stream().filter(s -> s.version().equals(v)).findFirst()
                                    .map(BisectMarkdown::failure).orElse(""))).toList()));
        }
        return lines;
    }

    /** " (failed: what the first failed row says)", or "" where no row failed. */
    private static String failure(Bisection.Step<InterleaveReport> step) {
        if (step.detail() == null) return "";
        return step.detail().results().stream().filter(r -> r.failure() != null).findFirst()
                .map(r -> " (" + r.row().note() + ")").orElse("");
    }

    /** The header of the steps' table: its second column is "version" or "commit". */
    static String[] header(BisectReport report) {
        String[] header = HEADER.clone();
        header[1] = word(report);
        return header;
    }

    /** "version" or "commit": what the labels are. */
    private static String word(BisectReport report) {
        return report.source().labels() == BisectReport.Labels.COMMITS ? "commit" : "version";
    }

    /** ' "subject"' of a commit; "" for a version. */
    private static String subject(BisectReport report, String label) {
        String subject = report.source().subject(label);
        return subject.isEmpty() ? "" : " \"" + subject + "\"";
    }

    /** A step's outcome in words; a skip without a session is a commit that did not build. */
    private static String outcome(Bisection.Step<InterleaveReport> step) {
        return switch (step.outcome()) {
            case REGRESSION -> "REGRESSION (bad)";
            case NO_REGRESSION -> "NO_REGRESSION (good)";
            case UNDECIDED -> "UNDECIDED";
            case SKIPPED -> step.detail() == null ? "SKIPPED (does not build)" : "SKIPPED (does not link)";
            case FAILED -> "FAILED";
        };
    }

    /** "+12.3 %" and "[+8.1 %, +16.7 %]" (B's time over A's, less one); "-" where no rounds were judged. */
    static String[] effect(Interleaving.Result r, double alpha) {
        if (r.row().unit() == null) return new String[] {"-", "-"};
        double[] time = AbSummary.timeRatio(AbSummary.ratioInterval(r.roundRatios(), alpha), r.row().unit());
        String interval = Double.isNaN(time[1]) ? "-" : "[" + signed(time[1]) + ", " + signed(time[2]) + "]";
        return new String[] {signed(time[0]), interval};
    }

    private static String signed(double timeRatio) {
        if (Double.isNaN(timeRatio)) return "-";
        return String.format(Locale.ROOT, "%+.1f %%", (timeRatio - 1) * 100);
    }
}
