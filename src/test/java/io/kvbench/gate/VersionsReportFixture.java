package io.kvbench.gate;

import io.kvbench.result.BenchmarkResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A scripted version series for the renderers' tests: 0.9.1 does not link, 0.9.2 is a fifth slower than 0.9.0. */
public final class VersionsReportFixture {

    private VersionsReportFixture() {
    }

    public static VersionsReport series() {
        Map<String, List<BenchmarkResult>> byVersion = new LinkedHashMap<>();
        byVersion.put("0.9.0", VersionSeriesTest.rounds(1000, 1010, 990, 1000));
        byVersion.put("0.9.1", VersionSeriesTest.linkage());
        byVersion.put("0.9.2", VersionSeriesTest.rounds(800, 808, 792, 800));
        return VersionSeriesTest.report(null, VersionSeries.judge(VersionSeriesTest.KEY,
                List.of("0.9.0", "0.9.1", "0.9.2"), byVersion, VersionSeriesTest.POLICY));
    }
}
