package io.kvbench.report;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.workload.Published;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.correlation.KendallsCorrelation;

/**
 * One published table beside what a run measured: for the engines both sides have, each side's figure and its ratio to
 * the fastest engine on that side (absolute numbers do not travel between machines; ratios and ranks may), and the rank
 * agreement, Kendall's tau over those engines (1: same order, -1: reversed; undefined below two engines).
 *
 * @param missing published engines kvbench has that the run did not measure (or that failed), by label
 */
public record Reproduction(Published source, Published.Table table, long measuredRecords, List<Line> lines, double tau,
                           List<String> missing) {

    /** A ratio is "times the fastest": 1.00x for the fastest engine of its side, larger for slower ones. */
    public record Line(String label, String engine, double published, double publishedRatio, BenchmarkResult measured,
                       double measuredRatio) {
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
                boolean nearer = measured.stream().anyMatch(o -> o != r && o.table().workload().equals(r.table().workload())
                        && sizeDistance(o) < sizeDistance(r));
                if (!nearer) out.add(r);
            }
        }
        return out;
    }

    private static double sizeDistance(Reproduction r) {
        return r.measuredRecords() <= 0 ? 0 : Math.abs(Math.log((double) r.table().records() / r.measuredRecords()));
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
        double[] published = rows.stream().mapToDouble(Published.Row::value).toArray();
        double[] measured = results.stream().mapToDouble(r -> inUnit(r, table.unit())).toArray();
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            lines.add(new Line(rows.get(i).label(), rows.get(i).engine(), published[i],
                    ratio(published, i, table.lowerIsBetter()), results.get(i), ratio(measured, i, table.lowerIsBetter())));
        }
        lines.sort((a, b) -> Double.compare(a.publishedRatio(), b.publishedRatio()));
        double tau = rows.size() < 2 ? Double.NaN : new KendallsCorrelation().correlation(published, measured);
        return new Reproduction(source, table, records, lines, tau, missing);
    }

    /**
     * "Rank agreement (Kendall's tau) over 5 engines: 0.60 (1: same order, -1: reversed)", or why there is no figure:
     * one engine measured on both sides has no order to agree on, and all-tied figures on one side have none either.
     */
    public String tauText() {
        if (lines.size() < 2) {
            return "Rank agreement: needs 2 engines measured on both sides, this run has " + lines.size();
        }
        if (!Double.isFinite(tau)) {
            return "Rank agreement over " + lines.size() + " engines: none to compute (the figures of one side are all tied)";
        }
        return "Rank agreement (Kendall's tau) over " + lines.size() + " engines: "
                + String.format(Locale.ROOT, "%.2f", tau) + " (1: same order, -1: reversed)";
    }

    /** The heading: whose table, which column, at which sizes. */
    public String heading() {
        return source.title() + ", " + table.published() + " (" + table.workload() + ", " + table.unit() + "): published "
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

    /** Passes are timed in s/op and operations in ops/s; a published figure in the other unit is its reciprocal. */
    private static double inUnit(BenchmarkResult r, String unit) {
        return unit.equals(r.unit()) ? r.score() : 1 / r.score();
    }

    private static double ratio(double[] values, int i, boolean lowerIsBetter) {
        double best = lowerIsBetter ? Double.MAX_VALUE : 0;
        for (double v : values) best = lowerIsBetter ? Math.min(best, v) : Math.max(best, v);
        return lowerIsBetter ? values[i] / best : best / values[i];
    }

    private static long records(BenchmarkResult r) {
        String records = r.context() == null || r.context().parameters() == null ? null : r.context().parameters().get("records");
        try {
            return records == null ? 0 : Long.parseLong(records);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
