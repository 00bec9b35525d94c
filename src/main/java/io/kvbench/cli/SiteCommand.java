package io.kvbench.cli;

import io.kvbench.crash.CrashResults;
import io.kvbench.engine.Engines;
import io.kvbench.gate.BisectReport;
import io.kvbench.history.ChangeDetection;
import io.kvbench.history.HistoryStore;
import io.kvbench.input.BadInputException;
import io.kvbench.report.SiteInput;
import io.kvbench.report.SiteWriter;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunMerge;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench site}: a static results site from runs, crash runs and the nightly history. Every input is read and
 * checked before anything is written ({@link SiteWriter} then builds the site beside --out and moves it into place).
 */
@Command(name = "site", mixinStandardHelpOptions = true,
        description = {"Build a static results site (self-contained HTML: no script, font or image fetched from "
                + "elsewhere; works from the file system and from GitHub Pages) from kvbench's own results: an "
                + "overview "
                + "(the fastest engine per workload, the durability verdicts, what changed in the newest night, and a "
                + "matrix of engines and workloads with intervals and costs), a page per engine, a page per workload "
                + "and a page on how it was measured; each run's own report is copied under runs/.",
                "The benchmark runs of one profile (e.g. the nightly's shards) are merged by the rules of `kvbench "
                        + "report --merge`; runs of different profiles are shown side by side. Crash results "
                        + "(crash-results.json in a given directory or one or two levels below it: crash/, powercut/, "
                        + "faults/) are merged into one table of verdicts; a bisection (bisect.json) is shown on its "
                        + "engine's page.",
                "--out may be new, empty, or an earlier site, which is replaced once the new one is complete.",
                "Exit 2 on bad input: a directory with no results.json, bisect.json or crash-results.json, runs of one "
                        + "profile that cannot be merged, --change-points without --history, or an --out that holds "
                        + "something other than an earlier site."})
final class SiteCommand implements Callable<Integer> {

    @Option(names = "--results", required = true, arity = "1..*", paramLabel = "DIR",
            description = "Output directories of `kvbench run`, `gate`, `crash`, `bisect` or a nightly shard "
                    + "(required; one or more, or repeated).")
    List<Path> results;

    @Option(names = "--history", paramLabel = "DIR",
            description = "History directory, as `kvbench history append` writes it: each engine's page charts its "
                    + "series (default: none).")
    Path history;

    @Option(names = "--change-points", paramLabel = "FILE",
            description = "The change points of `kvbench history changes` over the same --history (its "
                    + "change-points.json): marked on the charts and listed on the overview (default: none).")
    Path changePoints;

    /** A directory that holds something other than an earlier site is refused: see the command's description. */
    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path outDir = OutOption.check(RunOutput.outDir(out, "site"));
        SiteWriter.checkReplaceable(outDir);
        if (changePoints != null && history == null) {
            throw new BadInputException("--change-points needs --history: the series the change points are in");
        }
        if (history != null && !Files.isDirectory(history)) {
            throw new BadInputException("--history " + history + ": no such directory");
        }
        Map<String, List<RunMerge.Shard>> byProfile = new LinkedHashMap<>();
        List<CrashResults> crash = new ArrayList<>();
        List<BisectReport> bisections = new ArrayList<>();
        for (Path dir : results) read(dir, byProfile, crash, bisections);
        List<SiteInput.Run> runs = new ArrayList<>();
        byProfile.forEach((profile, shards) -> runs.add(new SiteInput.Run(profile, String.join(", ", shards.stream()
                .map(RunMerge.Shard::name).toList()), shards.size() == 1 ? shards.get(0).run()
                : RunMerge.merge(shards))));
        List<SiteInput.Crash> crashRuns = crash.isEmpty() ? List.of()
                : List.of(new SiteInput.Crash("crash", crash.size() + " crash-results.json",
                CrashResults.merge(crash)));
        Optional<ChangeDetection.Report> changes = changePoints == null ? Optional.empty()
                : Optional.of(ChangeDetection.Report.read(changePoints));
        List<HistoryStore.Series> series = history == null ? List.of() : new HistoryStore(history).all();
        SiteInput input = new SiteInput(runs, crashRuns, series, changes, bisections);
        Path index = SiteWriter.write(input, outDir, Engines.all());
        PrintWriter console = spec.commandLine().getOut();
        console.println("site of " + input.runs().size() + " benchmark runs, " + crash.size() + " crash results, "
                + series.size() + " history series: " + index);
        console.flush();
        return ExitCode.OK.code();
    }

    /**
     * One --results directory: its results.json joins its profile's runs, every crash-results.json the crash runs, its
     * bisect.json the bisections.
     */
    private static void read(Path dir, Map<String, List<RunMerge.Shard>> byProfile, List<CrashResults> crash,
                             List<BisectReport> bisections) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("--results " + dir + (Files.exists(dir) ? ": not a directory"
                    : ": no such directory"));
        }
        boolean found = false;
        if (Files.isRegularFile(dir.resolve(ResultsJson.RESULTS_FILE))) {
            RunResults run = ReportCommand.read(dir.resolve(ResultsJson.RESULTS_FILE));
            byProfile.computeIfAbsent(run.profile(), p -> new ArrayList<>()).add(new RunMerge.Shard(dir.toString(),
                    run));
            found = true;
        }
        if (Files.isRegularFile(dir.resolve(BisectReport.JSON_FILE))) {
            bisections.add(BisectReport.read(dir.resolve(BisectReport.JSON_FILE)));
            found = true;
        }
        try (Stream<Path> files = Files.walk(dir, 2)) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals(CrashResults.FILE)).sorted()
                    .toList()) {
                crash.add(CrashResults.read(file));
                found = true;
            }
        }
        if (!found) {
            throw new BadInputException("--results " + dir + ": holds no " + ResultsJson.RESULTS_FILE + ", "
                    + BisectReport.JSON_FILE + " or " + CrashResults.FILE + " (nor a crash result below it)");
        }
    }
}
