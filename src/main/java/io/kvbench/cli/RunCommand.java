package io.kvbench.cli;

import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunLayout;
import io.kvbench.result.RunResults;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.ContainerRunner;
import io.kvbench.run.Progress;
import io.kvbench.run.RunLoop;
import io.kvbench.run.RunPlan;
import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kvbench run}: the main job. Measures engines on workloads and writes results and reports. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Benchmark engines on workloads, print a comparison table and write results.json, "
                + "jmh-results.json, summary.md and report.html.",
                "Sizes are the profile's unless --records, --forks, --iterations, --value-size or --threads override "
                        + "them; a run with an override is recorded under the profile name <profile>+<override>, so "
                        + "that its baselines never mix with the stock profile's."})
final class RunCommand implements Callable<Integer> {

    @Mixin
    Selection selection;

    @Option(names = "--profile", defaultValue = "overview", paramLabel = ProfileOption.LABEL,
            description = ProfileOption.DESCRIPTION)
    String profile;

    @Mixin
    RunnerOptions where = new RunnerOptions();

    @Mixin
    SizeOptions sizes = new SizeOptions();

    @Mixin
    ShapeOptions shapes = new ShapeOptions();

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where stores are created, on a real disk (default: <out>/data, deleted after each "
                    + "benchmark).")
    Path dataDir;

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Mixin
    EngineSwapOptions engineBuilds = new EngineSwapOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Profile stock = Names.profile(profile);
        Profile chosen = shapes.rename(sizes.apply(stock));
        List<Workload> workloads = shapes.apply(selection.workloads(stock));
        ContainerResources containerResources = where.containerResources(); // bad input even when it will not be used
        measure(new Request(selection.engines(stock), workloads, chosen, "run", out, dataDir), containerResources,
                where::choose, spec.commandLine().getOut());
        return ExitCode.OK.code();
    }

    /** What a measuring command runs and where it writes. */
    record Request(List<KvEngine> engines, List<Workload> workloads, Profile profile, String command, Path out,
                   Path dataDir) {
    }

    /** Runs the plan and writes results, reports and the table: run's job. */
    static void measure(Request m, ContainerResources containerResources,
                        Function<PrintStream, BenchmarkRunner> chooseRunner, PrintWriter out) throws Exception {
        measure(m, Map.of(), containerResources, chooseRunner, out);
    }

    /** The same with some workloads measured with profiles of their own ({@link RunPlan#byWorkload}): reproduce's. */
    static void measure(Request m, Map<String, Profile> byWorkload, ContainerResources containerResources,
                        Function<PrintStream, BenchmarkRunner> chooseRunner, PrintWriter out) throws Exception {
        List<KvEngine> selectedEngines = m.engines();
        List<Workload> selectedWorkloads = m.workloads();
        Profile chosen = m.profile();
        String command = m.command();
        Path dataDir = m.dataDir();
        Path outDir = OutOption.check(RunOutput.outDir(m.out(), command));
        if (dataDir != null) OutOption.check("--data-dir", dataDir);
        RunLayout layout = new RunLayout(outDir);
        if (Files.exists(layout.results())) {
            throw new BadInputException("--out " + outDir
                    + " already holds a results.json; choose another directory");
        }
        RunPlan plan = new RunPlan(selectedEngines, selectedWorkloads, chosen, outDir,
                dataDir != null ? dataDir : outDir.resolve("data"), byWorkload);
        PrintStream console = System.out;
        BenchmarkRunner benchmarkRunner = chooseRunner.apply(console);
        console.printf("kvbench %s: %d engines x %d workloads = %d benchmarks, profile %s, runner %s, output %s%n",
                command, selectedEngines.size(), selectedWorkloads.size(), plan.size(), chosen.name(),
                benchmarkRunner.name(), outDir);
        console.println("resources: " + describe(benchmarkRunner, containerResources, chosen));
        RunResults results = RunLoop.run(benchmarkRunner, plan, new Progress(console, plan.size()),
                partial -> ResultsJson.write(layout.results(), partial));
        ResultsJson.write(layout.results(), results);
        if (dataDir == null) deleteIfEmpty(plan.dataDir());
        RunOutput.write(results, outDir, out);
    }

    private static String describe(BenchmarkRunner runner, ContainerResources profile, Profile benchmarkProfile) {
        if (runner instanceof ContainerRunner) {
            long memory = profile.memoryBytes(benchmarkProfile.heap());
            return profile.name() + " (cpuset " + String.join(" or ", profile.cpusets()) + ", memory "
                    + ContainerResources.size(memory)
                    + (profile.memory().startsWith("heap+") ? " = heap+" + profile.memory().substring(5) : "")
                    + ", heap " + benchmarkProfile.heap() + ", " + String.join(" ", profile.benchmarkJvmFlags())
                    + ", network none)";
        }
        return "unrestricted: " + Runtime.getRuntime().availableProcessors() + " cores of this machine, heap "
                + benchmarkProfile.heap() + " (resource profiles apply to containers only)";
    }

    /** The default data directory goes away when every benchmark cleaned up after itself; leftovers stay for a look. */
    private static void deleteIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException notEmpty) {
            // kept on purpose
        }
    }

}
