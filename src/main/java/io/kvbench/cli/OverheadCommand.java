package io.kvbench.cli;

import io.kvbench.report.TextTable;
import io.kvbench.bench.BenchSettings;
import io.kvbench.bench.HarnessOverheadBenchmark;
import io.kvbench.runner.JvmFlags;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code kvbench overhead}: measures what the harness adds over calling LMDB and RocksDB directly. */
@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = "Measure the harness overhead: uniform point reads through kvbench vs the engine's own API "
                + "(RocksDB, LMDB). The overhead must stay within 3 %%.")
final class OverheadCommand implements Callable<Integer> {

    @Option(names = "--profile", defaultValue = "ci", paramLabel = "NAME|FILE",
            description = "Profile giving dataset size, iterations and forks (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--out", defaultValue = "kvbench-results/overhead", paramLabel = "DIR",
            description = "Where jmh-overhead.json and jmh.log go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Profile chosen = Catalog.profile(profile);
        Files.createDirectories(out);
        Path data = Files.createDirectories(out.resolve("data"));
        Profile.Iterations it = chosen.operations();
        List<String> jvmArgs = new ArrayList<>(JvmFlags.engineFlags());
        jvmArgs.addAll(List.of("-Xms" + chosen.heap(), "-Xmx" + chosen.heap(), "-XX:+AlwaysPreTouch",
                "-D" + BenchSettings.DATA_DIR + "=" + data.toAbsolutePath()));
        var options = new OptionsBuilder()
                .include("^" + Pattern.quote(HarnessOverheadBenchmark.class.getName()) + "\\.")
                .param("profile", profile)
                .forks(chosen.forks())
                .warmupIterations(Math.max(2, it.warmupIterations()))
                .warmupTime(TimeValue.milliseconds(Math.round(it.warmupSeconds() * 1000)))
                .measurementIterations(it.measurementIterations())
                .measurementTime(TimeValue.milliseconds(Math.round(it.measurementSeconds() * 1000)))
                .jvmArgs(jvmArgs.toArray(String[]::new))
                // Allocation per operation (gc.alloc.rate.norm) shows whether the harness path allocates.
                .addProfiler(GCProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(out.resolve("jmh-overhead.json").toString())
                .build();
        PrintWriter console = spec.commandLine().getOut();
        console.println("kvbench overhead: profile " + chosen.name() + ", JMH log in " + out.resolve("jmh.log"));
        console.flush();
        Collection<RunResult> results;
        try (PrintStream log = new PrintStream(Files.newOutputStream(out.resolve("jmh.log")), true)) {
            results = new Runner(options, OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL)).run();
        }
        Map<String, Map<String, RunResult>> byEngine = new TreeMap<>();
        for (RunResult r : results) {
            String method = r.getParams().getBenchmark().substring(r.getParams().getBenchmark().lastIndexOf('.') + 1);
            byEngine.computeIfAbsent(r.getParams().getParam("engine"), k -> new TreeMap<>()).put(method, r);
        }
        TextTable table = new TextTable("engine", "raw ops/s", "harness ops/s", "overhead", "within 3 %",
                "raw alloc", "harness alloc");
        boolean allWithin = true;
        for (var entry : byEngine.entrySet()) {
            RunResult raw = entry.getValue().get("raw");
            RunResult harness = entry.getValue().get("harness");
            double overhead = 100.0 * (raw.getPrimaryResult().getScore() - harness.getPrimaryResult().getScore())
                    / raw.getPrimaryResult().getScore();
            boolean within = overhead <= 3.0;
            allWithin &= within;
            table.row(entry.getKey(), scoreText(raw), scoreText(harness), String.format("%+.1f %%", overhead), within ? "yes" : "NO",
                    allocText(raw), allocText(harness));
        }
        table.print(console);
        console.flush();
        return allWithin ? KvBench.EXIT_OK : KvBench.EXIT_FAILED;
    }

    private static String allocText(RunResult r) {
        var alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
        return alloc == null ? "?" : String.format("%.1f B/op", alloc.getScore());
    }

    private static String scoreText(RunResult r) {
        return String.format("%,.0f +- %,.0f", r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError());
    }
}
