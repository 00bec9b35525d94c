package io.kvbench.report;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Direction;
import io.kvbench.result.Intervals;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.result.Units;
import io.kvbench.workload.Published;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One published table beside what a run measured: for the engines both sides have, each side's figure and its ratio to
 * the fastest engine on that side (absolute numbers do not travel between machines; ratios and ranks may), each side's
 * rank, and the rank agreement ({@link RankAgreement}: Kendall's tau with its bootstrap interval, and over the pairs
 * this run resolves). A row's interval is {@link RowInterval}'s, which widens where forks disagree. A measured row
 * whose 95 % interval is wider than {@link #RESOLVED_WITHIN} of its mean is unresolved: the reports mark it, and its
 * rank is the range its interval allows, as is every rank whose interval overlaps another's.
 *
 * @param agreement the rank agreement over {@code lines}
 * @param missing   published engines kvbench has that the run did not measure (or that failed), by label
 */
public record Reproduction(Published source, Published.Table table, long measuredRecords, List<Line> lines,
                           RankAgreement agreement, List<String> missing) {

    /** The widest 95 % interval, as a fraction of the mean, of a row that can carry a rank of its own. */
    public static final double RESOLVED_WITHIN = 0.10;

    /**
     * A ratio is "times the fastest": 1.00x for the fastest engine of its side, larger for slower ones.
     *
     * @param row       the published row: engine, label and figure
     * @param halfWidth the measured row's 95 % half-width ({@link RowInterval}: forks count), in the result's unit; NaN
     *                  without one
     * @param rank      where the engine stands on each side
     */
    public record Line(Published.Row row, double publishedRatio, BenchmarkResult measured, double halfWidth,
                       double measuredRatio, Rank rank) {

        public String label() {
            return row.label();
        }

        public String engine() {
            return row.engine();
        }

        /** The published figure, in the table's unit. */
        public double published() {
            return row.value();
        }

        /** {@link #halfWidth} as a fraction of the mean. */
        public double relativeHalfWidth() {
            return halfWidth() / Math.abs(measured.score());
        }

        /** True when the row's interval is within {@link #RESOLVED_WITHIN} of its mean. */
        public boolean resolved() {
            return relativeHalfWidth() <= RESOLVED_WITHIN;
        }
    }

    /**
     * 1 is the fastest. A published rank shared by equal figures is the best of them; a measured rank is a range: from
     * 1 + the engines this run places ahead of it with intervals apart, to n - those it places behind.
     */
    public record Rank(int published, int measuredBest, int measuredWorst) {

        /** "3", or "2-4" where intervals overlap. */
        public String measuredText() {
            return measuredBest == measuredWorst ? String.valueOf(measuredBest) : measuredBest + "-" + measuredWorst;
        }
    }

    /**
     * Every published table the run measured at least one engine of; where a source published one workload's table at
     * several sizes, only the one nearest (by ratio) to the size the run measured.
     */
    public static List<Reproduction> of(RunResults run) {
        List<Reproduction> out = new ArrayList<>();
        for (Published source : Published.all()) {
            List<Reproduction> measured = new ArrayList<>();
            for (Published.Table table : source.tables()) {
                Reproduction r = of(source, table, run);
                if (!r.lines().isEmpty()) measured.add(r);
            }
            for (Reproduction r : measured) {
                boolean nearer = measured.stream().anyMatch(o -> o != r && o.table()
                        .workload().equals(r.table().workload())
                        && sizeDistance(o) < sizeDistance(r));
                if (!nearer) out.add(r);
            }
        }
        return out;
    }

    private static double sizeDistance(Reproduction r) {
        return r.table().sizeDistance(r.measuredRecords());
    }

    static Reproduction of(Published source, Published.Table table, RunResults run) {
        List<Published.Row> rows = new ArrayList<>();
        List<BenchmarkResult> results = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        long records = 0;
        for (Published.Row row : table.rows()) {
            if (row.engine() == null) continue;
            BenchmarkResult r = find(run, row.engine(), table.workload());
            if (r == null) {
                missing.add(row.label());
                continue;
            }
            rows.add(row);
            results.add(r);
            records = records(r);
        }
        boolean lower = !Direction.of(table.unit()).higherIsBetter();
        double[] halfWidths = results.stream().mapToDouble(RowInterval::halfWidth).toArray();
        List<RankAgreement.Entry> entries = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            boolean reciprocal = !table.unit().equals(results.get(i).unit());
            entries.add(RankAgreement.Entry.of(rows.get(i).value(), results.get(i), halfWidths[i], reciprocal));
        }
        double[] published = entries.stream().mapToDouble(RankAgreement.Entry::published).toArray();
        double[] measured = entries.stream().mapToDouble(RankAgreement.Entry::value).toArray();
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            lines.add(new Line(rows.get(i), ratio(published, i, lower), results.get(i), halfWidths[i],
                    ratio(measured, i, lower), rank(entries, i, lower)));
        }
        lines.sort((a, b) -> Double.compare(a.publishedRatio(), b.publishedRatio()));
        return new Reproduction(source, table, records, lines, RankAgreement.of(entries), missing);
    }

    private static Rank rank(List<RankAgreement.Entry> entries, int i, boolean lowerIsBetter) {
        RankAgreement.Entry e = entries.get(i);
        int publishedAhead = 0;
        int ahead = 0;
        int behind = 0;
        for (RankAgreement.Entry other : entries) {
            if (other == e) continue;
            if (better(other.published(), e.published(), lowerIsBetter)) publishedAhead++;
            if (!e.resolvedAgainst(other)) continue;
            if (better(other.value(), e.value(), lowerIsBetter)) ahead++; else behind++;
        }
        return new Rank(1 + publishedAhead, 1 + ahead, entries.size() - behind);
    }

    private static boolean better(double a, double b, boolean lowerIsBetter) {
        return lowerIsBetter ? a < b : a > b;
    }

    /** Kendall's tau-b of the measured means against the published figures (NaN without two engines). */
    public double tau() {
        return agreement.tau();
    }

    /**
     * "Rank agreement (Kendall's tau-b) over 8 engines: 0.71, 95% bootstrap interval 0.52 to 0.86 (1: same order, -1:
     * reversed); over the 25 resolved pairs: 0.80; 3 of 28 pairs unresolved (intervals overlap: a tie, not a swap)", or
     * why there is no figure: one engine measured on both sides has no order to agree on, and all-tied figures on one
     * side have none either.
     */
    public String tauText() {
        int n = lines.size();
        if (n < 2) return "Rank agreement: needs 2 engines measured on both sides, this run has " + n;
        if (!Double.isFinite(tau())) {
            return "Rank agreement over " + n + " engines: none to compute (the figures of one side are all tied)";
        }
        RankAgreement a = agreement;
        StringBuilder text = new StringBuilder("Rank agreement (Kendall's tau-b) over ").append(n).append(" engines: ")
                .append(twoDecimals(a.tau()));
        if (Double.isFinite(a.low())) {
            text.append(", ").append(Math.round(Intervals.CONFIDENCE * 100)).append("% bootstrap interval ")
                    .append(twoDecimals(a.low())).append(" to ").append(twoDecimals(a.high()));
        }
        text.append(" (1: same order, -1: reversed)");
        if (a.unresolvedPairs() == 0) {
            return text.append(a.pairs() == 1 ? "; the pair is resolved" : "; all " + a.pairs() + " pairs resolved")
                    .toString();
        }
        if (a.resolvedPairs() == 0) {
            return text.append(a.pairs() == 1 ? "; not resolved: the two intervals overlap (a tie, not a swap)"
                    : "; no pair resolved: the intervals of all " + a.pairs() + " pairs overlap (ties, not swaps)")
                    .toString();
        }
        text.append(a.resolvedPairs() == 1 ? "; over the one resolved pair: "
                : "; over the " + a.resolvedPairs() + " resolved pairs: ")
                .append(Double.isFinite(a.resolvedTau()) ? twoDecimals(a.resolvedTau())
                        : "none to compute (tied published)");
        return text.append("; ").append(a.unresolvedPairs()).append(" of ").append(a.pairs())
                .append(" pairs unresolved (intervals overlap: a tie, not a swap)").toString();
    }

    /**
     * "Unresolved, ranked only as far as their intervals allow (95% interval wider than ±10% of the mean):
     * h2-mvstore ±54%, xodus-patricia ±22%", or empty when every row is resolved.
     */
    public String unresolvedText(Units units) {
        String rows = unresolvedRows(units);
        return rows.isEmpty() ? "" : "Unresolved, " + rows;
    }

    /** {@link #unresolvedText} without its first word, for a page that marks it with a badge. */
    public String unresolvedRows(Units units) {
        List<String> rows = lines.stream().filter(l -> !l.resolved())
                .map(l -> l.engine() + " " + halfWidthText(l, units)).toList();
        if (rows.isEmpty()) return "";
        return "ranked only as far as their intervals allow (" + Math.round(Intervals.CONFIDENCE * 100)
                + "% interval wider than " + units.plusMinus() + Math.round(RESOLVED_WITHIN * 100) + "% of the mean): "
                + String.join(", ", rows);
    }

    /**
     * "Measured with 3 forks x (10 warmup + 10 measured passes) per engine", as the results recorded it: what the
     * intervals above were measured with.
     */
    public String iterationsText() {
        List<String> distinct = lines.stream().map(l -> iterations(l.measured())).distinct().toList();
        return "Measured with " + String.join(" or ", distinct) + " per engine";
    }

    private static String iterations(BenchmarkResult r) {
        Map<String, String> p = r.context() == null || r.context().parameters() == null ? Map.of()
                : r.context().parameters();
        String forks = p.getOrDefault("forks", "?");
        return forks + (forks.equals("1") ? " fork" : " forks") + " x ("
                + p.getOrDefault("iterations", "? iterations") + ")";
    }

    /** "±22%", or "no interval" for a row measured with fewer than two samples. */
    public static String halfWidthText(Line line, Units units) {
        double relative = line.relativeHalfWidth();
        return Double.isFinite(relative) ? units.plusMinus() + Math.round(relative * 100) + "%" : "no interval";
    }

    private static String twoDecimals(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** The heading: whose table, which column, at which sizes. */
    public String heading() {
        return source.title() + ", " + table.published() + " (" + table.workload() + ", " + table.unit()
                + "): published "
                + String.format(Locale.ROOT, "%,d", table.records()) + " records on " + source.hardware()
                + ", measured " + (measuredRecords > 0 ? String.format(Locale.ROOT, "%,d", measuredRecords) : "?")
                + " records here";
    }

    private static BenchmarkResult find(RunResults run, String engine, String workload) {
        for (BenchmarkResult r : run.results()) {
            if (engine.equals(r.engine()) && workload.equals(r.workload()) && r.status() == Status.OK
                    && Double.isFinite(r.score()) && r.score() > 0) {
                return r;
            }
        }
        return null;
    }

    private static double ratio(double[] values, int i, boolean lowerIsBetter) {
        double best = lowerIsBetter ? Double.MAX_VALUE : 0;
        for (double v : values) best = lowerIsBetter ? Math.min(best, v) : Math.max(best, v);
        return lowerIsBetter ? values[i] / best : best / values[i];
    }

    private static long records(BenchmarkResult r) {
        String records = r.context() == null || r.context().parameters() == null ? null : r.context().parameters()
                .get("records");
        try {
            return records == null ? 0 : Long.parseLong(records);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
