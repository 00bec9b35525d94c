package io.kvbench.cli;

import io.kvbench.infra.GitRevision;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code java -jar kvbench.jar}. Exit codes: 0 success, 1 a verdict failed (regression, broken promise),
 * 2 bad input (unknown command, option, engine, file), 3 an infrastructure error (missing Docker, full disk).
 */
@Command(name = "kvbench", mixinStandardHelpOptions = true,
        description = "Correctness, crash-recovery and performance suite for embedded Java key-value engines.",
        subcommands = {EnginesCommand.class, WorkloadsCommand.class, ProfilesCommand.class, RunCommand.class,
                CompareCommand.class, GateCommand.class, InterleaveCommand.class, BisectCommand.class,
                VersionsCommand.class, BaselineCommand.class, HistoryCommand.class, ReportCommand.class,
                CrashCommand.class,
                ReproduceCommand.class, SiteCommand.class, ContractCommand.class, CommandLine.HelpCommand.class})
public final class KvBench implements Runnable {

    /** Columns of every help text. */
    static final int USAGE_WIDTH = 80;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        exit(KvBench::commandLine, args);
    }

    /** Runs {@code args} on the command line {@code cli} makes (kvbench's or the lab's) and exits with its code. */
    static void exit(Supplier<CommandLine> cli, String... args) {
        // Testcontainers (the container runner) logs through SLF4J, which has no provider here and would print three
        // warning lines; the same setting surefire and the benchmark JVMs get from pom.xml.
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
        System.exit(run(cli.get(), args));
    }

    /** Runs a command line and returns its exit code (for tests, without exiting the JVM). */
    public static int execute(String... args) {
        return run(commandLine(), args);
    }

    /**
     * The one error path: whatever escapes a command, an Error included (a native library that fails to load, a stack
     * overflow on a hostile file), becomes one line "kvbench: ..." on stderr and the exit code of its type; the stack
     * trace only with -Dkvbench.verbose=true.
     */
    static int run(CommandLine cli, String... args) {
        try {
            return cli.execute(args);
        } catch (Throwable e) {
            // Errors (and anything thrown while picocli itself handles a failure) arrive here, past its handlers.
            return CliErrors.report(cli.getErr(), e, null);
        }
    }

    static CommandLine commandLine() {
        return configured(new CommandLine(new KvBench()));
    }

    /**
     * {@code cli} with everything every kvbench command line shares: the one error path, the converters, the relaunch
     * for outside adapters (into a JVM running the same root command), the help width and the version provider. The
     * lab's command line ({@code lab/}) is built with it too.
     */
    static CommandLine configured(CommandLine cli) {
        cli.setExitCodeExceptionMapper(e -> ExitCode.of(e).code());
        cli.registerConverter(Percent.class, new Percent.Converter());
        cli.setParameterExceptionHandler(CliErrors::parameterError);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) ->
                CliErrors.report(commandLine.getErr(), e, commandLine));
        // Outside adapters and swapped engines: the command runs in a JVM on the class path that has them.
        CommandLine.IExecutionStrategy here = new CommandLine.RunLast();
        cli.setExecutionStrategy(parsed -> Relaunch.execute(parsed, here));
        // One width whatever the terminal or picocli.usage.width: help texts are checked and docs/reference/cli.md is
        // rendered at it.
        cli.setUsageHelpWidth(USAGE_WIDTH);
        cli.setUsageHelpAutoWidth(false);
        // --version on every command, not only the root (mixinStandardHelpOptions gives each its -V, not a provider).
        commands(cli).forEach(c -> c.getCommandSpec().versionProvider(new Version()));
        return cli;
    }

    /** The command and all its subcommands, depth first, each once (an alias maps to the same instance). */
    static List<CommandLine> commands(CommandLine root) {
        List<CommandLine> commands = new ArrayList<>(List.of(root));
        for (CommandLine sub : root.getSubcommands().values()) {
            if (sub.getParent() == root && !commands.contains(sub)) commands.addAll(commands(sub));
        }
        return commands;
    }

    @Override
    public void run() {
        throw missingCommand(spec);
    }

    /** A bare {@code kvbench} (or {@code kvbench-lab}) is a usage error: say what the commands are. */
    static CommandLine.ParameterException missingCommand(CommandLine.Model.CommandSpec root) {
        return new CommandLine.ParameterException(root.commandLine(), "missing command: choose one of "
                + String.join(", ", root.subcommands().keySet()));
    }

    /** "kvbench 0.1.0 (git revision abc...)": the jar's version and the commit results.json records. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = KvBench.class.getPackage().getImplementationVersion();
            return new String[] {"kvbench " + (version == null ? "development build" : version)
                    + " (git revision " + GitRevision.current() + ")"};
        }
    }
}
