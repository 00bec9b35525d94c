package io.kvbench.report;

import io.kvbench.history.ChangeDetection;
import io.kvbench.history.ChangePoint;
import io.kvbench.history.HistoryStore;
import io.kvbench.history.Night;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The change points of a nightly history for people: change-points.md and trends.html. */
public final class ChangePointsReport {

    private ChangePointsReport() {
    }

    /** change-points.md: the changes, newest first, for a job summary. */
    public static String markdown(ChangeDetection.Report report) {
        StringBuilder md = new StringBuilder("## Change points in the nightly history\n\n");
        md.append(report.series()).append(" series, ").append(report.nights()).append(" measured nights, ")
                .append(report.changePoints().size()).append(" change points (Apache Otava, p <= ")
                .append(report.maxPValue())
                .append(").\n\n");
        if (report.changePoints().isEmpty()) return md.toString();
        md.append("| machine class | engine | workload | metric | first night | commit range | shift | direction "
                + "| nights since |\n")
                .append("|---|---|---|---|---|---|--:|---|--:|\n");
        report.changePoints().stream().sorted(java.util.Comparator.comparingInt(ChangePoint::nightsSince))
                .forEach(c -> md
                .append("| ").append(c.machineClass()).append(" | ").append(c.engine()).append(" | ")
                .append(c.workload()).append(" | ").append(c.metric())
                .append(" | ").append(c.time()).append(" | `").append(c.lastCommitBefore()).append("..")
                .append(c.firstCommitAfter())
                .append("` | ").append(c.formattedShift()).append(" | ")
                .append(c.worse() ? "**worse**" : "better").append(" | ").append(c.nightsSince()).append(" |\n"));
        md.append(bisections(report.changePoints(), "\n"));
        return md.toString();
    }

    /** trends.html: a chart per series, grouped by profile and machine class, change points marked. */
    public static String trendsHtml(List<HistoryStore.Series> all, ChangeDetection.Report report) {
        List<TrendsPage.Chart> charts = new ArrayList<>();
        for (HistoryStore.Series series : all) charts.add(chart(series, report.changePoints()));
        long worse = report.changePoints().stream().filter(ChangePoint::worse).count();
        String summary = report.series() + " series, " + report.nights() + " measured nights; " + report.changePoints()
                .size()
                + " change points (" + worse + " worse) found by Apache Otava (E-divisive means, p <= "
                + report.maxPValue()
                + (report.minMagnitude() > 0 ? ", shift >= " + report.minMagnitude() * 100 + " %" : "")
                + "). A marker sits between the last night before a change and the first night after it.";
        return TrendsPage.html("kvbench nightly trends", summary, charts);
    }

    /**
     * One series as a trend chart of its score, with the score's change points among {@code changes} marked (a cost's
     * change points are in change-points.md).
     */
    static TrendsPage.Chart chart(HistoryStore.Series series, List<ChangePoint> changes) {
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
            points.add(new TrendChart.Point(n.time(), ChangePoint.shortSha(n.commit()), n.ok() ? n.result().score()
                    : Double.NaN));
        }
        List<TrendChart.Marker> markers = changes.stream().filter(c -> belongs(c, series))
                .map(c -> new TrendChart.Marker(okIndexToNight.getOrDefault(c.night(), 0), c.label(), c.worse()))
                .toList();
        return new TrendsPage.Chart("machine class " + series.machineClass() + ", profile " + series.profile(),
                series.key().engine() + " / " + series.key().workload(), unit, points, markers);
    }

    static boolean belongs(ChangePoint c, HistoryStore.Series series) {
        return c.profile().equals(series.profile()) && c.machineClass().equals(series.machineClass())
                && c.engine().equals(series.key().engine()) && c.workload().equals(series.key().workload())
                && !c.cost();
    }

    /**
     * For each change point across which the engine's version changed, the version step and the command that finds
     * the release that made it ({@code kvbench bisect}); empty when there is none.
     */
    public static String bisections(List<ChangePoint> changes, String lead) {
        List<ChangePoint> bumps = changes.stream().filter(c -> c.bisectCommand().isPresent()).toList();
        if (bumps.isEmpty()) return "";
        StringBuilder text = new StringBuilder(lead).append("Engine versions changed across ").append(bumps.size())
                .append(bumps.size() == 1 ? " change point" : " change points")
                .append(": which release, on one runner:\n");
        for (ChangePoint c : bumps) {
            text.append("- ").append(c.engine()).append(' ').append(c.workload()).append(' ')
                    .append(c.engineVersions().engineVersionBefore()).append(" -> ")
                    .append(c.engineVersions().engineVersionAfter()).append(": `").append(c.bisectCommand().get())
                    .append("`\n");
        }
        return text.toString();
    }
}
