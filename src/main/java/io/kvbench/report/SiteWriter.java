package io.kvbench.report;

import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Writes a results site: index.html, method.html, a page per engine and per workload, and under runs/ each run's own
 * report and results file (the evidence every figure links to). The site is built in a sibling directory and moved
 * into place only when complete, so a failure leaves an earlier site as it was. A directory is replaced only when it
 * is empty or an earlier site ({@value #MARKER} in it); anything else is refused before any work.
 */
public final class SiteWriter {

    /** Written into every site: what it was built from; its presence marks a directory a site may replace. */
    public static final String MARKER = "site.json";

    /** What the site summary records of its inputs. */
    record Manifest(int engines, int workloads, List<String> runs, List<String> crashRuns, int historySeries,
                    int changePoints) {
    }

    private SiteWriter() {
    }

    /** Refuses (IllegalArgumentException: bad input) an --out that is neither absent, empty, nor an earlier site. */
    public static void checkReplaceable(Path out) throws IOException {
        if (!Files.exists(out)) return;
        if (!Files.isDirectory(out)) {
            throw new BadInputException("--out " + out + ": is a file, not a directory");
        }
        try (Stream<Path> entries = Files.list(out)) {
            if (entries.findAny().isPresent() && !Files.isRegularFile(out.resolve(MARKER))) {
                throw new BadInputException("--out " + out + ": not empty and not a site kvbench built (no "
                        + MARKER + "); give a new or empty directory so that nothing in it is overwritten");
            }
        }
    }

    /** @param registered the engines of this build, for each engine page's declarations */
    public static Path write(SiteInput input, Path out, List<KvEngine> registered) throws IOException {
        checkReplaceable(out);
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put(SitePage.INDEX, SiteOverview.html(input));
        pages.put(SitePage.METHOD, SiteMethod.html(input));
        for (String engine : input.engines()) {
            Optional<KvEngine> adapter = registered.stream().filter(e -> e.id().equals(engine)).findFirst();
            pages.put(SitePage.enginePage(engine), SiteEngine.html(input, engine, adapter));
        }
        for (String workload : input.workloads()) pages.put(SitePage.workloadPage(workload),
                SiteWorkload.html(input, workload));
        Path absolute = out.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        Path staging = Files.createTempDirectory(absolute.getParent(), "." + absolute.getFileName() + ".building-");
        try {
            for (Map.Entry<String, String> page : pages.entrySet()) {
                Path file = staging.resolve(page.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, page.getValue());
            }
            for (SiteInput.Run run : input.runs()) {
                Path dir = staging.resolve(SitePage.RUNS + SitePage.slug(run.id()));
                ResultsJson.write(dir.resolve(ResultsJson.RESULTS_FILE), run.results());
                ReportWriter.write(run.results(), dir, null);
            }
            for (SiteInput.Crash crash : input.crash()) {
                Path dir = staging.resolve(SitePage.RUNS + SitePage.slug(crash.id()));
                Files.createDirectories(dir);
                CrashReport.write(crash.results(), dir);
                crash.results().write(dir.resolve(io.kvbench.crash.CrashResults.FILE));
            }
            ResultsJson.write(staging.resolve(MARKER), new Manifest(input.engines().size(),
                    input.workloads().size(), input.runs().stream().map(SiteInput.Run::id).toList(),
                    input.crash().stream().map(SiteInput.Crash::id).toList(), input.history().size(),
                    input.changePoints().size()));
            replace(staging, absolute);
        } finally {
            delete(staging);
        }
        return absolute.resolve(SitePage.INDEX);
    }

    /** Moves the finished site into place; the earlier site, if any, is removed only then. */
    private static void replace(Path staging, Path out) throws IOException {
        if (Files.exists(out)) {
            Path old = Files.createTempDirectory(out.getParent(), "." + out.getFileName() + ".old-");
            Files.delete(old);
            Files.move(out, old, StandardCopyOption.ATOMIC_MOVE);
            Files.move(staging, out, StandardCopyOption.ATOMIC_MOVE);
            delete(old);
        } else {
            Files.move(staging, out, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
