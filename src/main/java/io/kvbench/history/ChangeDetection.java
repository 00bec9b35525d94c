package io.kvbench.history;

import io.kvbench.baseline.CostBaseline;
import io.kvbench.input.Inputs;
import io.kvbench.judge.Thresholds;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Change points over every series of a history: each series' OK nights go to Otava in one call, their scores and
 * each judged cost per operation they recorded (allocation, write amplification, syncs) as series of their own, and
 * each change it finds is named by its metric, commit range, shift and direction (a cost is worse when it grows; a
 * cost's shift smaller than the gate's default cost tolerance is not reported).
 * Failed nights are left out of the analysis (they are no score) but kept on the charts as gaps.
 */
public final class ChangeDetection {

    /** What {@code kvbench history changes} writes as change-points.json. */
    public record Report(int schemaVersion, String otava, double maxPValue, double minMagnitude, int series, int nights,
                         List<ChangePoint> changePoints) {
        public static final int SCHEMA_VERSION = 1;
        public static final String FILE = "change-points.json";

        /** Reads a change-points.json; a malformed one is bad input naming the file and the field. */
        public static Report read(Path file) {
            return Inputs.parse(ResultsJson.MAPPER, file, Inputs.readFile(file, "a " + FILE), Report.class,
                    "change points");
        }

        /** Worse change points whose first night is among the newest {@code nights} of its series. */
        public List<ChangePoint> recentWorse(int nights) {
            return changePoints.stream().filter(c -> c.worse() && c.nightsSince() <= nights).toList();
        }
    }

    private ChangeDetection() {
    }

    /**
     * One series Otava analyses: a benchmark's score, or one of its costs per operation, over the nights that recorded
     * it.
     *
     * @param cost   the cost's name in results.json ({@link Profile#JUDGED_COSTS}); null for the score
     * @param nights the nights with a value, oldest first
     */
    record Tracked(HistoryStore.Series series, String cost, List<Night> nights) {

        double value(Night night) {
            return cost == null ? night.result().score() : CostBaseline.costs(night.result()).get(cost);
        }

        String metric(BenchmarkResult r) {
            return cost == null ? r.metric() : cost;
        }

        String unit(BenchmarkResult r) {
            return cost == null ? r.unit() : r.secondary(cost).unit();
        }

        /** Whether a larger value is better: a higher throughput; never a cost. */
        boolean higherIsBetter(BenchmarkResult r) {
            return cost == null && r.higherIsBetter();
        }
    }

    public static Report detect(List<HistoryStore.Series> all, Otava otava, Otava.Settings settings,
            Path workDir) throws IOException {
        List<Otava.Input> inputs = new ArrayList<>();
        Map<String, Tracked> byId = new HashMap<>();
        int nights = 0;
        for (int i = 0; i < all.size(); i++) {
            HistoryStore.Series series = all.get(i);
            List<Night> ok = series.okNights();
            nights += ok.size();
            List<Tracked> tracked = new ArrayList<>(List.of(new Tracked(series, null, ok)));
            // Costs too, as the gate judges them (CostBaseline.costs: write costs of fixed work only): an engine that
            // starts to allocate or sync per operation does so on every night after.
            for (String cost : Profile.JUDGED_COSTS) {
                List<Night> with = ok.stream().filter(n -> CostBaseline.costs(n.result()).containsKey(cost)).toList();
                if (!with.isEmpty()) tracked.add(new Tracked(series, cost, with));
            }
            for (int t = 0; t < tracked.size(); t++) {
                Tracked one = tracked.get(t);
                String id = "series" + i + (t == 0 ? "" : "-cost" + t);
                byId.put(id, one);
                inputs.add(new Otava.Input(id, one.nights().stream().map(n -> new Otava.Point(n.instant(), n.commit(),
                        one.value(n))).toList()));
            }
        }
        List<ChangePoint> found = new ArrayList<>();
        for (Otava.Found f : otava.analyze(inputs, settings, workDir)) {
            Tracked tracked = byId.get(f.id());
            // Otava finds any step in a near-deterministic cost, also one too small to matter, and a step between the
            // modes of native memory. A cost's change counts from the shift the gate would judge a change.
            if (tracked.cost() != null && !costChanged(tracked.cost(), f)) continue;
            found.add(changePoint(tracked, f));
        }
        return new Report(Report.SCHEMA_VERSION, String.join(" ", otava.command()), settings.pValue(),
                settings.magnitude(),
                all.size(), nights, found);
    }

    /**
     * Whether a cost's step is a change: it moved by more than the gate's default allowance of the cost
     * ({@link Thresholds#costAllowance}, tolerance and slack) gives the level before it.
     */
    static boolean costChanged(String cost, Otava.Found f) {
        double room = Thresholds.DEFAULTS.costAllowance(cost, f.meanBefore(), 0) - f.meanBefore();
        return Math.abs(f.meanAfter() - f.meanBefore()) > room;
    }

    static ChangePoint changePoint(HistoryStore.Series series, List<Night> ok, Otava.Found f) {
        return changePoint(new Tracked(series, null, ok), f);
    }

    private static ChangePoint changePoint(Tracked tracked, Otava.Found f) {
        HistoryStore.Series series = tracked.series();
        List<Night> ok = tracked.nights();
        Night first = ok.get(f.index());
        Night before = ok.get(Math.max(0, f.index() - 1));
        BenchmarkResult r = first.result();
        double shift = f.shiftPercent();
        boolean worse = tracked.higherIsBetter(r) ? shift < 0 : shift > 0;
        return new ChangePoint(new ChangePoint.SeriesId(series.profile(), series.machineClass(), series.key().engine(),
                series.key().workload(), tracked.metric(r), tracked.unit(r)),
                new ChangePoint.At(f.index(), first.time(), before.commit(), first.commit()),
                new ChangePoint.Shift(shift, worse ? ChangePoint.WORSE : ChangePoint.BETTER, f.pValue()),
                new ChangePoint.EngineVersions(engineVersion(before), engineVersion(first)),
                ok.size() - f.index());
    }

    private static String engineVersion(Night night) {
        return night.result().context() == null ? null : night.result().context().engineVersion();
    }
}
