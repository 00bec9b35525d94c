package io.kvbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code java -jar lab/target/kvbench-lab.jar}: the commands that measure kvbench itself and its runner,
 * not engines (lab/README.md). Built on kvbench's command line ({@link KvBench#configured}): the same error path, exit
 * codes, help width and version line. In kvbench's {@code io.kvbench.cli} package, so that its commands share the
 * product's package-private options (runner, thresholds, sizes, A/B) instead of copies or a public CLI API.
 */
@Command(name = "kvbench-lab", mixinStandardHelpOptions = true,
        description = "kvbench's lab: measure the harness, the regression gate, the A/B and the runner themselves.",
        subcommands = {CalibrateCommand.class, OverheadCommand.class, CacheProbeCommand.class,
                HistoryReplayCommand.class, CommandLine.HelpCommand.class})
public final class KvBenchLab implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        KvBench.exit(KvBenchLab::commandLine, args);
    }

    /** Runs a command line and returns its exit code (for tests, without exiting the JVM). */
    public static int execute(String... args) {
        return KvBench.run(commandLine(), args);
    }

    static CommandLine commandLine() {
        return KvBench.configured(new CommandLine(new KvBenchLab()));
    }

    @Override
    public void run() {
        throw KvBench.missingCommand(spec);
    }
}
