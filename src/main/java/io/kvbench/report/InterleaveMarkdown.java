package io.kvbench.report;

import io.kvbench.gate.InterleaveReport;
import io.kvbench.gate.Interleaving;
import io.kvbench.judge.ComparisonRow;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** An interleaved A/B comparison for people: interleave.md and the per-round ratios of its tables. */
public final class InterleaveMarkdown {

    private InterleaveMarkdown() {
    }

    public static String markdown(InterleaveReport report) {
        StringBuilder md = new StringBuilder("## Interleaved comparison\n\n");
        md.append("Profile `").append(report.profile()).append("`, ").append(report.rounds()).append(" rounds. A: ")
                .append(report.a()).append(". B: ").append(report.b()).append(".\nPolicy: ").append(report.policy())
                .append(".\n\n");
        md.append("| engine | workload | verdict | A | B | delta | confidence | B/A per round | resolution | note |\n");
        md.append("|").append(" --- |".repeat(10)).append("\n");
        for (Interleaving.Result r : report.results()) {
            ComparisonRow row = r.row();
            String[] c = ComparisonMarkdown.cells(row);
            md.append("| ").append(String.join(" | ", c[0], c[1], c[2], c[3], c[4], c[5], c[6], ratios(r.roundRatios()),
                    AbSummary.resolution(r.resolution()), c[7].replace("|", "\\|"))).append(" |\n");
        }
        md.append("\nResolution: the smallest slowdown the session could have caught at its false-alarm rate, with the "
                + "miss rate beta; a PASS says no slowdown of that size or more "
                + "(docs/methodology/sequential-test.md).\n");
        return md.toString();
    }

    /** B/A of every round, "0.982 1.013 -" (NaN as "-"). */
    public static String ratios(List<Double> ratios) {
        return ratios.stream().map(r -> Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.3f", r))
                .collect(Collectors.joining(" "));
    }
}
