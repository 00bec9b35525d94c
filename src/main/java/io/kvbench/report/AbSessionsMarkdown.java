package io.kvbench.report;

import io.kvbench.calibration.AbFigures;
import io.kvbench.calibration.AbSessions;
import io.kvbench.calibration.DetectionCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An A/B campaign for people ({@code calibrate --ab-sessions}, ab-sessions.md): per benchmark, the unchanged sessions'
 * false alarms and the injected levels' detections with their exact 95 % (Clopper-Pearson) intervals, the per-round
 * spread, rounds and minutes per session, and what the passes resolved.
 */
public final class AbSessionsMarkdown {

    private AbSessionsMarkdown() {
    }

    public static String markdown(AbSessions data) {
        StringBuilder md = new StringBuilder("## A/B sessions, measured\n\n");
        md.append(String.format(Locale.ROOT, "Profile `%s`, runner `%s`, machine class `%s`; %d sessions%s.%n",
                data.conditions().profile(), data.conditions().runner(), data.machineClass(), data.sessions().size(),
                data.complete() ? "" : " (stopped early)"));
        md.append("Sessions: ").append(data.conditions().session()).append(".\n\n");
        if (!data.sizing().isEmpty()) {
            List<String> sized = new ArrayList<>();
            for (AbSessions.Sizing s : data.sizing()) {
                List<String> levels = new ArrayList<>();
                for (AbSessions.Level l : s.delays()) levels.add(pct(l.slowdown()) + " = " + l.delayNanos() + " ns");
                sized.add(String.format(Locale.ROOT, "%s / %s %.0f ns per operation (%s)", s.engine(), s.workload(),
                        s.nanosPerOperation(), String.join(", ", levels)));
            }
            md.append("Injected into B's engine calls (per get and put): ").append(String.join("; ", sized))
                    .append(".\n\n");
        }
        md.append("| engine | workload | injected | sessions | regressions accepted (95 % CI) | achieved | "
                + "per-round spread, median (range) | rounds, median (max) | minutes, median (max) | "
                + "resolution of the passes, median |\n");
        md.append("|").append(" --- |".repeat(10)).append("\n");
        List<AbFigures> rows = new ArrayList<>(AbFigures.of(data));
        rows.addAll(AbFigures.overall(data));
        for (AbFigures f : rows) {
            DetectionCounts c = f.regressions();
            String engine = f.engine().equals("all") ? "**all**" : f.engine();
            md.append("| ").append(String.join(" | ", engine, f.workload(),
                    f.slowdown() == 0 ? "none" : pct(f.slowdown()), String.valueOf(c.comparisons()),
                    (f.slowdown() == 0 ? "false alarms " : "caught ") + c.withInterval(),
                    f.slowdown() == 0 ? "-" : signed(f.effect().achieved()),
                    String.format(Locale.ROOT, "%s (%s-%s)", pct(f.spread().median()), pct(f.spread().min()),
                            pct(f.spread().max())),
                    String.format(Locale.ROOT, "%s (%d)", number(f.costs().medianRounds()), f.costs().maxRounds()),
                    String.format(Locale.ROOT, "%.1f (%.1f)", f.costs().medianMinutes(), f.costs().maxMinutes()),
                    Double.isNaN(f.effect().resolution()) ? "-" : pct(f.effect().resolution()))).append(" |\n");
        }
        md.append("\n- Each session is one `kvbench interleave` of one benchmark with the options given; sessions are "
                + "disjoint, so the exact binomial intervals apply. False alarms: unchanged sessions (B = A) that "
                + "accepted a regression; caught: injected sessions that did. 0 of n bounds the rate below "
                + "1 - 0.025^(1/n) (95 %): about 3.7/n.\n");
        return md.toString();
    }

    private static String pct(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }

    private static String signed(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%+.1f %%", fraction * 100);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
