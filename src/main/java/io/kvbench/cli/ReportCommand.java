package io.kvbench.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import io.kvbench.report.ConsoleReport;
import io.kvbench.report.ReportWriter;
import io.kvbench.report.Units;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench report --results DIR [--out DIR]}: summary.md and report.html from a results.json, and the table;
 * {@code kvbench report --merge DIR... --out DIR}: the same for several runs merged into one results.json
 * ({@link ShardMerge}).
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write summary.md and report.html for a run's results.json and print the results table.",
                "With --merge, first merge the results.json of several runs (e.g. one engine per CI job) into --out/results.json. "
                        + "Refused (exit 2): a directory without results.json, shards of different profiles, shards that measured "
                        + "on different runners, machine classes or resource limits, the same engine and workload in two shards. "
                        + "A shard's crash results (crash-results.json or crash/crash-results.json) are merged into "
                        + "--out/crash-results.json and included in the report; other files (logs/) are left alone."})
final class ReportCommand implements Callable<Integer> {

    /** Exactly one input: one run, or several to merge. */
    static final class Input {
        @Option(names = "--results", required = true, paramLabel = "DIR", description = "Directory holding results.json.")
        Path results;

        @Option(names = "--merge", required = true, arity = "1..*", paramLabel = "DIR",
                description = "Output directories of several runs (shards) to merge; needs --out.")
        List<Path> merge;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write summary.md and report.html (default: the --results directory; required with --merge).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (input.merge != null) {
            RunResults merged = ShardMerge.merge(input.merge, out, spec.commandLine().getOut());
            return print(merged, ReportWriter.write(merged, out, null));
        }
        Path results = input.results;
        if (!Files.isDirectory(results)) {
            throw new IllegalArgumentException("--results " + results + (Files.exists(results)
                    ? ": not a directory (give the directory that holds " + ResultsJson.RESULTS_FILE + ")"
                    : ": no such directory"));
        }
        Path outDir = out == null ? results : out;
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new IllegalArgumentException("--out " + outDir + ": exists and is not a directory");
        }
        RunResults run = read(results.resolve(ResultsJson.RESULTS_FILE));
        return print(run, ReportWriter.write(run, outDir, null));
    }

    private int print(RunResults run, ReportWriter.Written written) {
        PrintWriter stdout = spec.commandLine().getOut();
        ConsoleReport.print(run, stdout, Units.forConsole());
        stdout.println("Wrote " + written.summary() + " and " + written.html());
        stdout.flush();
        return KvBench.EXIT_OK;
    }

    /** Reads results.json; anything wrong with it is bad input, reported on one line with the file and position. */
    static RunResults read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(file + ": not found");
        RunResults run;
        try {
            run = ResultsJson.read(file);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": " + describe(e), e);
        }
        if (run == null) throw new IllegalArgumentException(file + ": holds no results object");
        if (run.schemaVersion() != RunResults.SCHEMA_VERSION) {
            throw new IllegalArgumentException(file + ": schemaVersion " + run.schemaVersion()
                    + " is not supported (this kvbench reads " + RunResults.SCHEMA_VERSION + ")");
        }
        return run;
    }

    /** "field results[0].status (line 3, column 14): Cannot deserialize ..." from Jackson's exception, on one line. */
    private static String describe(JsonProcessingException e) {
        String field = e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty() ? "field " + path(mapping) : "";
        JsonLocation location = e.getLocation();
        String where = location != null && location.getLineNr() > 0
                ? "line " + location.getLineNr() + ", column " + location.getColumnNr() : "";
        String position = field.isEmpty() ? where : where.isEmpty() ? field : field + " (" + where + ")";
        String message = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        message = message.lines().findFirst().orElse("").strip();
        return position.isEmpty() ? message : position + ": " + message;
    }

    private static String path(JsonMappingException e) {
        StringBuilder s = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (s.length() > 0) s.append('.');
                s.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                s.append('[').append(ref.getIndex()).append(']');
            }
        }
        return s.toString();
    }
}
