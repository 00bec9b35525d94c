package io.kvbench.cli;

import io.kvbench.bench.DelayedEngine;
import io.kvbench.bench.EngineDelay;
import io.kvbench.bench.HarnessOverheadBenchmark;
import io.kvbench.infra.JavaCommand;
import io.kvbench.input.BadInputException;
import io.kvbench.report.TextTable;
import io.kvbench.run.Rounds;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench overhead}: what the harness adds over calling LMDB and RocksDB directly. On a shared machine the speed
 * drifts by more than the effect within a minute, so raw and harness forks are interleaved in rounds (random order per
 * round) and each round is compared with itself; the overhead is the mean of the per-round ratios with a 95 %
 * confidence interval.
 */
@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = "Measure the harness overhead: uniform point reads through kvbench vs the engine's own API "
                + "(RocksDB, LMDB), interleaved in rounds. Exit 1 when the mean overhead of an engine is above "
                + "3 %% (the limit the harness is held to).")
final class OverheadCommand implements Callable<Integer> {

    static final double LIMIT_PERCENT = 3.0;
    /** The engines whose own API HarnessOverheadBenchmark calls directly. */
    static final List<String> ENGINES = List.of("lmdb", "rocksdb");

    @Option(names = "--profile", defaultValue = "ci", paramLabel = ProfileOption.LABEL,
            description = ProfileOption.DESCRIPTION)
    String profile;

