package io.kvbench.report;

import io.kvbench.baseline.Formats;
import io.kvbench.calibration.CalibrationAnalysis;
import io.kvbench.calibration.CalibrationReport;
import io.kvbench.calibration.DetectionCounts;
import io.kvbench.calibration.SequentialReplay;
import io.kvbench.calibration.NoiseAnalysis;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A calibration's figures for people: calibration.md, also printed by {@code kvbench calibrate}. */
public final class CalibrationMarkdown {

    private CalibrationMarkdown() {
    }

    public static String markdown(CalibrationReport r) {
        StringBuilder md = new StringBuilder();
        md.append("## Regression detection, measured\n\n");
        md.append(String.format(Locale.ROOT,
                "Profile `%s`, runner `%s` (%s), machine class `%s`; %d runs%s; %s.%n",
                r.profile(), r.runner(), r.resources(), r.machineClass(), r.runs(), r.complete() ? ""
                        : " (stopped early)", r.nanosPerToken() == null ? "slowdowns delay every engine get and put"
                        : String.format(Locale.ROOT, "token cost %.4f ns", r.nanosPerToken())));
        md.append("Policy: ").append(r.policy()).append("; ").append(r.confirmations())
                .append(" confirmation rerun(s); baselines pool ")
                .append(r.baselineRuns()).append(r.baselineRuns() == 1 ? " run.\n\n" : " runs.\n\n");
        List<String> levelNames = new ArrayList<>(r.overall().levels().keySet());
        md.append("| workload | engine | unchanged runs | false alarms: single | false alarms: confirmed |");
        for (String l : levelNames) md.append(" ").append(l).append(": achieved | ").append(l).append(": detected |");
        md.append("\n|").append(" --- |".repeat(5 + 2 * levelNames.size())).append("\n");
        for (CalibrationAnalysis.Benchmark b : r.benchmarks()) {
            md.append("| ").append(b.workload()).append(" | ").append(b.engine()).append(" | ")
                    .append(b.unchangedRuns())
                    .append(" | ").append(b.falseAlarms().singleText()).append(" | ")
                    .append(b.falseAlarms().confirmedText()).append(" |");
            for (String l : levelNames) {
                CalibrationAnalysis.Level level = b.levels().stream()
                        .filter(x -> CalibrationReport.levelName(x.slowdown()).equals(l)).findFirst().orElse(null);
                md.append(level == null ? " - | - |" : " " + Formats.percent(level.achieved() * 100) + " | "
                        + level.detections().confirmedText() + " |");
            }
            md.append("\n");
        }
        for (CalibrationReport.Total t : r.workloads()) appendTotal(md, t.name(), "all", t, levelNames);
        appendTotal(md, "**all**", "all", r.overall(), levelNames);
        md.append("\nConfirmed rates with 95 % intervals (optimistic: comparisons share runs): false alarms ")
                .append(rate(r.overall().falseAlarms()));
        for (String l : levelNames) md.append("; ").append(l).append(" detected ")
                .append(rate(r.overall().levels().get(l).detections()));
        md.append(".\n\n");
        if (!r.grid().isEmpty()) {
            md.append("Policy grid (all benchmarks, confirmed):\n\n| alpha | minimum effect | false alarms |");
            for (String l : levelNames) md.append(" ").append(l).append(" detected |");
            md.append("\n|").append(" --- |".repeat(3 + levelNames.size())).append("\n");
            for (CalibrationReport.GridPoint g : r.grid()) {
                md.append("| ").append(g.alpha()).append(" | ").append(Formats.number(g.minEffect() * 100))
                        .append(" % | ")
                        .append(g.falseAlarms().confirmedText()).append(" |");
                for (String l : levelNames) {
                    DetectionCounts d = g.detections().get(l);
                    md.append(" ").append(d == null ? "-" : d.confirmedText()).append(" |");
                }
                md.append("\n");
            }
            md.append("\n");
        }
        for (String note : r.notes()) md.append("- ").append(note).append("\n");
        appendNoise(md, r);
        appendSequential(md, r);
        return md.toString();
    }

