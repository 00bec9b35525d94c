package io.kvbench.report;

import io.kvbench.crash.CrashResults;
import io.kvbench.history.ChangeDetection;
import io.kvbench.history.ChangePoint;
import io.kvbench.history.HistoryStore;
import io.kvbench.history.Night;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The inputs of a site from real results: the smoke run of eight engines (smoke-results.json), the kill and power-cut
 * crash runs of the crash fixtures, and a history of five nights made from that run in which lmdb's tc-random-read
 * gets 40 % slower in the newest night, with that change point as `kvbench history changes` would report it.
 */
final class SiteFixture {

    static final Path RUN = Path.of("src/test/resources/io/kvbench/report/smoke-results.json");
    static final Path KILLS = Path.of("src/test/resources/io/kvbench/crash/crash-results-v1-process-kill.json");
    static final Path POWER_CUTS = Path.of("src/test/resources/io/kvbench/crash/crash-results-v1-power-cut.json");
    static final String SLOWER_ENGINE = "lmdb";
    static final String SLOWER_WORKLOAD = "tc-random-read";
    static final int NIGHTS = 5;

    private SiteFixture() {
    }

    static SiteInput input(Path historyDir) throws IOException {
        RunResults run = ResultsJson.read(RUN);
        CrashResults crash = CrashResults.merge(List.of(CrashResults.read(KILLS), CrashResults.read(POWER_CUTS)));
        HistoryStore store = new HistoryStore(historyDir);
        Instant first = Instant.parse("2026-11-20T02:00:00Z");
        String machineClass = run.machine().machineClass();
        for (int n = 0; n < NIGHTS; n++) {
            String time = first.plus(Duration.ofDays(n)).toString();
            for (BenchmarkResult r : run.results()) {
                if (!WorkloadGroup.measured(r)) continue;
                boolean slower = n == NIGHTS - 1 && r.engine().equals(SLOWER_ENGINE)
                        && r.workload().equals(SLOWER_WORKLOAD);
                BenchmarkResult night = slower ? r.withMeasurement(scaled(r.measurement(), 1.4)) : r;
                store.append(run.profile(), machineClass, new Night(time, commit(n), night));
            }
        }
        ChangePoint change = new ChangePoint(new ChangePoint.SeriesId(run.profile(), machineClass, SLOWER_ENGINE,
                SLOWER_WORKLOAD, "time-per-pass", "ms/op"), new ChangePoint.At(NIGHTS - 1,
                first.plus(Duration.ofDays(NIGHTS - 1)).toString(), commit(NIGHTS - 2), commit(NIGHTS - 1)),
                new ChangePoint.Shift(40.0, ChangePoint.WORSE, 0.0001),
                new ChangePoint.EngineVersions("0.9.2", "0.9.3"), 1);
        ChangeDetection.Report changes = new ChangeDetection.Report(ChangeDetection.Report.SCHEMA_VERSION, "otava",
                0.001, 0, store.all().size(), NIGHTS, List.of(change));
        return new SiteInput(List.of(new SiteInput.Run(run.profile(), RUN.toString(), run)),
                List.of(new SiteInput.Crash("crash", "the crash fixtures", crash)), store.all(), Optional.of(changes),
                List.of());
    }

    static String commit(int night) {
        return String.valueOf(night + 1).repeat(40);
    }

    private static Measurement scaled(Measurement m, double factor) {
        return m.withScores(m.score() * factor, m.error() * factor, m.samples().stream().map(s -> s * factor)
                .toList());
    }

    /** Every page of a site. */
    static List<Path> pages(Path site) throws IOException {
        try (Stream<Path> files = Files.walk(site)) {
            return files.filter(f -> f.toString().endsWith(".html")).sorted().toList();
        }
    }

    private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");

    /** The links of the site's pages that lead nowhere: a missing file, or a fragment no element has as its id. */
    static List<String> brokenLinks(Path site) throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages(site)) {
            Matcher m = HREF.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                String href = m.group(1).replace("&amp;", "&");
                if (href.startsWith("http://") || href.startsWith("https://")) continue;
                int hash = href.indexOf('#');
                String file = hash < 0 ? href : href.substring(0, hash);
                Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!target.startsWith(site) || !Files.isRegularFile(target)) {
                    broken.add(site.relativize(page) + " -> " + href + " (no such file)");
                } else if (hash >= 0 && !Files.readString(target).contains("id=\"" + href.substring(hash + 1) + "\"")) {
                    broken.add(site.relativize(page) + " -> " + href + " (no such id)");
                }
            }
        }
        return broken;
    }
}
