package io.kvbench.run;

import io.kvbench.bench.TokenCostBenchmark;
import io.kvbench.infra.JavaCommand;
import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Nanoseconds per Blackhole.consumeCPU token, measured by {@link TokenCostBenchmark} in one forked JVM with the
 * benchmark JVMs' flags (3 warm-up and 10 measurement iterations of 0.5 s). Written as {@value #FILE} so that a
 * measurement taken in a container comes back
 * through its output directory.
 *
 * @param nanosPerToken mean cost of one token
 * @param error         half-width of JMH's 99.9 % confidence interval, per token
 */
public record TokenCost(double nanosPerToken, double error) {

    public static final String FILE = "token-cost.json";

    /** Measures here, in a forked JVM with {@code jvmFlags}; JMH's output goes to {@code outDir/token-cost.log}. */
    public static TokenCost measure(List<String> jvmFlags, Path outDir) throws IOException {
        Files.createDirectories(outDir);
        List<String> jvmArgs = JavaCommand.here().flags(jvmFlags).flag("-Xmx256m").jvmArgs();
        try (PrintStream log = new PrintStream(Files.newOutputStream(outDir.resolve("token-cost.log")), true)) {
            RunResult result = new Runner(new OptionsBuilder()
                    .include("^" + Pattern.quote(TokenCostBenchmark.class.getName() + ".consume") + "$")
                    .param("tokens", String.valueOf(TokenCostBenchmark.TOKENS))
                    .forks(1)
                    .warmupIterations(3).warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(10).measurementTime(TimeValue.milliseconds(500))
                    .jvmArgs(jvmArgs.toArray(String[]::new))
                    .shouldFailOnError(true)
                    .build(), OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL)).runSingle();
            TokenCost cost = new TokenCost(result.getPrimaryResult().getScore() / TokenCostBenchmark.TOKENS,
                    result.getPrimaryResult().getScoreError() / TokenCostBenchmark.TOKENS);
            ResultsJson.write(outDir.resolve(FILE), cost);
            return cost;
        } catch (RunnerException e) {
            throw new IllegalStateException("the token-cost benchmark failed; see " + outDir.resolve("token-cost.log"),
                    e);
        }
    }

    /** Reads what {@link #measure} wrote. */
    public static TokenCost read(Path outDir) throws IOException {
        return ResultsJson.MAPPER.readValue(outDir.resolve(FILE).toFile(), TokenCost.class);
    }
}
