package io.kvbench.cli;

import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineSource;
import io.kvbench.baseline.ResultsInput;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.BaselineComparison;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.ComparisonReport;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.CostCheck;
import io.kvbench.report.ComparisonMarkdown;
import io.kvbench.report.ReportWriter;
import io.kvbench.report.TextTable;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunMerge;
import io.kvbench.result.RunResults;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench compare --results DIR}: judges a run against the baselines of its profile and machine class, prints
 * the verdicts and writes them to DIR/comparison.md and DIR/comparison.json.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare a run's results with the stored baselines of its profile and machine class.",
                "Writes DIR/comparison.md and DIR/comparison.json. Exit 1 on a REGRESSION, 3 on an ERROR result "
                        + "(infrastructure), 2 on bad input. A failure that matches a recorded engine bug is "
                        + "KNOWN_ISSUE (reported with its reference, does not fail)."})
final class CompareCommand implements Callable<Integer> {

    @Option(names = "--results", required = true, paramLabel = "DIR",
            description = "Output directory of a run, holding results.json (required).")
    Path results;

    @Mixin
    HistoryOption against = new HistoryOption();

    @Option(names = "--profile", paramLabel = "NAME",
            description = "Expect results of this profile; a run of another profile is refused (default: any).")
    String profile;

    @Option(names = "--engines", split = ",", paramLabel = "ID",
            description = "Compare only these engines, comma-separated or repeated (default: every engine of the run).")
    List<String> engines;

    @Mixin
    ThresholdOptions thresholds = new ThresholdOptions();

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        RunResults run = ResultsInput.read(results);
        if (profile != null && !profile.equals(run.profile())) {
            throw new BadInputException(results.resolve(ResultsJson.RESULTS_FILE) + " is from profile '"
                    + run.profile() + "', not '" + profile + "' (--profile)");
        }
        if (run.machine().machineClass().startsWith(RunMerge.MIXED)) {
            throw new BadInputException(results.resolve(ResultsJson.RESULTS_FILE)
                    + " merges shards of several machine classes ("
                    + run.machine().machineClass().substring(RunMerge.MIXED.length())
                    + "): compare each shard with the baselines of its own class");
        }
        Set<String> engineFilter = engineFilter(run);
        BaselineSource source = against.source(spec);
        ComparisonPolicy policy = policy(run.profile());
        String machineClass = run.machine().machineClass();
        BaselineSet set = source.load(run.profile(), machineClass);
        List<ComparisonRow> rows = CostCheck.apply(BaselineComparison.compare(run.results(), set, policy,
                key -> engineFilter == null || engineFilter.contains(key.engine())), run.results(), set,
                policy.thresholds()).rows();
        ComparisonReport report = ComparisonReport.of(run.profile(), machineClass, source.describe(),
                policy.describe(), rows);

        PrintWriter out = spec.commandLine().getOut();
        TextTable table = new TextTable(ComparisonMarkdown.HEADER.toArray(String[]::new));
        for (ComparisonRow row : rows) table.row(ComparisonMarkdown.cells(row));
        table.print(out);
        out.println(report.summary() + " (profile " + run.profile() + ", machine class " + machineClass + ")");
        out.print(ComparisonMarkdown.caveatsAsText(report));

        AtomicFiles.writeString(results.resolve(ComparisonReport.MARKDOWN_FILE), ComparisonMarkdown.markdown(report));
        ResultsJson.write(results.resolve(ComparisonReport.JSON_FILE), report);
        // summary.md has one writer: the report, now with the verdicts under "Comparison with baselines".
        ReportWriter.write(run, results, ComparisonMarkdown.markdown(report));
        out.println("wrote " + results.resolve(ComparisonReport.MARKDOWN_FILE) + ", " + ComparisonReport.JSON_FILE
                + " and the verdicts into " + ReportWriter.SUMMARY_FILE);
        out.flush();

        return ExitCode.of(report.counts()).code();
    }

    /** The profile's gate (its thresholds were set from measured spread), with any option given here on top. */
    private ComparisonPolicy policy(String profileName) {
        return thresholds.policyForProfileName(profileName);
    }

    /** Null for all engines; an engine that is neither registered nor in the run is a typo, not an empty filter. */
    private Set<String> engineFilter(RunResults run) {
        List<String> engines = new ArrayList<>();
        if (this.engines != null) engines.addAll(this.engines);
        if (engines.isEmpty()) return null;
        Set<String> known = new TreeSet<>();
        Engines.all().stream().map(KvEngine::id).forEach(known::add);
        run.results().stream().map(BenchmarkResult::engine).forEach(known::add);
        for (String engine : engines) {
            if (!known.contains(engine)) {
                throw new BadInputException("unknown engine '" + engine + "' in --engines"
                        + Suggestions.didYouMean(engine, known) + "; valid engines: " + String.join(", ", known));
            }
        }
        return Set.copyOf(engines);
    }

}
