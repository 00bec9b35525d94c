package io.kvbench.calibration;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.history.Otava;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.Confirmation;
import io.kvbench.judge.Pooling;
import io.kvbench.result.BenchmarkResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Recorded calibration runs replayed as nightly series, to measure the nightly history: how many nights after an
 * injected slowdown Otava flags it, how many change points it finds in unchanged series, and what the per-shard
 * judgement (a night against its pooled previous nights, the gate's policy and confirmation) does on the same series.
 *
 * <p>Two kinds of series per benchmark and slowdown level: the <em>recorded</em> order (the unchanged runs in the
 * order they finished, then the runs of that level in the order they finished: the drift of the real machine is in
 * it, but there are only as many nights as runs), and <em>resampled</em> series (nights drawn with replacement from
 * the same runs, a fixed number before and after the step: longer, but night-to-night drift is gone, so they are
 * the optimistic case).
 */
public final class HistoryReplay {

    /**
     * The replay's settings, written as one flat object.
     *
     * @param shards   the per-shard judgement the nightly makes
     * @param series   the resampled series
     * @param flagging when a change point counts
     * @param seed     of the resampling
     * @param otava    Otava's own settings
     */
    public record Settings(@JsonUnwrapped Shards shards, @JsonUnwrapped Series series, @JsonUnwrapped Flagging flagging,
                           long seed, Otava.Settings otava) {

        public int window() {
            return shards.window();
        }

        public int reruns() {
            return shards.reruns();
        }

        public int resampled() {
            return series.resampled();
        }

        public int unchangedNights() {
            return series.unchangedNights();
        }

        public int injectedNights() {
            return series.injectedNights();
        }

        public int tolerance() {
            return flagging.tolerance();
        }

        public int failWithin() {
            return flagging.failWithin();
        }
    }

    /**
     * @param window nights pooled into a per-shard baseline (the nightly's --nights)
     * @param reruns confirmation reruns of the per-shard judgement (the gate's --confirmations)
     */
    public record Shards(int window, int reruns) {
    }

    /**
     * @param resampled       resampled series per benchmark and level (0: recorded order only)
     * @param unchangedNights nights before the step in a resampled series
     * @param injectedNights  nights after it
     */
    public record Series(int resampled, int unchangedNights, int injectedNights) {
    }

    /**
     * @param tolerance  a change point within this many nights of the step counts as finding it
     * @param failWithin the changes command's --fail-within: a worse change within these newest nights alarms
     */
    public record Flagging(int tolerance, int failWithin) {
    }

    /** A series: nights in order; {@code step} is the first injected night, -1 when all are unchanged. */
    record Plan(String id, String source, BenchmarkKey key, double level, boolean resampled,
            List<CalibrationRun> nights, int step) {
    }

    /**
     * The figures of one (source, benchmark, level, recorded or resampled), written as one flat object.
     *
     * @param findings  what Otava found in its series
     * @param judgement what the per-shard judgement made of the recorded order
     */
    public record Row(String source, @JsonUnwrapped BenchmarkKey key, double level, boolean resampled,
                      @JsonUnwrapped Findings findings, @JsonUnwrapped Judgement judgement) {

        public String engine() {
            return key.engine();
        }

        public String workload() {
            return key.workload();
        }

        public int series() {
            return findings.series();
        }

        public List<Integer> nightsToFlag() {
            return findings.nightsToFlag();
        }

        public int changePoints() {
            return findings.changePoints();
        }

        public int alarmNights() {
            return findings.alarmNights();
        }

        public int nights() {
            return findings.nights();
        }

        public int seriesNights() {
            return findings.seriesNights();
        }

        public int judged() {
            return judgement.judged();
        }

        public int regressions() {
            return judgement.regressions();
        }
    }

    /**
     * @param series       series of the row
     * @param nightsToFlag per step series, injected nights seen when Otava first flagged the step (-1: never)
     * @param changePoints change points in the full unchanged-only series (level 0), any direction
     * @param alarmNights nights on which a worse change lay within the newest failWithin nights (level 0: false alarms)
     * @param nights       nights on which the history was analysed (level 0: one per prefix) or step series (levels)
     * @param seriesNights nights of the full series, summed (what change points are counted against)
     */
    public record Findings(int series, List<Integer> nightsToFlag, int changePoints, int alarmNights, int nights,
                        int seriesNights) {
    }

    /**
     * @param judged      per-shard judgements (recorded order only)
     * @param regressions of them, confirmed regressions
     */
    public record Judgement(int judged, int regressions) {
    }

    private HistoryReplay() {
    }

    public static List<Row> replay(Map<String, CalibrationData> sources, ComparisonPolicy policy, Otava otava,
            Settings settings,
                                   Path workDir) throws IOException {
        List<Plan> plans = new ArrayList<>();
        for (Map.Entry<String, CalibrationData> source : sources.entrySet()) plans.addAll(plans(source.getKey(),
                source.getValue(), settings));
        List<Otava.Input> inputs = new ArrayList<>();
        for (Plan plan : plans) {
            int from = plan.step() < 0 ? Math.min(plan.nights().size(), settings.window()) : plan.step() + 1;
            for (int m = from; m <= plan.nights().size(); m++) inputs.add(input(plan, m));
        }
        Map<String, List<Otava.Found>> found = new HashMap<>();
        for (Otava.Found f : otava.analyze(inputs, settings.otava(), workDir)) found.computeIfAbsent(f.id(),
                k -> new ArrayList<>()).add(f);
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Plan plan : plans) {
            String rowKey = plan.source() + "|" + plan.key() + "|" + plan.level() + "|" + plan.resampled();
            Row row = rows.getOrDefault(rowKey, new Row(plan.source(), plan.key(), plan.level(), plan.resampled(),
                    new Findings(0, List.of(), 0, 0, 0, 0), new Judgement(0, 0)));
            rows.put(rowKey, add(row, plan, found, policy, settings));
        }
        return List.copyOf(rows.values());
    }

    private static Row add(Row row, Plan plan, Map<String, List<Otava.Found>> found, ComparisonPolicy policy,
            Settings s) {
        int size = plan.nights().size();
        List<Integer> toFlag = new ArrayList<>(row.nightsToFlag());
        int changePoints = row.changePoints(), alarms = row.alarmNights(), nights = row.nights();
        if (plan.step() < 0) {
            changePoints += found.getOrDefault(prefixId(plan, size), List.of()).size();
            for (int m = Math.min(size, s.window()); m <= size; m++) {
                int prefix = m;
                boolean alarm = found.getOrDefault(prefixId(plan, m), List.of()).stream()
                        .anyMatch(f -> worse(plan, f) && prefix - f.index() <= s.failWithin());
                if (alarm) alarms++;
                nights++;
            }
        } else {
            int flaggedAfter = -1;
            for (int m = plan.step() + 1; m <= size && flaggedAfter < 0; m++) {
                boolean hit = found.getOrDefault(prefixId(plan, m), List.of()).stream()
                        .anyMatch(f -> worse(plan, f) && Math.abs(f.index() - plan.step()) <= s.tolerance());
                if (hit) flaggedAfter = m - plan.step();
            }
            toFlag.add(flaggedAfter);
            nights++;
        }
        int judged = row.judged(), regressions = row.regressions();
        if (!plan.resampled()) {
            int[] counts = judge(plan, policy, s);
            judged += counts[0];
            regressions += counts[1];
        }
        return new Row(row.source(), row.key(), row.level(), row.resampled(), new Findings(row.series() + 1, toFlag,
                changePoints, alarms, nights, row.seriesNights() + size), new Judgement(judged, regressions));
    }

    /**
     * The per-shard judgement on a recorded series: each unchanged night against the pooled previous {@code window}
     * nights (false alarms), or each injected night against the last {@code window} unchanged nights (detection). A
     * suspect is confirmed with the next night of its kind outside the window, as a rerun would measure it.
     */
    static int[] judge(Plan plan, ComparisonPolicy policy, Settings s) {
        List<CalibrationRun> nights = plan.nights();
        int judged = 0, regressions = 0;
        int end = plan.step() < 0 ? nights.size() : plan.step();
        List<Integer> targets = new ArrayList<>();
        if (plan.step() < 0) {
            for (int n = s.window(); n < end; n++) targets.add(n);
        } else if (plan.step() >= s.window()) {
            for (int n = plan.step(); n < nights.size(); n++) targets.add(n);
        }
        for (int n : targets) {
            int windowEnd = plan.step() < 0 ? n : plan.step();
            List<CalibrationRun> window = nights.subList(windowEnd - s.window(), windowEnd);
            BenchmarkResult pooled = Pooling.pool(window.stream().map(CalibrationRun::toResult).toList());
            Baseline baseline = Baseline.of(pooled, "replay", "replay", Instant.EPOCH, "pooled nights");
            List<CalibrationRun> sameKind = new ArrayList<>();
            for (int i = 1; i < nights.size(); i++) {
                int j = (n + i) % nights.size();
                boolean kind = plan.step() < 0 ? true : (j >= plan.step()) == (n >= plan.step());
                if (kind && !window.contains(nights.get(j))) sameKind.add(nights.get(j));
            }
            try {
                Confirmation.Decision outcome = Confirmation.decide(policy, baseline, nights.get(n).toResult(),
                        s.reruns(), attempt -> sameKind.get((attempt - 1) % sameKind.size()).toResult());
                judged++;
                if (outcome.confirmed()) regressions++;
            } catch (Exception e) {
                throw new IllegalStateException("replaying " + plan.id() + " night " + n + ": " + e.getMessage(), e);
            }
        }
        return new int[] {judged, regressions};
    }

    private static boolean worse(Plan plan, Otava.Found f) {
        boolean higherIsBetter = plan.nights().get(0).toResult().higherIsBetter();
        return higherIsBetter ? f.shiftPercent() < 0 : f.shiftPercent() > 0;
    }

    static List<Plan> plans(String source, CalibrationData data, Settings s) {
        List<Plan> plans = new ArrayList<>();
        Random random = new Random(s.seed());
        Map<BenchmarkKey, List<CalibrationRun>> byBenchmark = CalibrationRun.byBenchmark(data.runs(),
                CalibrationRun::ok);
        for (Map.Entry<BenchmarkKey, List<CalibrationRun>> e : byBenchmark.entrySet()) {
            List<CalibrationRun> runs = new ArrayList<>(e.getValue());
            runs.sort(Comparator.comparing(CalibrationRun::finishedAt));
            List<CalibrationRun> unchanged = runs.stream().filter(CalibrationRun::unchanged).toList();
            String base = source.replaceAll("[^A-Za-z0-9]", "_") + "_" + e.getKey().engine()
                    .replaceAll("[^A-Za-z0-9]", "_")
                    + "_" + e.getKey().workload().replaceAll("[^A-Za-z0-9]", "_");
            plans.add(new Plan(base + "_u", source, e.getKey(), 0, false, unchanged, -1));
            for (int r = 0; r < s.resampled(); r++) {
                plans.add(new Plan(base + "_u_r" + r, source, e.getKey(), 0, true,
                        draw(unchanged, s.unchangedNights() + s.injectedNights(), random), -1));
            }
            for (double level : data.slowdowns()) {
                List<CalibrationRun> injected = runs.stream().filter(run -> run.slowdown() == level).toList();
                if (injected.isEmpty() || unchanged.isEmpty()) continue;
                String id = base + "_l" + Math.round(level * 100);
                List<CalibrationRun> recorded = new ArrayList<>(unchanged);
                recorded.addAll(injected);
                plans.add(new Plan(id, source, e.getKey(), level, false, recorded, unchanged.size()));
                for (int r = 0; r < s.resampled(); r++) {
                    List<CalibrationRun> nights = new ArrayList<>(draw(unchanged, s.unchangedNights(), random));
                    nights.addAll(draw(injected, s.injectedNights(), random));
                    plans.add(new Plan(id + "_r" + r, source, e.getKey(), level, true, nights, s.unchangedNights()));
                }
            }
        }
        return plans;
    }

    private static List<CalibrationRun> draw(List<CalibrationRun> from, int n, Random random) {
        List<CalibrationRun> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(from.get(random.nextInt(from.size())));
        return out;
    }

    private static Otava.Input input(Plan plan, int prefix) {
        Instant first = Instant.parse("2026-01-01T02:00:00Z");
        List<Otava.Point> points = new ArrayList<>();
        for (int i = 0; i < prefix; i++) {
            CalibrationRun run = plan.nights().get(i);
            points.add(new Otava.Point(first.plus(Duration.ofDays(i)), "night" + i, run.score()));
        }
        return new Otava.Input(prefixId(plan, prefix), points);
    }

    private static String prefixId(Plan plan, int prefix) {
        return plan.id() + "_n" + prefix;
    }
}
