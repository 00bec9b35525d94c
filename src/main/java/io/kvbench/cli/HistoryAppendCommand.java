package io.kvbench.cli;

import io.kvbench.baseline.ResultsInput;
import io.kvbench.history.HistoryStore;
import io.kvbench.input.BadInputException;
import io.kvbench.result.RunResults;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench history append}: every result of one or more runs (shards of one night) becomes a night of its
 * series. A night is identified by (time, commit): appending the same runs again replaces those lines, so a re-run of
 * the workflow's history step does not duplicate a night.
 */
@Command(name = "append", mixinStandardHelpOptions = true,
        description = {"Append the results of runs to the history as one night each, in the directory of each result's "
                + "machine class. Idempotent per (time, commit). OK, ERROR and known-issue results are recorded; only "
                + "OK ones are scores."})
final class HistoryAppendCommand implements Callable<Integer> {

    @Option(names = "--results", required = true, paramLabel = "DIR",
            description = "A run's output directory, holding results.json; repeatable (required).")
    List<Path> results;

    @Option(names = "--history", required = true, paramLabel = "DIR",
            description = "History directory: the checked-out history branch (required).")
    Path history;

    @Option(names = "--commit", required = true, paramLabel = "SHA",
            description = "The git commit the runs measured (required).")
    String commit;

    @Option(names = "--time", paramLabel = "INSTANT",
            description = "The night's time, ISO-8601 (default: each run's startedAt). Give the workflow run's "
                    + "creation time so that a re-run of the whole workflow replaces the night instead of adding one.")
    String time;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (commit.isBlank()) throw new BadInputException("--commit is empty");
        if (time != null) parse(time, "--time");
        HistoryStore store = new HistoryStore(history);
        PrintWriter out = spec.commandLine().getOut();
        for (Path dir : results) {
            RunResults run = ResultsInput.read(dir);
            String night = time != null ? time : parse(run.startedAt(), dir + " startedAt");
            int lines = store.append(run, night, commit);
            out.println("appended " + lines + " results of " + dir + " as the night " + night + " (" + commit + ") to "
                    + history);
        }
        out.flush();
        return ExitCode.OK.code();
    }

    private static String parse(String instant, String what) {
        try {
            return Instant.parse(instant).toString();
        } catch (DateTimeParseException | NullPointerException e) {
            throw new BadInputException(what + " is '" + instant
                    + "', not an ISO-8601 instant (e.g. 2026-11-23T02:00:00Z)");
        }
    }
}
