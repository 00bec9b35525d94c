package io.kvbench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one error path of the CLI: every failure, picocli's own parameter errors included, becomes exactly one line on
 * stderr, {@code kvbench: <what is wrong> (did you mean ...?); try: kvbench <command> --help}, and the exit code of its
 * type. No usage dump (the useful line would scroll away), no stack trace unless -Dkvbench.verbose=true.
 */
final class CliErrors {

    private CliErrors() {
    }

    /** picocli's parameter exception handler: a mistake on the command line, found before any work starts. */
    static int parameterError(ParameterException e, String[] args) {
        CommandLine where = e.getCommandLine();
        PrintWriter err = where.getErr();
        err.println("kvbench: " + withoutFullStop(describe(e)) + hint(where));
        if (Boolean.getBoolean("kvbench.verbose")) e.printStackTrace(err);
        err.flush();
        return ExitCode.BAD_INPUT.code();
    }

    /** Whatever escaped a command: one line, with the help hint when the user can fix it (bad input). */
    static int report(PrintWriter err, Throwable e, CommandLine where) {
        ExitCode code = ExitCode.of(e);
        String line = code == ExitCode.BAD_INPUT ? withoutFullStop(oneLine(e)) + hint(where) : oneLine(e);
        err.println("kvbench: " + line);
        if (Boolean.getBoolean("kvbench.verbose")) e.printStackTrace(err);
        err.flush();
        return code.code();
    }

    /** "unknown subcommand 'rn'" of picocli's "Unknown subcommand 'rn'.", so that the hint follows a clause. */
    private static String withoutFullStop(String message) {
        return message.endsWith(".") && !message.endsWith("..") ? message.substring(0, message.length() - 1) : message;
    }

    /** "; try: kvbench run --help": where the options and their defaults are. */
    static String hint(CommandLine where) {
        return "; try: " + (where == null ? "kvbench" : where.getCommandSpec().qualifiedName()) + " --help";
    }

    /** A parameter error in words, with the closest valid option or command for a word picocli did not recognise. */
    static String describe(ParameterException e) {
        CommandSpec spec = e.getCommandLine().getCommandSpec();
        if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            if (first.startsWith("-") && first.length() > 1) {
                String option = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
                List<String> names = spec.options().stream().filter(o -> !o.hidden())
                        .flatMap(o -> List.of(o.names()).stream()).filter(n -> n.startsWith("--")).toList();
                return "unknown option '" + option + "'" + Suggestions.didYouMean(option, names);
            }
            if (!spec.subcommands().isEmpty()) {
                return "unknown command '" + first + "'" + Suggestions.didYouMean(first, spec.subcommands().keySet());
            }
            return "unexpected argument '" + first + "' (" + spec.qualifiedName() + " takes "
                    + (spec.positionalParameters().isEmpty() ? "options only" : "one " + label(spec)) + ")";
        }
        String message = oneLine(e);
        message = message.isEmpty() ? message : message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
        return message + fixedValueSuggestion(e);
    }

    /** " (did you mean local?)" for a mistyped value of an option with fixed values (--runner lokal); else "". */
    private static String fixedValueSuggestion(ParameterException e) {
        if (e.getArgSpec() == null || e.getArgSpec().completionCandidates() == null || e.getValue() == null) return "";
        List<String> valid = new java.util.ArrayList<>();
        e.getArgSpec().completionCandidates().forEach(valid::add);
        return valid.contains(e.getValue()) ? "" : Suggestions.didYouMean(e.getValue(), valid);
    }

    private static String label(CommandSpec spec) {
        return spec.positionalParameters().get(0).paramLabel();
    }

    /** The message on one line; an exception without one (a NullPointerException, an Error) says what it is. */
    static String oneLine(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank() || e instanceof Error || e instanceof NullPointerException
                || e instanceof ClassCastException || e instanceof ArithmeticException
                || e instanceof IndexOutOfBoundsException) {
            Throwable cause = e.getCause() != null && e.getCause() != e && e instanceof ExceptionInInitializerError
                    ? e.getCause() : e;
            message = cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
                    + " (a bug of kvbench or a broken library; -Dkvbench.verbose=true shows where)";
        }
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
