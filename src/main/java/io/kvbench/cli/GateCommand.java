package io.kvbench.cli;

import io.kvbench.baseline.BaselineSource;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.Gate;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.ComparisonReport;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.ComparisonMarkdown;
import io.kvbench.report.ReportWriter;
import io.kvbench.report.TextTable;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.ResultsJson;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench gate}: run, compare with the baselines, confirm suspected regressions by rerunning just those
 * benchmarks, and exit 1 only on a confirmed regression or a benchmark that went MISSING (a baseline without a result).
 */
@Command(name = "gate", mixinStandardHelpOptions = true,
        description = {"Run the profile's benchmarks, compare them with the baselines, re-run each benchmark that "
                + "looks regressed (up to --confirmations times, each time with as many forks as its baseline "
                + "holds, at least the profile's) and decide on the pooled samples.",
                "Exit 1 only on a confirmed REGRESSION or a MISSING benchmark (a baseline without a result), 3 on an "
                        + "ERROR (infrastructure), 2 on bad input. Writes results.json, comparison.md/json and "
                        + "summary.md into --out; reruns go to <out>/confirm/.",
                "With --records, --forks or --iterations the run is judged against the baselines recorded under "
                        + "<profile>+<override> (a run with the same overrides and `kvbench baseline update`), never "
                        + "against the stock profile's."})
final class GateCommand implements Callable<Integer> {

    @Mixin
    Selection selection;

    @Option(names = "--profile", defaultValue = "ci", paramLabel = ProfileOption.LABEL,
            description = ProfileOption.DESCRIPTION)
    String profile;

    @Mixin
    SizeOptions sizes = new SizeOptions();

    @Mixin
    HistoryOption against = new HistoryOption();

    @Option(names = "--confirmations", defaultValue = "1", paramLabel = "N",
            description = "Reruns of a suspected regression before it counts (default: ${DEFAULT-VALUE}).")
    int confirmations;

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Mixin
    RunnerOptions where = new RunnerOptions();

    @Mixin
    ThresholdOptions thresholds = new ThresholdOptions();

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        OptionRange.atLeast("--confirmations", 0, confirmations);
        Profile stock = Names.profile(profile);
        Profile chosen = sizes.apply(stock);
        List<KvEngine> selectedEngines = selection.engines(stock);
        List<Workload> selectedWorkloads = selection.workloads(stock);
        BaselineSource source = against.source(spec);
        Path outDir = OutOption.check(RunOutput.outDir(out, "gate"));
        if (Files.exists(outDir.resolve(ResultsJson.RESULTS_FILE))) {
            throw new BadInputException("--out " + outDir
                    + " already holds a results.json; choose another directory");
        }
        ThresholdPolicy policy = thresholds.policy(chosen);
        RunPlan plan = new RunPlan(selectedEngines, selectedWorkloads, chosen, outDir, outDir.resolve("data"));
        BenchmarkRunner benchmarkRunner = where.choose(System.out);
        System.out.printf("kvbench gate: %d benchmarks, profile %s, runner %s, up to %d confirmation reruns per "
                + "suspect, output %s%n",
                plan.size(), chosen.name(), benchmarkRunner.name(), confirmations, outDir);
        Gate.Judgement outcome = new Gate(benchmarkRunner, source, policy, confirmations, System.out)
                .run(plan, key -> plan.engines().stream().anyMatch(e -> e.id().equals(key.engine()))
                        && plan.workloads().stream().anyMatch(w -> w.name().equals(key.workload())));
        ComparisonReport report = outcome.report();

        PrintWriter console = spec.commandLine().getOut();
        TextTable table = new TextTable(ComparisonMarkdown.HEADER.toArray(String[]::new));
        for (ComparisonRow row : outcome.rows()) table.row(ComparisonMarkdown.cells(row));
        table.print(console);
        console.println(report.summary() + " (profile " + report.profile() + ", machine class " + report.machineClass()
                + ")");
        console.print(ComparisonMarkdown.caveatsAsText(report));
        AtomicFiles.writeString(outDir.resolve(ComparisonReport.MARKDOWN_FILE), ComparisonMarkdown.markdown(report));
        ResultsJson.write(outDir.resolve(ComparisonReport.JSON_FILE), report);
        ReportWriter.write(outcome.run(), outDir, ComparisonMarkdown.markdown(report));
        console.println("wrote " + outDir.resolve(ComparisonReport.MARKDOWN_FILE) + ", " + ComparisonReport.JSON_FILE
                + " and " + ReportWriter.SUMMARY_FILE);
        console.flush();
        if (outcome.regressed()) return ExitCode.FAILED.code();
        if (outcome.lostCoverage()) return ExitCode.FAILED.code();
        if (outcome.failedToMeasure()) return ExitCode.INFRASTRUCTURE.code();
        return ExitCode.OK.code();
    }
}
