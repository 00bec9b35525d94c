package io.kvbench.report;

import io.kvbench.calibration.AbFigures;
import io.kvbench.calibration.AbSessions;
import io.kvbench.calibration.DetectionCounts;
import io.kvbench.calibration.RunnerReach;
import io.kvbench.judge.SequentialTest;
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

    /** The budget per benchmark the reach is stated for: the A/B's target of a session under 15 minutes. */
    public static final double REACH_MINUTES = 15;

    public static String markdown(AbSessions data, SequentialTest test) {
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
        reach(md, data, test);
        return md.toString();
    }

    /** What the runner resolves in {@link #REACH_MINUTES} per benchmark, simulated at the measured spreads. */
    private static void reach(StringBuilder md, AbSessions data, SequentialTest test) {
        List<RunnerReach> reaches = RunnerReach.of(data, test, REACH_MINUTES);
        if (reaches.isEmpty()) return;
        String budget = number(REACH_MINUTES) + " minutes";
        md.append("\n## What this runner resolves in ").append(budget).append(" per benchmark\n\n");
        md.append(String.format(Locale.ROOT, "The sequential test (alpha %s, beta %s, minimum effect %s, %d to %d "
                + "rounds) simulated at the unchanged sessions' per-round spread (normal rounds, %,d sessions per "
                + "false-alarm rate), with the rounds %s hold at the minutes a round took here; a session still "
                + "undecided then is judged by the paired test, as interleave judges it. The smallest slowdown "
                + "caught is the one that ends in a regression in at least %s of the sessions.%n%n",
                test.alpha(), test.beta(), pct(test.minEffect()), test.minRounds(), test.maxRounds(),
                RunnerReach.ALARM_SESSIONS, budget, pct(1 - test.beta())));
        md.append("| engine | workload | minutes per round | rounds in ").append(budget).append(" | spread, median "
                + "| false alarms | smallest slowdown caught | limited by | at the largest spread |\n");
        md.append("|").append(" --- |".repeat(9)).append("\n");
        for (RunnerReach r : reaches) {
            RunnerReach.Reach t = r.typical();
            md.append("| ").append(String.join(" | ", r.engine(), r.workload(),
                    String.format(Locale.ROOT, "%.2f", r.minutesPerRound()), String.valueOf(r.rounds()),
                    t == null ? "-" : pct(t.spread()), t == null ? "-" : pct(t.falseAlarms()),
                    t == null ? "-" : caught(t.smallestCaught()), limit(r, t, test),
                    r.noisiest() == null ? "-" : caught(r.noisiest().smallestCaught()) + " (spread "
                            + pct(r.noisiest().spread()) + ")")).append(" |\n");
        }
        md.append("\n- Limited by: the spread, where even the test's ").append(test.maxRounds()).append(" rounds "
                + "would not catch the minimum effect; the budget, where they would but ").append(budget)
                .append(" do not hold them. The rates hold for rounds as noisy as measured and independent; a bias "
                + "between the two sides (a core, a disk) is not in them: the real sessions above check it.\n");
    }

    private static String limit(RunnerReach r, RunnerReach.Reach t, SequentialTest test) {
        if (t == null) return "the budget: " + r.rounds() + " rounds, the test needs " + test.minRounds();
        if (!(t.smallestCaught() > test.minEffect())) return "-";
        if (t.budgetLimited(test)) {
            return "the budget (" + test.maxRounds() + " rounds: " + pct(t.withAllRounds()) + ")";
        }
        return "the spread (" + test.maxRounds() + " rounds: " + caught(t.withAllRounds()) + ")";
    }

    private static String caught(double slowdown) {
        return Double.isNaN(slowdown) ? "over " + pct(RunnerReach.LARGEST) : pct(slowdown);
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
