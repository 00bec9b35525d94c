package io.kvbench.cli;

import java.io.PrintWriter;
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
                ReproduceCommand.class,
                CommandLine.HelpCommand.class})
public final class KvBench implements Runnable {

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
            return report(cli.getErr(), e);
        }
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new KvBench());
        cli.setExitCodeExceptionMapper(e -> ExitCode.of(e).code());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> report(commandLine.getErr(), e));
        return cli;
    }

    private static int report(PrintWriter err, Throwable e) {
        err.println("kvbench: " + oneLine(e));
        if (Boolean.getBoolean("kvbench.verbose")) e.printStackTrace(err);
        err.flush();
        return ExitCode.of(e).code();
    }

    /** The message on one line; an exception without one (a NullPointerException, an Error) says what it is. */
    static String oneLine(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank() || e instanceof Error || e instanceof NullPointerException
                || e instanceof ClassCastException || e instanceof ArithmeticException || e instanceof IndexOutOfBoundsException) {
            Throwable cause = e.getCause() != null && e.getCause() != e && e instanceof ExceptionInInitializerError ? e.getCause() : e;
            message = cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
                    + " (a bug of kvbench or a broken library; -Dkvbench.verbose=true shows where)";
        }
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
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
