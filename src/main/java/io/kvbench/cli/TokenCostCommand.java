package io.kvbench.cli;

import io.kvbench.runner.TokenCost;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code kvbench token-cost --out DIR}: nanoseconds per Blackhole.consumeCPU token on this machine, written to
 * DIR/token-cost.json. Hidden: {@code kvbench calibrate} runs it where benchmarks run (inside the benchmark container).
 */
@Command(name = "token-cost", hidden = true, mixinStandardHelpOptions = true,
        description = "Measure what one Blackhole.consumeCPU token costs here (for calibrated slowdowns).")
final class TokenCostCommand implements Callable<Integer> {

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where token-cost.json goes.")
    Path out;

    @Option(names = "--fork-jvm-flag", paramLabel = "FLAG", description = "Extra flag for the forked JVM.")
    List<String> forkJvmFlags = List.of();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        TokenCost cost = TokenCost.measure(forkJvmFlags, out);
        spec.commandLine().getOut().printf(Locale.ROOT, "%.4f ns per token (+- %.4f)%n", cost.nanosPerToken(), cost.error());
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
