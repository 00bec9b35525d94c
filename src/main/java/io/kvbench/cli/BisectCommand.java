package io.kvbench.cli;

import io.kvbench.classpath.EngineSwap;
import io.kvbench.classpath.ReleasedVersions;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.BisectReport;
import io.kvbench.gate.BisectStep;
import io.kvbench.gate.InterleaveReport;
import io.kvbench.gate.InterleaveSession;
import io.kvbench.gate.Interleaving;
import io.kvbench.gate.RoundSchedule;
import io.kvbench.gate.VersionRounds;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.Bisection;
import io.kvbench.judge.SequentialTest;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.BisectMarkdown;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.ResultsJson;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench bisect}: the first released version (or commit, {@link CommitOptions}) of an engine that is slower
 * than a good one, by interleaved A/B sessions of versions between a good and a bad one against the good one
 * ({@link Bisection}, judged by {@link BisectStep}); each step is an {@code interleave} session with the sequential
 * test.
 */
@Command(name = "bisect", mixinStandardHelpOptions = true,
        description = {"Find the first released version of an engine that is slower than --good, as git bisect does "
                + "with commits: the released versions between --good and --bad come from the Maven repository's "
                + "list in Maven's version order (pre-releases left out unless given as an end), and each step is an "
                + "interleaved A/B session (as kvbench interleave, with the sequential test) of the version halfway "
                + "(B) against --good (A). The first step checks that --bad is a regression against --good.",
                "The workloads are judged together: a version is bad when any workload regressed, and good only when "
                        + "every workload resolves no slowdown of --min-effect; so one session per step measures all "
                        + "of them, and the version found is where the first of them got slower. For a workload that "
                        + "regressed later, bisect again from the version found with that workload alone.",
                "With --repo it searches commits of the engine's git repository instead: --good, the commits on "
                        + "the first-parent line from it to --bad, each built once with --build in a clean checkout "
                        + "of its own (cached by commit and command) and its --artifact jar put in place of the "
                        + "engine's (as --b-engine-jar does). Both ends are built before anything is measured; an "
                        + "end that does not build is bad input.",
                "A version whose adapter does not link, or a commit that does not build, is skipped (git bisect "
                        + "skip) and named; an undecided step stops the search and reports the range that is left. "
                        + "It assumes a version once bad stays bad; it cannot search versions of an outside "
                        + "adapter's engine.",
                "Exit 0 when the first bad version is found (or none lies between the ends), 4 when --bad is not a "
                        + "confirmed regression against --good, 5 when the search ended with a range, 3 on an error, "
                        + "2 on bad input."})
final class BisectCommand implements Callable<Integer> {