    private static void appendSequential(StringBuilder md, CalibrationReport r) {
        if (r.sequential() == null) return;
        List<String> levelNames = r.sequential().figures().get(0).detections().keySet().stream().toList();
        md.append("\n### Sequential, the default of `kvbench interleave`: disjoint sessions (")
                .append(r.sequential().test()).append(")\n\n");
        md.append("| workload | engine | false alarms (A' vs A) | rounds |");
        for (String l : levelNames) md.append(" ").append(l).append(" detected | rounds |");
        md.append("\n|").append(" --- |".repeat(4 + 2 * levelNames.size())).append("\n");
        for (SequentialReplay.Figures f : r.sequential().figures()) {
            md.append("| ").append(f.workload()).append(" | ").append(f.engine()).append(" | ")
                    .append(f.falseAlarms().withInterval()).append(" | ").append(rounds(f, "A'")).append(" |");
            for (String l : levelNames) {
                DetectionCounts d = f.detections().get(l);
                md.append(" ").append(d == null ? "-" : d.withInterval()).append(" | ").append(rounds(f, l))
                        .append(" |");
            }
            md.append("\n");
        }
        md.append("\n- Each comparison runs through the rounds in disjoint sessions; a session takes rounds until the "
                + "sequential test accepts a regression or its absence, or reaches its round limit (undecided: counted "
                + "as not flagged, where the command would judge the rounds with the paired test); the next session "
                + "starts with the next round. rounds: the mean a session used (undecided sessions in brackets). "
                + "Intervals: exact (Clopper-Pearson) 95 %.\n");
    }

    private static String rounds(SequentialReplay.Figures f, String comparison) {
        Double mean = f.meanRounds().get(comparison);
        int undecided = f.undecided().getOrDefault(comparison, 0);
        return (mean == null || mean.isNaN() ? "-" : Formats.number(mean))
                + (undecided > 0 ? " (" + undecided + " undecided)" : "");
    }

    private static void appendNoise(StringBuilder md, CalibrationReport r) {
        if (r.noise() == null || r.noise().isEmpty()) return;
        md.append("\n### Where the noise is\n\n");
        md.append("| workload | engine | unchanged runs | run-to-run CV | SE of a run's mean from its forks | share "
                + "its forks do not explain | iteration CV in a fork | complete rounds | a run beside its neighbours | "
                + "drift between rounds | smallest slowdown caught vs a stored baseline (" + r.baselineRuns() + " run"
                + (r.baselineRuns() == 1 ? "" : "s")
                + ") | ... by interleave, " + r.interleaveRounds() + " rounds | interleave rounds for "
                + Formats.number(NoiseAnalysis.TARGET * 100) + " % |\n");
        md.append("|").append(" --- |".repeat(13)).append("\n");
        for (NoiseAnalysis.Noise n : r.noise()) {
            md.append("| ").append(n.workload()).append(" | ").append(n.engine()).append(" | ")
                    .append(n.unchangedRuns())
                    .append(" | ").append(pct(n.runToRun())).append(" | ").append(pct(n.forkError())).append(" | ")
                    .append(pct(n.unexplained())).append(" | ").append(pct(n.iterationCv())).append(" | ")
                    .append(n.completeRounds()).append(" | ").append(pct(n.neighbour())).append(" | ")
                    .append(pct(n.drift()))
                    .append(" | ").append(pct(n.storedBaselineMde())).append(" | ").append(pct(n.interleavedMde()))
                    .append(" | ").append(n.interleavedRoundsFor10() < 0 ? "-"
                    : String.valueOf(n.interleavedRoundsFor10()))
                    .append(" |\n");
        }
        md.append("\n- Run-to-run CV: of the unchanged runs' means; SE from forks: what one run's fork means say about "
                + "its own mean (median); the share they do not explain is 1 - SE^2 / CV^2: near 0, more forks help; "
                + "near 1, the runs drift and more forks buy nothing.\n");
        md.append("- A run beside its neighbours, drift between rounds: standard deviations of log scores from a "
                + "round + level model of the complete rounds (every level run back to back, random order).\n");
        md.append("- Smallest slowdowns caught with " + Formats.number(NoiseAnalysis.POWER * 100)
                + " % probability at alpha "
                + r.alpha() + " (normal approximation, any minimum effect aside): against a stored baseline both the "
                + "run's own noise and the drift count; interleaved, A and B run side by side and only the neighbour "
                + "noise counts.\n");
    }

    private static String pct(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }

    private static void appendTotal(StringBuilder md, String workload, String engine, CalibrationReport.Total t,
            List<String> levelNames) {
        md.append("| ").append(workload).append(" | ").append(engine).append(" | ").append(t.unchangedRuns())
                .append(" | ")
                .append(t.falseAlarms().singleText()).append(" | ").append(t.falseAlarms().confirmedText())
                .append(" |");
        for (String l : levelNames) {
            CalibrationReport.LevelTotal lt = t.levels().get(l);
            md.append(lt == null ? " - | - |" : " " + Formats.percent(lt.achieved() * 100) + " | " + lt.detections()
                    .confirmedText() + " |");
        }
        md.append("\n");
    }

    private static String rate(DetectionCounts c) {
        if (c.comparisons() == 0) return "-";
        return String.format(Locale.ROOT, "%.1f %% [%.1f, %.1f]", 100 * c.confirmedRate(), 100 * c.confirmedLower(),
                100 * c.confirmedUpper());
    }
}
