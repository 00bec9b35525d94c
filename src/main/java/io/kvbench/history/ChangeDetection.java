package io.kvbench.history;

import io.kvbench.report.TrendChart;
import io.kvbench.report.TrendsPage;
import io.kvbench.result.BenchmarkResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Change points over every series of a history: each series' OK nights go to Otava in one call, and each change it
 * finds is named by its commit range, shift and direction. Failed nights are left out of the analysis (they are no
 * score) but kept on the charts as gaps.
 */
public final class ChangeDetection {

    /** What {@code kvbench history changes} writes as change-points.json. */
    public record Report(int schemaVersion, String otava, double maxPValue, double minMagnitude, int series, int nights,
                         List<ChangePoint> changePoints) {
        public static final int SCHEMA_VERSION = 1;
        public static final String FILE = "change-points.json";

        /** Worse change points whose first night is among the newest {@code nights} of its series. */
        public List<ChangePoint> recentWorse(int nights) {
            return changePoints.stream().filter(c -> c.worse() && c.nightsSince() <= nights).toList();
        }
    }

    private ChangeDetection() {
    }

    public static Report detect(List<HistoryStore.Series> all, Otava otava, Otava.Settings settings, Path workDir) throws IOException {
        List<Otava.Input> inputs = new ArrayList<>();
        Map<String, HistoryStore.Series> byId = new HashMap<>();
        int nights = 0;
        for (int i = 0; i < all.size(); i++) {
            HistoryStore.Series series = all.get(i);
            List<Night> ok = series.okNights();
            nights += ok.size();
            String id = "series" + i;
            byId.put(id, series);
            inputs.add(new Otava.Input(id, ok.stream().map(n -> new Otava.Point(n.instant(), n.commit(), n.result().score())).toList()));
        }
        List<ChangePoint> found = new ArrayList<>();
        for (Otava.Found f : otava.analyze(inputs, settings, workDir)) {
            HistoryStore.Series series = byId.get(f.id());
            found.add(changePoint(series, series.okNights(), f));
        }
        return new Report(Report.SCHEMA_VERSION, String.join(" ", otava.command()), settings.pValue(), settings.magnitude(),
                all.size(), nights, found);
    }

    static ChangePoint changePoint(HistoryStore.Series series, List<Night> ok, Otava.Found f) {
        Night first = ok.get(f.index());
        Night before = ok.get(Math.max(0, f.index() - 1));
        BenchmarkResult r = first.result();
        double shift = f.shiftPercent();
        boolean worse = r.higherIsBetter() ? shift < 0 : shift > 0;
        return new ChangePoint(series.profile(), series.machineClass(), series.key().engine(), series.key().workload(),
                r.metric(), r.unit(), f.index(), first.time(), before.commit(), first.commit(), shift,
                worse ? ChangePoint.WORSE : ChangePoint.BETTER, f.pValue(), ok.size() - f.index());
    }

    /** change-points.md: the changes, newest first, for a job summary. */
    public static String markdown(Report report) {
        StringBuilder md = new StringBuilder("## Change points in the nightly history\n\n");
        md.append(report.series()).append(" series, ").append(report.nights()).append(" measured nights, ")
                .append(report.changePoints().size()).append(" change points (Apache Otava, p <= ").append(report.maxPValue())
                .append(").\n\n");
        if (report.changePoints().isEmpty()) return md.toString();
        md.append("| machine class | engine | workload | first night | commit range | shift | direction | nights since |\n")
                .append("|---|---|---|---|---|--:|---|--:|\n");
        report.changePoints().stream().sorted(java.util.Comparator.comparingInt(ChangePoint::nightsSince)).forEach(c -> md
                .append("| ").append(c.machineClass()).append(" | ").append(c.engine()).append(" | ").append(c.workload())
                .append(" | ").append(c.time()).append(" | `").append(c.lastCommitBefore()).append("..").append(c.firstCommitAfter())
                .append("` | ").append(String.format(java.util.Locale.ROOT, "%+.1f %%", c.shiftPercent())).append(" | ")
                .append(c.worse() ? "**worse**" : "better").append(" | ").append(c.nightsSince()).append(" |\n"));
        return md.toString();
    }

    /** trends.html: a chart per series, grouped by profile and machine class, change points marked. */
    public static String trendsHtml(List<HistoryStore.Series> all, Report report) {
        List<TrendsPage.Chart> charts = new ArrayList<>();
        for (HistoryStore.Series series : all) {
            List<Night> nights = series.nights();
            List<TrendChart.Point> points = new ArrayList<>();
            Map<Integer, Integer> okIndexToNight = new HashMap<>();
            String unit = null;
            for (int i = 0; i < nights.size(); i++) {
                Night n = nights.get(i);
                if (n.ok()) {
                    okIndexToNight.put(okIndexToNight.size(), i);
                    unit = n.result().unit();
                }
                points.add(new TrendChart.Point(n.time(), ChangePoint.shortSha(n.commit()), n.ok() ? n.result().score() : Double.NaN));
            }
            List<TrendChart.Marker> markers = report.changePoints().stream()
                    .filter(c -> c.profile().equals(series.profile()) && c.machineClass().equals(series.machineClass())
                            && c.engine().equals(series.key().engine()) && c.workload().equals(series.key().workload()))
                    .map(c -> new TrendChart.Marker(okIndexToNight.getOrDefault(c.night(), 0), c.label(), c.worse()))
                    .toList();
            charts.add(new TrendsPage.Chart("machine class " + series.machineClass() + ", profile " + series.profile(),
                    series.key().engine() + " / " + series.key().workload(), unit, points, markers));
        }
        long worse = report.changePoints().stream().filter(ChangePoint::worse).count();
        String summary = report.series() + " series, " + report.nights() + " measured nights; " + report.changePoints().size()
                + " change points (" + worse + " worse) found by Apache Otava (E-divisive means, p <= " + report.maxPValue()
                + (report.minMagnitude() > 0 ? ", shift >= " + report.minMagnitude() * 100 + " %" : "")
                + "). A marker sits between the last night before a change and the first night after it.";
        return TrendsPage.html("kvbench nightly trends", summary, charts);
    }
}
