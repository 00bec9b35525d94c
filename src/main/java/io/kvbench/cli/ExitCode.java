package io.kvbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.kvbench.input.BadInputException;
import io.kvbench.result.Verdict;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Collection;
import java.util.Map;
import picocli.CommandLine;

/**
 * The exit codes of {@code kvbench}, documented in the README: scripts and workflows branch on them, so 1 means only
 * that a verdict failed, never that kvbench itself did.
 */
public enum ExitCode {
    /** The command did what was asked and every verdict passed. */
    OK(0),
    /** A regression or a broken promise (crash recovery, correctness): the only code a verdict gives. */
    FAILED(1),
    /** The command line or a file it names is wrong; the message says which file and which field. */
    BAD_INPUT(2),
    /** The machine failed: no Docker, a full disk, a broken engine library, a bug of kvbench itself. */
    INFRASTRUCTURE(3),
    /** bisect: the bad version is not a confirmed regression against the good one, so there was nothing to search. */
    NOT_CONFIRMED(4),
    /** bisect: the search ended with a range, not one version (a step undecided, or only skipped versions left). */
    RANGE(5);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /**
     * The code of a command that judged: {@link #FAILED} when any verdict fails (a regression, a broken promise),
     * else {@link #INFRASTRUCTURE} when any is an error, else {@link #OK}. Known issues, new rows and information do
     * not fail a command.
     */
    static ExitCode of(Collection<Verdict> verdicts) {
        if (verdicts.stream().anyMatch(Verdict::fails)) return FAILED;
        if (verdicts.stream().anyMatch(Verdict::isError)) return INFRASTRUCTURE;
        return OK;
    }

    /** {@link #of(Collection)} of the verdicts that occur in a count by verdict. */
    static ExitCode of(Map<Verdict, ? extends Number> counts) {
        return of(counts.entrySet().stream().filter(e -> e.getValue().longValue() > 0).map(Map.Entry::getKey)
                .toList());
    }

    /**
     * The code of a failure, decided by its type (never by its message): whatever the user gave wrong is bad input
     * (kvbench's {@link BadInputException}, picocli's and Jackson's parse errors, a named file that is missing),
     * everything else is the machine's or kvbench's fault, an IllegalArgumentException from a library among them. A
     * Jackson parse error is bad input even though it is an IOException: the bytes were read, they are just not what
     * the file should hold.
     */
    static ExitCode of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (badInput(t)) return BAD_INPUT;
            // Only look through wrappers that add nothing (an UncheckedIOException around a parse error).
            if (!(t instanceof UncheckedIOException || t instanceof CommandLine.ExecutionException)) break;
        }
        return INFRASTRUCTURE;
    }

    private static boolean badInput(Throwable t) {
        return t instanceof CommandLine.ParameterException || t instanceof BadInputException
                || t instanceof JsonProcessingException
                || t instanceof NoSuchFileException || t instanceof NotDirectoryException
                || t instanceof AccessDeniedException || t instanceof FileSystemLoopException;
    }
}
