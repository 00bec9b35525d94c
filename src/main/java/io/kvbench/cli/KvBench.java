package io.kvbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code java -jar kvbench.jar}. Exit codes: 0 success, 1 a verdict failed (regression, broken promise),
 * 2 bad input (unknown command, option, engine, file), 3 an infrastructure error (missing Docker, full disk).
 */
@Command(name = "kvbench", mixinStandardHelpOptions = true, versionProvider = KvBench.Version.class,
        description = "Correctness, crash-recovery and performance suite for embedded Java key-value engines.",
        subcommands = {EnginesCommand.class, RunCommand.class, CompareCommand.class, GateCommand.class, InterleaveCommand.class,
                BaselineCommand.class, HistoryCommand.class, ReportCommand.class, OverheadCommand.class, CrashCommand.class, CalibrateCommand.class,
                CommandLine.HelpCommand.class})
public final class KvBench implements Runnable {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_BAD_INPUT = 2;
    public static final int EXIT_INFRASTRUCTURE = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // Testcontainers (the container runner) logs through SLF4J, which has no provider here and would print three
        // warning lines; the same setting surefire and the benchmark JVMs get from pom.xml.
        if (System.getProperty("slf4j.internal.verbosity") == null) System.setProperty("slf4j.internal.verbosity", "ERROR");
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code (for tests, without exiting the JVM). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new KvBench());
        cli.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException || e instanceof IllegalArgumentException
                ? EXIT_BAD_INPUT : EXIT_INFRASTRUCTURE);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            // One clear line, no stack trace, unless --verbose was given.
            commandLine.getErr().println("kvbench: " + e.getMessage());
            if (Boolean.getBoolean("kvbench.verbose")) e.printStackTrace(commandLine.getErr());
            return commandLine.getExitCodeExceptionMapper().getExitCode(e);
        });
        return cli;
    }

    @Override
    public void run() {
        // A bare `kvbench` is a usage error: say what the commands are.
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: choose one of "
                + String.join(", ", spec.subcommands().keySet()));
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = KvBench.class.getPackage().getImplementationVersion();
            return new String[] {"kvbench " + (version == null ? "(development build)" : version)};
        }
    }
}