    @Option(names = "--rounds", defaultValue = "6", paramLabel = "N",
            description = "Interleaved rounds, one fork per variant each, at least 2 (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--out", defaultValue = "kvbench-results/overhead", paramLabel = "DIR",
            description = "Where jmh.log and the stores go, created if needed (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--engine-delay-nanos", defaultValue = "0", paramLabel = "NANOS",
            description = "Busy work added to every get and put of the engine through kvbench, in nanoseconds, at "
                    + "most " + EngineDelay.MAX_NANOS + " (the lab's delayed engine, as calibrate's slowdowns: the "
                    + "store is then the engine's wrapped in a delaying one); the raw side calls the engine directly "
                    + "and gets none, so the overhead then shows what the delay costs per operation (default: "
                    + "${DEFAULT-VALUE}, none).")
    long engineDelayNanos;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (rounds < 2) {
            throw new BadInputException("--rounds must be >= 2 (a confidence interval needs two rounds)");
        }
        if (engineDelayNanos < 0 || engineDelayNanos > EngineDelay.MAX_NANOS) {
            throw new BadInputException("--engine-delay-nanos must be between 0 and " + EngineDelay.MAX_NANOS
                    + ", was " + engineDelayNanos);
        }
        Profile chosen = Names.profile(profile);
        Files.createDirectories(OutOption.check(out));
        Path data = Files.createDirectories(out.resolve("data"));
        Path tasks = Files.createDirectories(out.resolve("tasks"));
        PrintWriter console = spec.commandLine().getOut();
        console.println("kvbench overhead: profile " + chosen.name() + ", " + rounds
                + " interleaved rounds, JMH log in "
                + out.resolve("jmh.log"));
        console.flush();
        // engine -> variant -> per-round scores; allocation per op from the last round
        Map<String, Map<String, List<Double>>> scores = new TreeMap<>();
        Map<String, Map<String, Double>> allocation = new TreeMap<>();
        Random order = new Random(20261121L);
        try (PrintStream log = new PrintStream(Files.newOutputStream(out.resolve("jmh.log")), true)) {
            OutputFormat format = OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL);
            for (int round = 1; round <= rounds; round++) {
                for (String variant : Rounds.shuffled(List.of("raw", "harness"), order)) {
                    for (String engineId : ENGINES) {
                        BenchmarkTask task = engineTask(engineId, chosen, data);
                        RunResult r = new Runner(options(engineId, task, variant, tasks), format).runSingle();
                        scores.computeIfAbsent(engineId, k -> new TreeMap<>())
                                .computeIfAbsent(variant, k -> new ArrayList<>())
                                .add(r.getPrimaryResult().getScore());
                        var alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
                        if (alloc != null) allocation.computeIfAbsent(engineId, k -> new TreeMap<>())
                                .put(variant, alloc.getScore());
                    }
                }
                console.println("  round " + round + "/" + rounds + " done");
                console.flush();
            }
        }
        TextTable table = new TextTable("engine", "raw ops/s", "harness ops/s", "overhead (95% CI)", "within 3 %",
                "raw alloc", "harness alloc");
        boolean allWithin = true;
        for (var entry : scores.entrySet()) {
            List<Double> raw = entry.getValue().get("raw");
            List<Double> harness = entry.getValue().get("harness");
            SummaryStatistics overhead = new SummaryStatistics();
            for (int i = 0; i < raw.size(); i++) overhead.addValue(100.0 * (1 - harness.get(i) / raw.get(i)));
            double halfWidth = new TDistribution(overhead.getN() - 1).inverseCumulativeProbability(0.975)
                    * overhead.getStandardDeviation() / Math.sqrt(overhead.getN());
            boolean within = overhead.getMean() <= LIMIT_PERCENT;
            allWithin &= within;
            Map<String, Double> alloc = allocation.getOrDefault(entry.getKey(), Map.of());
            table.row(entry.getKey(), mean(raw), mean(harness),
                    String.format("%+.1f %% +- %.1f", overhead.getMean(), halfWidth), within ? "yes" : "NO",
                    bytesPerOp(alloc.get("raw")), bytesPerOp(alloc.get("harness")));
        }
        table.print(console);
        console.println("overhead = 1 - harness/raw per round (positive: the harness is slower); mean over rounds.");
        console.flush();
        return allWithin ? ExitCode.OK.code() : ExitCode.FAILED.code();
    }

    /**
     * The task of {@code engineId}: the overhead workload sized by the chosen profile, on the lab's delayed engine
     * around it when a delay is asked for.
     */
    private BenchmarkTask engineTask(String engineId, Profile chosen, Path data) {
        return BenchmarkTask.of(engineDelayNanos == 0 ? engineId : DelayedEngine.ID,
                Catalog.workload(HarnessOverheadBenchmark.WORKLOAD), chosen,
                BenchmarkTask.Environment.of(Map.of(), List.of(), data));
    }

    private Options options(String engineId, BenchmarkTask task, String variant, Path tasks) throws IOException {
        Path taskFile = tasks.resolve(task.key() + ".json");
        task.write(taskFile);
        Profile.Iterations it = task.iterations();
        JavaCommand command = JavaCommand.here().fixedHeap(task.heap()).flag("-XX:+AlwaysPreTouch")
                .flag("-D" + BenchmarkTask.PROPERTY + "=" + taskFile.toAbsolutePath());
        if (engineDelayNanos > 0) command.flag(DelayedEngine.flag(engineId, engineDelayNanos));
        List<String> jvmArgs = command.jvmArgs();
        return new OptionsBuilder()
                .include("^" + Pattern.quote(HarnessOverheadBenchmark.class.getName() + "." + variant) + "$")
                .param("engine", task.engine())
                .param("profile", profile)
                .forks(1)
                .warmupIterations(Math.max(2, it.warmupIterations()))
                .warmupTime(TimeValue.milliseconds(Math.round(it.warmupSeconds() * 1000)))
                .measurementIterations(it.measurementIterations())
                .measurementTime(TimeValue.milliseconds(Math.round(it.measurementSeconds() * 1000)))
                .jvmArgs(jvmArgs.toArray(String[]::new))
                // Allocation per operation (gc.alloc.rate.norm) shows whether a path allocates.
                .addProfiler(GCProfiler.class)
                .build();
    }

    private static String mean(List<Double> values) {
        return String.format("%,.0f", values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
    }

    private static String bytesPerOp(Double value) {
        return value == null ? "?" : String.format("%.1f B/op", value);
    }
}
