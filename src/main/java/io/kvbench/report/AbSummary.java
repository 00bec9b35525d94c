package io.kvbench.report;

import io.kvbench.baseline.Formats;
import io.kvbench.gate.InterleaveReport;
import io.kvbench.gate.Interleaving;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.Resolution;
import io.kvbench.result.Direction;
import io.kvbench.result.Units;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * One table for a pull request's A/B check: every engine's interleaved session (one shard per engine, each on its own
 * runner), B against A per benchmark with the geometric mean of the per-round ratios B/A and its (1 - alpha) interval
 * from the paired t distribution. Rendered once for the job summary and the pull-request comment.
 */
public final class AbSummary {

    /** The hidden marker by which the workflow finds its own comment to update instead of adding another. */
    public static final String MARKER = "<!-- kvbench-ab -->";

    private final List<InterleaveReport> shards;

    public AbSummary(List<InterleaveReport> shards) {
        this.shards = List.copyOf(shards);
    }

    public Map<Verdict, Integer> counts() {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (InterleaveReport r : shards) for (Interleaving.Result x : r.results()) counts.merge(x.row().verdict(), 1,
                Integer::sum);
        return counts;
    }

    /** The geometric mean of the ratios and its interval at the report's alpha; NaN where fewer than 2 rounds are
     * known. */
    public static double[] ratioInterval(List<Double> ratios, double alpha) {
        double[] logs = ratios.stream().filter(r -> r != null && r > 0 && Double.isFinite(r)).mapToDouble(Math::log)
                .toArray();
        if (logs.length < 2) return new double[] {logs.length == 1 ? Math.exp(logs[0]) : Double.NaN, Double.NaN,
                Double.NaN};
        double mean = StatUtils.mean(logs);
        double se = Math.sqrt(StatUtils.variance(logs) / logs.length);
        double t = new TDistribution(logs.length - 1).inverseCumulativeProbability(1 - alpha / 2);
        return new double[] {Math.exp(mean), Math.exp(mean - t * se), Math.exp(mean + t * se)};
    }

    public String markdown(String title) {
        StringBuilder md = new StringBuilder(MARKER).append("\n## ").append(title).append("\n\n");
        Map<Verdict, Integer> counts = counts();
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> parts.add(n + " " + v));
        md.append("**").append(parts.isEmpty() ? "nothing compared" : String.join(", ", parts)).append("**");
        md.append(counts.getOrDefault(Verdict.REGRESSION, 0) > 0
                ? ": B is slower than A beyond the minimum effect, confirmed."
                : ": no confirmed regression.").append("\n\n");
        md.append("| engine | workload | verdict | A | B | B vs A | interval | rounds | resolution | note |\n");
        md.append("|").append(" --- |".repeat(10)).append("\n");
        for (InterleaveReport r : shards) {
            for (Interleaving.Result x : r.results()) {
                ComparisonRow row = x.row();
                double[] time = timeRatio(ratioInterval(x.roundRatios(), r.alpha()), row.unit());
                String verdict = row.verdict() == Verdict.REGRESSION || row.verdict() == Verdict.ERROR
                        ? "**" + row.verdict() + "**" : row.verdict().name();
                md.append("| ").append(String.join(" | ", row.engine(), row.workload(), verdict,
                        Formats.score(row.baselineScore(), row.unit()), Formats.score(row.measuredScore(), row.unit()),
                        UNITS.versus(time[0]), Double.isNaN(time[1]) ? "-" : UNITS.versus(time[1]) + " to "
                                + UNITS.versus(time[2]) + " (" + Formats.number((1 - r.alpha()) * 100) + " %)",
                        String.valueOf(x.roundRatios().size()), resolution(x.resolution()),
                        ComparisonMarkdown.escape(row.note()))).append(" |\n");
            }
        }
        md.append("\nB vs A: B's time per operation (or per pass) over A's, the geometric mean of the per-round "
                + "ratios, in the words of every kvbench table: \"1.07x slower\" takes 1.07 times as long, \"1.03x "
                + "faster\" 1/1.03 times; the interval is the paired t interval of that mean.\n"
                + "Resolution: the smallest slowdown the session could have caught (at the false-alarm rate alpha, "
                + "with the sequential test's miss rate beta); a PASS says no slowdown of that size or more, and a "
                + "resolution above the minimum effect names the runner's per-round spread that limited it.\n");
        if (!shards.isEmpty()) {
            InterleaveReport first = shards.get(0);
            md.append("Profile `").append(first.profile()).append("`, ").append(first.rounds())
                    .append(" rounds per session. A: ")
                    .append(ComparisonMarkdown.escape(first.a())).append(". B: ")
                    .append(ComparisonMarkdown.escape(first.b()))
                    .append(".\nPolicy: ").append(ComparisonMarkdown.escape(first.policy())).append(".\n");
            List<String> minutes = new ArrayList<>();
            for (InterleaveReport r : shards) {
                if (r.minutes() == null || r.results().isEmpty()) continue;
                double tenths = Math.round(r.minutes() * 10) / 10.0;
                minutes.add(r.results().get(0).row().engine() + " " + Formats.number(tenths));
            }
            if (!minutes.isEmpty()) md.append("Minutes per session: ").append(String.join(", ", minutes)).append(".\n");
        }
        return md.toString();
    }

    private static final Units UNITS = Units.ASCII;

    /** "5 %", "12 % (spread 11 %)", or "-" for a row without one. */
    public static String resolution(Resolution resolution) {
        if (resolution == null) return "-";
        String slowdown = Resolution.percentUp(resolution.slowdown());
        return Double.isNaN(resolution.spread()) ? slowdown
                : slowdown + " (spread " + Resolution.percent(resolution.spread()) + ")";
    }

    /**
     * A ratio of scores B/A and its interval as time ratios (B's time over A's, above 1 slower): a throughput's
     * ("ops/s") is inverted, which also swaps the interval's ends; a time's ("s/op") is one already.
     */
    static double[] timeRatio(double[] scoreRatio, String unit) {
        if (!Direction.of(unit).higherIsBetter()) return scoreRatio;
        return new double[] {1 / scoreRatio[0], 1 / scoreRatio[2], 1 / scoreRatio[1]};
    }
}