    @Option(names = "--engines", paramLabel = "ID", required = true,
            description = "The engine whose versions are searched, one (required; `kvbench engines` lists them).")
    String engineId;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME", required = true,
            description = "Workloads every step runs, comma-separated or repeated (required; `kvbench workloads` "
                    + "lists them).")
    List<String> workloads;

    @Option(names = "--good", paramLabel = "ID=VERSION|COMMIT", required = true,
            description = "A version known good, e.g. lmdb=0.9.0; with --repo a commit (a tag, a hash) (required).")
    String good;

    @Option(names = "--bad", paramLabel = "ID=VERSION|COMMIT", required = true,
            description = "A later version known slower, e.g. lmdb=0.9.3; with --repo a later commit, a descendant "
                    + "of --good (required).")
    String bad;

    @Mixin
    CommitOptions commitOptions = new CommitOptions();

    @Option(names = "--profile", defaultValue = "ci", paramLabel = ProfileOption.LABEL,
            description = ProfileOption.DESCRIPTION)
    String profile;

    @Mixin
    SizeOptions sizes = new SizeOptions();

    @Mixin
    AbOptions ab = new AbOptions();

    @Mixin
    AbSessionOptions judging = new AbSessionOptions();

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Mixin
    RunnerOptions where = new RunnerOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Profile chosen = sizes.apply(Names.profile(profile));
        KvEngine engine = Names.engine(engineId);
        boolean searchCommits = commitOptions.given();
        String goodEnd = searchCommits ? good : version("--good", good, engine);
        String badEnd = searchCommits ? bad : version("--bad", bad, engine);
        String artifact = ClassPathPlan.artifact(engine);
        List<Workload> selectedWorkloads = Names.workloads(workloads);
        ThresholdPolicy policy = judging.policy(chosen);
        Path outDir = OutOption.check(RunOutput.outDir(out, "bisect"));
        SequentialTest test = ab.test(judging.alpha, judging.minEffect.fraction());
        long started = System.nanoTime();
        Bisection.Result<InterleaveReport> search;
        List<String> versions;
        CommitOptions.Commits commits = null;
        try (ClassPathPlan plan = new ClassPathPlan()) {
            Swaps swaps;
            if (searchCommits) {
                commits = commitOptions.commits(goodEnd, badEnd, outDir, System.out);
                versions = commits.labels();
                swaps = commitSwaps(engine, commits);
            } else {
                versions = ReleasedVersions.between(artifact, plan.versions(artifact), goodEnd, badEnd);
                swaps = (label, dir) -> new Swap("--bad", List.of(engine.id() + "=" + label), List.of(), "");
            }
            Judging how = new Judging(policy, test, outDir, versions.get(0));
            Bisection.Judge<InterleaveReport> judge = versions.size() == 2 ? v -> {
                throw new IllegalStateException("nothing lies between the ends: no step to measure");
            } : stepJudge(plan, engine, selectedWorkloads, chosen, how, swaps);
            System.out.printf("kvbench bisect: %s %s over %d %s (%s), %d workloads judged on %s, profile %s, "
                            + "output %s%n",
                    engine.id(), searchCommits ? "commits of " + commitOptions.repo : artifact, versions.size(),
                    searchCommits ? "commits" : "versions", String.join(", ", versions), selectedWorkloads.size(),
                    judging.metric().label(), chosen.name(), outDir);
            search = Bisection.run(versions, judge);
        }
        BisectReport report = new BisectReport(engine.id(), selectedWorkloads.stream().map(Workload::name).toList(),
                versions, judging.minEffect.fraction(), search, (System.nanoTime() - started) / 60e9,
                commits == null ? null : commits.source());
        ResultsJson.write(outDir.resolve(BisectReport.JSON_FILE), report);
        AtomicFiles.writeString(outDir.resolve(BisectReport.MARKDOWN_FILE), BisectMarkdown.markdown(report));
        BisectMarkdown.print(report, spec.commandLine().getOut());
        spec.commandLine().getOut().println("wrote " + outDir.resolve(BisectReport.MARKDOWN_FILE) + " and "
                + BisectReport.JSON_FILE);
        spec.commandLine().getOut().flush();
        return switch (search.end()) {
            case FOUND, NOTHING_BETWEEN -> ExitCode.OK.code();
            case NOT_CONFIRMED -> ExitCode.NOT_CONFIRMED.code();
            case CANDIDATES, UNDECIDED -> ExitCode.RANGE.code();
            case FAILED -> ExitCode.INFRASTRUCTURE.code();
        };
    }

    /** What one side swaps in: released versions or built jars ("ID=..."), and what to call it; null: skipped. */
    private record Swap(String option, List<String> versions, List<String> jars, String prefix) {
    }

    /** The swap of the step of {@code label}, whose files go in {@code dir}; null when it cannot be built. */
    @FunctionalInterface
    private interface Swaps {
        Swap of(String label, Path dir) throws java.io.IOException;
    }

    /** Each commit's built jar in place of the engine's artifact. */
    private static Swaps commitSwaps(KvEngine engine, CommitOptions.Commits commits) {
        return (label, dir) -> {
            Path jar = commits.jar(label, dir);
            return jar == null ? null : new Swap("--bad", List.of(), List.of(engine.id() + "=" + jar),
                    "commit " + label + ": ");
        };
    }

    /** How every step is judged, and where its sessions go. */
    private record Judging(ThresholdPolicy policy, SequentialTest test, Path outDir, String goodVersion) {
    }

    /**
     * Each step: an interleaved session of the version (B) against the good end (A), in {@code step-N-VERSION}; a
     * commit that does not build is skipped there. The runner is chosen here, after the versions are known (and
     * the ends built): bad input is refused before JMH's lock or Docker is looked at.
     */
    private Bisection.Judge<InterleaveReport> stepJudge(ClassPathPlan plan, KvEngine engine, List<Workload> workloads,
                                                        Profile chosen, Judging how, Swaps swaps)
            throws java.io.IOException {
        BenchmarkRunner base = where.choose(System.out);
        RoundSchedule schedule = ab.schedule(base);
        Swap good = swaps.of(how.goodVersion(), how.outDir());
        Interleaving.Side a = side(plan, base, "A", good, judging.aJvmFlags);
        int[] steps = {0};
        return version -> {
            steps[0]++;
            Path dir = how.outDir().resolve("step-" + steps[0] + "-" + VersionRounds.safe(version));
            Swap swap = swaps.of(version, dir);
            if (swap == null) {
                System.out.printf("bisect step %d: %s is SKIPPED (it does not build)%n", steps[0], version);
                return new Bisection.Judgement<>(Bisection.Outcome.SKIPPED, null);
            }
            Interleaving.Side b = side(plan, base, "B", swap, judging.bJvmFlags);
            System.out.printf("bisect step %d: %s against %s, %s (%s)%n", steps[0], version, how.goodVersion(),
                    judging.roundsPlan(ab, null), schedule.describe());
            InterleaveSession session = InterleaveSession.builder().engines(List.of(engine)).workloads(workloads)
                    .profile(chosen).outDir(dir).sides(a, b).schedule(schedule).seed(judging.seed)
                    .policy(how.policy()).metric(judging.metric()).costs(false).console(System.out).build();
            InterleaveReport report = judging.measure(session, how.policy(), how.test(), null, null);
            Bisection.Outcome outcome = BisectStep.outcome(report.results(), judging.minEffect.fraction());
            System.out.printf("bisect step %d: %s is %s%n", steps[0], version, outcome);
            return new Bisection.Judgement<>(outcome, report);
        };
    }

    private static Interleaving.Side side(ClassPathPlan plan, BenchmarkRunner base, String name, Swap swap,
                                          List<String> flags) {
        AbEngineOptions.Side build = AbEngineOptions.side(plan, null,
                new ClassPathPlan.SwapValues(name.equals("A") ? "--good" : swap.option(), swap.versions(),
                        "--engine-jar", swap.jars()));
        return new Interleaving.Side(name, AbOptions.side(base, build.classPath(), flags),
                AbSessionOptions.describe(swap.prefix() + build.description(), flags));
    }

    /** The version of {@code ID=VERSION}, whose id must be the engine's. */
    private static String version(String option, String value, KvEngine engine) {
        String[] idVersion = EngineSwap.assignment(option, value);
        if (!idVersion[0].equals(engine.id())) {
            throw new BadInputException(option + " " + value + ": names engine '" + idVersion[0]
                    + "', but --engines is '" + engine.id() + "'");
        }
        return idVersion[1];
    }
}
