package io.kvbench.history;

import io.kvbench.input.Inputs;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
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

    public static Report detect(List<HistoryStore.Series> all, Otava otava, Otava.Settings settings,
            Path workDir) throws IOException {
        List<Otava.Input> inputs = new ArrayList<>();
        Map<String, HistoryStore.Series> byId = new HashMap<>();
        int nights = 0;
        for (int i = 0; i < all.size(); i++) {
            HistoryStore.Series series = all.get(i);
            List<Night> ok = series.okNights();
            nights += ok.size();
            String id = "series" + i;
            byId.put(id, series);
            inputs.add(new Otava.Input(id, ok.stream().map(n -> new Otava.Point(n.instant(), n.commit(), n.result()
                    .score())).toList()));
        }
        List<ChangePoint> found = new ArrayList<>();
        for (Otava.Found f : otava.analyze(inputs, settings, workDir)) {
            HistoryStore.Series series = byId.get(f.id());
            found.add(changePoint(series, series.okNights(), f));
        }
        return new Report(Report.SCHEMA_VERSION, String.join(" ", otava.command()), settings.pValue(),
                settings.magnitude(),
                all.size(), nights, found);
    }

    static ChangePoint changePoint(HistoryStore.Series series, List<Night> ok, Otava.Found f) {
        Night first = ok.get(f.index());
        Night before = ok.get(Math.max(0, f.index() - 1));
        BenchmarkResult r = first.result();
        double shift = f.shiftPercent();
        boolean worse = r.higherIsBetter() ? shift < 0 : shift > 0;
        return new ChangePoint(new ChangePoint.SeriesId(series.profile(), series.machineClass(), series.key().engine(),
                series.key().workload(), r.metric(), r.unit()),
                new ChangePoint.At(f.index(), first.time(), before.commit(), first.commit()),
                new ChangePoint.Shift(shift, worse ? ChangePoint.WORSE : ChangePoint.BETTER, f.pValue()),
                new ChangePoint.EngineVersions(engineVersion(before), engineVersion(first)),
                ok.size() - f.index());
    }

    private static String engineVersion(Night night) {
        return night.result().context() == null ? null : night.result().context().engineVersion();
    }
}
