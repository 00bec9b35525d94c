package io.kvbench.cli;

import io.kvbench.gate.InterleaveReport;
import io.kvbench.gate.InterleaveSession;
import io.kvbench.gate.Interleaving;
import io.kvbench.gate.RoundSchedule;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.SequentialTest;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.AbSummary;
import io.kvbench.report.ComparisonMarkdown;
import io.kvbench.report.InterleaveMarkdown;
import io.kvbench.report.TextTable;
import io.kvbench.result.Verdict;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.workload.Profile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench interleave}: compare configuration B with configuration A measured alternately in one session
 * (randomized order per round), instead of trusting a baseline from another day. A and B differ by class path (two
 * kvbench jars, e.g. built with two versions of an engine) and/or by benchmark JVM flags.
 */
@Command(name = "interleave", mixinStandardHelpOptions = true,
        description = {"Run configuration A and configuration B in rounds (by default at the same time, each on its "
                + "own core) and judge B against A paired by round, so that drift cancels: round after round until a "
                + "sequential test (Wald's, on the per-round log ratios) accepts a slowdown of --min-effect at --alpha "
                + "or its absence at --beta, or reaches --max-rounds (the default; "
                + "docs/methodology/sequential-test.md), or a fixed number of rounds (--rounds).",
                "Example, an engine upgrade: --engines rocksdb --a-engine-version rocksdb=11.7.0 --b-engine-version "
                        + "rocksdb=11.8.1; two kvbench builds: --a-classpath old/kvbench.jar --b-classpath "
                        + "target/kvbench.jar.",
                "Exit 1 when B regressed against A, 3 on an ERROR, 2 on bad input."})
final class InterleaveCommand implements Callable<Integer> {

    static final String JSON_FILE = InterleaveReport.JSON_FILE;
    static final String MARKDOWN_FILE = InterleaveReport.MARKDOWN_FILE;

    @Option(names = "--engines", split = ",", paramLabel = "ID", required = true,
            description = "Engines to compare, comma-separated or repeated (required; `kvbench engines` lists them).")
    List<String> engines;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME", required = true,
            description = "Workloads to run, comma-separated or repeated (required; `kvbench workloads` lists them).")
    List<String> workloads;

    @Option(names = "--profile", defaultValue = "ci", paramLabel = ProfileOption.LABEL,
            description = ProfileOption.DESCRIPTION)
    String profile;

    @Mixin
    SizeOptions sizes = new SizeOptions();

    @Mixin
    AbOptions ab = new AbOptions();

    @Option(names = "--rounds", paramLabel = "N",
            description = "Fixed rounds instead of the sequential test, at least 2: each round runs A and B once, and "
                    + "a benchmark that looks regressed gets --confirmations more rounds of this many (default: the "
                    + "sequential test chooses the rounds).")
    Integer rounds;

    @Option(names = "--confirmations", paramLabel = "N",
            description = "With --rounds: times a benchmark that looks regressed is measured for --rounds more rounds "
                    + "and judged on all its rounds before it counts (default: 1, as the gate's confirmation rerun).")
    Integer confirmations;

    @Mixin
    AbEngineOptions builds = new AbEngineOptions();

    @Mixin
    AbSessionOptions judging = new AbSessionOptions();

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Mixin
    RunnerOptions where = new RunnerOptions();

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        boolean fixed = rounds != null;
        OptionRange.atLeast("--rounds", 2, rounds, "interleaving needs repeats");
        if (!fixed && confirmations != null) {
            throw new BadInputException(
                    "--confirmations needs --rounds: the sequential test confirms by running on");
        }
        if (fixed && judging.budgetMinutes != null) {
            throw new BadInputException(
                    "--budget-minutes is for the sequential test; with --rounds the rounds are fixed");
        }
        Profile chosen = sizes.apply(Names.profile(profile));
        var selectedEngines = Names.engines(engines);
        var selectedWorkloads = Names.workloads(workloads);
        ThresholdPolicy policy = judging.policy(chosen);
        Path outDir = OutOption.check(RunOutput.outDir(out, "interleave"));
        // Before the runner is chosen: a bad --min-rounds is bad input (exit 2) even where JMH's lock is held (exit 3).
        SequentialTest test = fixed ? null : ab.test(judging.alpha, judging.minEffect.fraction());
        BenchmarkRunner base = where.choose(System.out);
        RoundSchedule schedule = ab.schedule(base);
        AbEngineOptions.Side aBuild;
        AbEngineOptions.Side bBuild;
        try (ClassPathPlan plan = new ClassPathPlan()) {
            aBuild = builds.a(plan, selectedEngines);
            bBuild = builds.b(plan);
        }
        List<String> aFlags = judging.aJvmFlags;
        List<String> bFlags = judging.bJvmFlags;
        Interleaving.Side a = new Interleaving.Side("A", AbOptions.side(base, aBuild.classPath(), aFlags),
                AbSessionOptions.describe(aBuild.description(), aFlags));
        Interleaving.Side b = new Interleaving.Side("B", AbOptions.side(base, bBuild.classPath(), bFlags),
                AbSessionOptions.describe(bBuild.description(), bFlags));
        System.out.printf("kvbench interleave: %d benchmarks x %s x 2 configurations (%s), profile %s, runner %s, "
                        + "output %s%n", selectedEngines.size() * selectedWorkloads.size(),
                judging.roundsPlan(ab, rounds), schedule.describe(), chosen.name(), base.name(), outDir);
        InterleaveSession session = InterleaveSession.builder().engines(selectedEngines).workloads(selectedWorkloads)
                .profile(chosen).outDir(outDir).sides(a, b).schedule(schedule).seed(judging.seed).policy(policy)
                .metric(judging.metric()).console(System.out).build();
        InterleaveReport report = judging.measure(session, policy, test, rounds, confirmations);
        List<Interleaving.Result> results = report.results();
        Map<Verdict, Long> counts = report.counts();
        PrintWriter console = spec.commandLine().getOut();
        TextTable table = new TextTable("engine", "workload", "verdict", "A", "B", "delta", "confidence",
                "B/A per round", "resolution", "note");
        for (Interleaving.Result r : results) {
            String[] cells = ComparisonMarkdown.cells(r.row());
            table.row(cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6],
                    InterleaveMarkdown.ratios(r.roundRatios()), AbSummary.resolution(r.resolution()), cells[7]);
        }
        table.print(console);
        console.println("A: " + a.description() + "; B: " + b.description() + String.format(java.util.Locale.ROOT,
                "; %.1f minutes", report.minutes()));
        console.println("wrote " + outDir.resolve(MARKDOWN_FILE) + " and " + JSON_FILE);
        console.flush();
        return ExitCode.of(counts).code();
    }
}
