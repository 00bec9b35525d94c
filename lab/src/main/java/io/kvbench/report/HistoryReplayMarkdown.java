package io.kvbench.report;

import io.kvbench.calibration.HistoryReplay;
import java.util.List;
import java.util.Locale;

/** A nightly history replayed against injected slowdowns, for people: the table {@code kvbench history replay} writes.
 * */
public final class HistoryReplayMarkdown {

    private HistoryReplayMarkdown() {
    }

    /** The table, one row per (source, benchmark, slowdown), and how to read it. */
    public static String markdown(List<HistoryReplay.Row> rows, HistoryReplay.Settings s, String policy) {
        StringBuilder md = new StringBuilder();
        md.append("| runs | benchmark | slowdown | series | Otava: flagged | nights to flag (median, range) "
                + "| Otava: change points per 100 nights | alarm nights per 100 | per shard: regressions / judged |\n"
                + "|---|---|---|---|---|---|---|---|---|\n");
        for (HistoryReplay.Row r : rows) {
            String kind = r.resampled() ? "resampled " + s.unchangedNights() + "+" + s.injectedNights()
                    : "recorded order";
            boolean unchanged = r.level() == 0;
            List<Integer> flagged = r.nightsToFlag().stream().filter(n -> n >= 0).sorted().toList();
            md.append("| ").append(r.source()).append(" | ").append(r.engine()).append(" / ").append(r.workload())
                    .append(" | ")
                    .append(unchanged ? "none" : Math.round(r.level() * 100) + " %").append(" | ").append(r.series())
                    .append(" (").append(kind).append(") | ")
                    .append(unchanged ? "-" : flagged.size() + " / " + r.series()).append(" | ")
                    .append(unchanged || flagged.isEmpty() ? "-" : flagged.get(flagged.size() / 2) + " ("
                    + flagged.get(0) + "-"
                            + flagged.get(flagged.size() - 1) + ")").append(" | ")
                    .append(unchanged ? per100(r.changePoints(), r.seriesNights()) : "-").append(" | ")
                    .append(unchanged ? per100(r.alarmNights(), r.nights()) : "-").append(" | ")
                    .append(r.resampled() ? "-" : r.regressions() + " / " + r.judged()).append(" |\n");
        }
        md.append("\nOtava p <= ").append(s.otava().pValue()).append(", min shift ").append(s.otava().magnitude())
                .append("; a step counts as flagged when a worse change point lies within ").append(s.tolerance())
                .append(" nights of it; alarm night: a worse change point within the newest ").append(s.failWithin())
                .append(" nights of that night's history. Per shard: pooled previous ").append(s.window())
                .append(" nights, ").append(s.reruns())
                .append(" confirmation rerun(s) with the next run of the same kind; ")
                .append(policy).append(".\n");
        return md.toString();
    }

    private static String per100(int count, int nights) {
        return nights == 0 ? "-" : String.format(Locale.ROOT, "%.1f (%d in %d)", 100.0 * count / nights, count, nights);
    }
}
