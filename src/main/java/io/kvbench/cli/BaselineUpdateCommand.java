package io.kvbench.cli;

import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BaselineUpdate;
import io.kvbench.baseline.CostBaselineStore;
import io.kvbench.baseline.DiskBaselineStore;
import io.kvbench.baseline.Formats;
import io.kvbench.baseline.ResultsInput;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.RunPooling;
import io.kvbench.report.BaselineChangesMarkdown;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.RunResults;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench baseline update --results DIR}: records a run's measurements as the new baselines of its profile and
 * machine class. Refuses partial, errored and other-profile runs unless --force; writes nothing unless all is valid.
 */
@Command(name = "update", mixinStandardHelpOptions = true,
        description = {"Record a run's results as the baselines of its profile and machine class.",
                "Refuses (exit 2, nothing written) fewer than --min-runs runs, a partial run, one with ERROR results "
                        + "that are not recorded engine issues, or one of another profile than --profile, unless "
                        + "--force. Not-applicable and known-issue results are never recorded. Also writes the disk "
                        + "baselines (perf-baselines/disk/<profile>/) and the cost baselines (allocation per "
                        + "operation, write amplification, syncs per operation, native memory: "
                        + "perf-baselines/costs/<profile>/), which hold on every machine class."})
final class BaselineUpdateCommand implements Callable<Integer> {

    @Option(names = "--results", required = true, paramLabel = "DIR",
            description = "Output directory of a run (holds results.json). Repeat it to record baselines that pool "
                    + "several runs of the same benchmarks: more forks, so a lucky or unlucky run weighs less in later "
                    + "comparisons (required).")
    List<Path> results;

    @Option(names = "--baselines", paramLabel = "DIR", defaultValue = "perf-baselines",
            description = "Baselines root directory (default: ${DEFAULT-VALUE}); created if needed.")
    Path baselines;

    @Option(names = "--reason", paramLabel = "TEXT", defaultValue = "",
            description = "Why the baselines change, stored in every file written (default: empty).")
    String reason;

    @Option(names = "--profile", paramLabel = "NAME",
            description = "Expect runs of this profile; a run of another profile is refused unless --force (default: "
                    + "the runs' own profile).")
    String profile;

    @Option(names = "--markdown", paramLabel = "FILE",
            description = "Also write the changes as Markdown to FILE (old vs new score, delta, spread, engine "
                    + "version, the reason), e.g. the body of the pull request that proposes them; written only when "
                    + "the update is (default: none).")
    Path markdown;

    @Option(names = "--min-runs", paramLabel = "N", defaultValue = "3",
            description = "Fewest runs (--results) to pool (default: ${DEFAULT-VALUE}: one run's drift would otherwise "
                    + "bias every later comparison). --min-runs 1 records a single run.")
    int minRuns;

    @Option(names = "--force",
            description = "Record even a partial run, one with ERROR results (those are skipped) or of another "
                    + "profile.")
    boolean force;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (Files.exists(baselines) && !Files.isDirectory(baselines)) {
            throw new BadInputException("baselines directory " + baselines + " is not a directory");
        }
        if (markdown != null && Files.isDirectory(markdown)) {
            throw new BadInputException("--markdown " + markdown + " is a directory; give a file name");
        }
        OptionRange.atLeast("--min-runs", 1, minRuns);
        if (results.size() < minRuns && !force) {
            throw new BadInputException(results.size() + " run" + (results.size() == 1 ? "" : "s")
                    + " given; baselines "
                    + "the gate relies on pool at least " + minRuns + " (give --results " + minRuns
                    + " times, or --min-runs "
                    + results.size() + " to record fewer)");
        }
        List<RunResults> runs = new ArrayList<>();
        for (Path dir : results) runs.add(ResultsInput.read(dir));
        for (RunResults r : runs) refuseAsAnotherProfile(r);
        RunResults run = RunPooling.pool(runs);
        BaselineUpdate update = BaselineUpdate.plan(run, runs, new BaselineStore(baselines), profile, reason, force,
                Instant.now());
        String changes = markdown == null ? null : BaselineChangesMarkdown.render(update, reason);
        update.apply();
        if (changes != null) AtomicFiles.writeString(markdown, changes);

        PrintWriter out = spec.commandLine().getOut();
        for (BaselineUpdate.Change c : update.changes()) {
            String unit = c.updated().unit();
            switch (c.kind()) {
                case NEW -> out.println("new        " + c.key() + ": " + Formats.score(c.updated().score(), unit));
                case UPDATED -> out.println("updated    " + c.key() + ": " + Formats.score(c.old().score(), unit)
                        + " -> "
                        + Formats.score(c.updated().score(), unit) + " (" + Formats.percent(c.deltaPercent()) + ")");
                case UNCHANGED -> out.println("unchanged  " + c.key() + ": "
                        + Formats.score(c.updated().score(), unit));
            }
        }
        out.println(update.count(BaselineUpdate.Kind.UPDATED) + " updated, " + update.count(BaselineUpdate.Kind.NEW)
                + " new, " + update.count(BaselineUpdate.Kind.UNCHANGED) + " unchanged, " + update.notApplicable()
                + " not applicable (never recorded)" + (update.errors() > 0 ? ", " + update.errors() + " ERROR skipped"
                : "")
                + " in " + update.directory());
        for (String known : update.knownIssues()) out.println("not recorded, " + known);
        for (String line : update.coverage()) out.println(line);
        out.println(update.disk().size() + " disk baselines (every machine class, engine version as measured) in "
                + new DiskBaselineStore(baselines).directory(update.profile()));
        out.println(update.costs().size() + " cost baselines (every machine class; engine version, JDK and file "
                + "system as measured) in " + new CostBaselineStore(baselines).directory(update.profile()));
        if (markdown != null) out.println("changes as Markdown: " + markdown);
        if (reason.isBlank()) out.println("hint: --reason TEXT records why the baselines changed");
        out.flush();
        return ExitCode.OK.code();
    }

    /**
     * A run with size overrides ("ci+records=1000") is recorded under its own name only: not even --force records it
     * as the stock profile's baselines, which every later comparison of a stock run would be judged against.
     */
    private void refuseAsAnotherProfile(RunResults run) {
        String name = run.profile();
        if (profile != null && name != null && name.contains("+") && !profile.equals(name)) {
            throw new BadInputException("the run of profile '" + name
                    + "' has size overrides; its baselines are "
                    + "recorded under '" + name + "' only, never as --profile " + profile + "'s (drop --profile)");
        }
    }
}
