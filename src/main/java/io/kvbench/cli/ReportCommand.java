package io.kvbench.cli;

import io.kvbench.baseline.ResultsInput;
import io.kvbench.gate.InterleaveReport;
import io.kvbench.input.BadInputException;
import io.kvbench.report.AbSummary;
import io.kvbench.report.ConsoleReport;
import io.kvbench.report.ReportWriter;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Units;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
                "With --merge, first merge the results.json of several runs (e.g. one engine per CI job) into "
                        + "--out/results.json. Refused (exit 2): a directory without results.json, shards of different "
                        + "profiles, shards that measured on different runners or resource limits, the same engine and "
                        + "workload in two shards. Shards of several machine classes are reported side by side "
                        + "(compare each shard on its own). Crash results of the shards (crash-results.json or "
                        + "crash/crash-results.json) are merged too, into --out/crash-results.json and the report; "
                        + "other files (logs/) are left alone.",
                "With --interleaved, combine `kvbench interleave` sessions into one A/B table (--out/ab-summary.md)."})
final class ReportCommand implements Callable<Integer> {

    /** Exactly one input: one run, or several to merge. */
    static final class Input {
        @Option(names = "--results", required = true, paramLabel = "DIR",
                description = "Directory holding results.json (required: one of --results, --merge and --interleaved).")
        Path results;

        @Option(names = "--merge", required = true, arity = "1..*", paramLabel = "DIR",
                description = "Output directories of several runs (shards) to merge; needs --out (required: one of "
                        + "--results, --merge and --interleaved).")
        List<Path> merge;

        @Option(names = "--interleaved", required = true, arity = "1..*", paramLabel = "DIR",
                description = "Output directories of `kvbench interleave` sessions (e.g. one per engine of a pull "
                        + "request's A/B check): one table of B against A with ratios and intervals in "
                        + "--out/ab-summary.md; exit 1 on a confirmed regression, 3 on an ERROR (required: one of "
                        + "--results, --merge and --interleaved).")
        List<Path> interleaved;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write summary.md and report.html (default: the --results directory; required with "
                    + "--merge).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (input.interleaved != null) return abSummary(input.interleaved);
        if (input.merge != null) {
            RunResults merged = ShardMerge.merge(input.merge, out, spec.commandLine().getOut());
            return print(merged, ReportWriter.write(merged, out, null));
        }
        Path results = input.results;
        if (!Files.isDirectory(results)) {
            throw new BadInputException("--results " + results + (Files.exists(results)
                    ? ": not a directory (give the directory that holds " + ResultsJson.RESULTS_FILE + ")"
                    : ": no such directory"));
        }
        Path outDir = out == null ? results : out;
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new BadInputException("--out " + outDir + ": exists and is not a directory");
        }
        RunResults run = read(results.resolve(ResultsJson.RESULTS_FILE));
        return print(run, ReportWriter.write(run, outDir, null));
    }

    /** The file the A/B summary is written to, for the pull-request comment and the job summary. */
    static final String AB_SUMMARY_FILE = "ab-summary.md";

    private int abSummary(List<Path> dirs) throws IOException {
        if (out == null) throw new BadInputException("--interleaved needs --out DIR (where ab-summary.md goes)");
        List<InterleaveReport> reports = new ArrayList<>();
        for (Path dir : dirs) reports.add(InterleaveReport.read(dir));
        AbSummary summary = new AbSummary(reports);
        String md = summary.markdown("Performance A/B: this pull request (B) against its merge base (A)");
        AtomicFiles.writeString(out.resolve(AB_SUMMARY_FILE), md);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(md);
        stdout.println("Wrote " + out.resolve(AB_SUMMARY_FILE));
        stdout.flush();
        return ExitCode.of(summary.counts()).code();
    }

    private int print(RunResults run, ReportWriter.Written written) {
        PrintWriter stdout = spec.commandLine().getOut();
        ConsoleReport.print(run, stdout, Units.forConsole());
        stdout.println("Wrote " + written.summary() + " and " + written.html());
        stdout.flush();
        return ExitCode.OK.code();
    }

    /** Reads results.json leniently (a run with gaps still gets a report); anything wrong names the file and field. */
    static RunResults read(Path file) {
        return ResultsInput.readFile(file, ResultsInput.Mode.LENIENT);
    }
}
