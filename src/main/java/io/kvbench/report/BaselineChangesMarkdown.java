package io.kvbench.report;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineUpdate;
import io.kvbench.baseline.Formats;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a baseline update changes, as Markdown for the pull request that proposes it: the reason, and per new or updated
 * (engine, workload) the old and new score, the delta (marked better or worse), the spread of both measurements and
 * the engine version, so that a reviewer can tell an intended change from a regression being written into the
 * baselines.
 */
public final class BaselineChangesMarkdown {

    static final List<String> HEADER = List.of("engine", "workload", "change", "engine version", "old", "new", "delta",
            "spread old → new", "disk old → new");

    private BaselineChangesMarkdown() {
    }

    public static String render(BaselineUpdate update, String reason) {
        StringBuilder md = new StringBuilder();
        md.append("## Baseline update: profile `").append(update.profile()).append("`, machine class `")
                .append(update.machineClass()).append("`\n\n");
        md.append("**Reason:** ").append(reason == null || reason.isBlank() ? "(none given)" : oneLine(reason))
                .append("\n\n");
        md.append(update.count(BaselineUpdate.Kind.UPDATED)).append(" updated, ")
                .append(update.count(BaselineUpdate.Kind.NEW))
                .append(" new, ").append(update.count(BaselineUpdate.Kind.UNCHANGED))
                .append(" unchanged (not listed), ")
                .append(update.notApplicable()).append(" not applicable (never recorded)");
        if (update.errors() > 0) md.append(", **").append(update.errors()).append(" ERROR results skipped**");
        md.append(" in `").append(update.directory()).append("`; ").append(update.disk().size())
                .append(" disk and ").append(update.costs().size())
                .append(" cost baselines for every machine class.\n\n");
        if (!update.knownIssues().isEmpty()) {
            md.append("Not recorded, known engine issues (old baselines kept):\n\n");
            for (String known : update.knownIssues()) md.append("- ").append(oneLine(known)).append("\n");
            md.append("\n");
        }
        List<BaselineUpdate.Change> changed = update.changes().stream()
                .filter(c -> c.kind() != BaselineUpdate.Kind.UNCHANGED).toList();
        if (changed.isEmpty()) {
            md.append("No baseline changes: every measurement equals the stored one.\n");
            return md.toString();
        }
        md.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        md.append("|").append(" --- |".repeat(HEADER.size())).append("\n");
        for (BaselineUpdate.Change c : changed) {
            md.append("|");
            for (String cell : cells(c)) md.append(" ").append(ComparisonMarkdown.escape(cell)).append(" |");
            md.append("\n");
        }
        md.append("\nSpread: coefficient of variation of the iteration samples (standard deviation / mean, over every "
                + "fork). Delta: new against old; better or worse by the metric's direction.\n");
        return md.toString();
    }

    private static List<String> cells(BaselineUpdate.Change c) {
        Baseline old = c.old();
        Baseline updated = c.updated();
        String unit = updated.unit();
        return List.of(updated.engine(), updated.workload(), c.kind().name().toLowerCase(Locale.ROOT),
                version(old, updated), old == null ? "-" : Formats.score(old.score(), old.unit()),
                Formats.score(updated.score(), unit), delta(c), spread(old) + " → " + spread(updated),
                disk(old) + " → " + disk(updated));
    }

    private static String version(Baseline old, Baseline updated) {
        String now = version(updated);
        String before = old == null ? now : version(old);
        return before.equals(now) ? now : before + " → " + now;
    }

    private static String version(Baseline b) {
        return b.context() == null || b.context().engineVersion() == null ? "-" : b.context().engineVersion();
    }

    private static String delta(BaselineUpdate.Change c) {
        double delta = c.deltaPercent();
        if (!Double.isFinite(delta)) return "-";
        if (delta == 0 || !Objects.equals(c.old().metric(), c.updated().metric())) return Formats.percent(delta);
        boolean better = c.updated().higherIsBetter() == delta > 0;
        return Formats.percent(delta) + (better ? " (better)" : " (worse)");
    }

    /** Coefficient of variation of the samples in percent, "-" with fewer than two. */
    static String spread(Baseline b) {
        if (b == null || b.samples().size() < 2) return "-";
        List<Double> s = b.samples();
        double mean = s.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double variance = s.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (s.size() - 1);
        return mean == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", Math.sqrt(variance) / Math.abs(mean) * 100);
    }

    private static String disk(Baseline b) {
        return b == null || b.diskBytes() == null ? "-" : Formats.bytes(b.diskBytes());
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
