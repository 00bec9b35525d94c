package io.kvbench.cli;

import io.kvbench.baseline.BaselineStore;
import io.kvbench.calibration.AbSessions;
import io.kvbench.calibration.CalibrationData;
import io.kvbench.calibration.CalibrationReport;
import io.kvbench.calibration.CalibrationRun;
import io.kvbench.calibration.CalibrationSession;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.AbSessionsMarkdown;
import io.kvbench.report.CalibrationMarkdown;
import io.kvbench.result.AtomicFiles;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.workload.Profile;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench-lab calibrate}: how well the comparison policy separates real slowdowns from noise on this
 * machine.
 * Runs the engines x workloads unchanged and with calibrated injected slowdowns (interleaved rounds), replays the gate
 * on them, and reports false-alarm and detection rates; writes the figures to
 * {@code <baselines>/calibration/<machine class>/<profile>.json} and prints them as Markdown.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Measure the regression gate's false-alarm rate and its detection rate for injected slowdowns "
                + "(5, 10, 20 %% by default) per workload, on this machine.",
                "Each slowdown is busy work in every get and put of the engine (the lab's delayed engine), sized "
                        + "from the engine's measured cost per operation."})
final class CalibrateCommand implements Callable<Integer> {

    @Option(names = "--engines", split = ",", paramLabel = "ID", defaultValue = "rocksdb,lmdb,h2-mvstore",
            description = "Engines, comma-separated or repeated (default: ${DEFAULT-VALUE}).")
    List<String> engines;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME", defaultValue = "ycsb-c,tc-random-read",
            description = "Workloads, comma-separated or repeated (default: ${DEFAULT-VALUE}).")
    List<String> workloads;

    @Option(names = "--profile", defaultValue = "ci", paramLabel = ProfileOption.LABEL,
            description = ProfileOption.DESCRIPTION)
    String profile;

    @Option(names = "--slowdowns", split = ",", paramLabel = "PERCENT", defaultValue = "5,10,20",
            description = "Injected slowdown levels, in percent: 5 or 5%%, comma-separated (default: "
                    + "${DEFAULT-VALUE}).")
    List<Percent> slowdowns;

    @Option(names = "--rounds", defaultValue = "4", paramLabel = "N",
            description = "Interleaved rounds; each runs every benchmark unchanged and at every level (default: "
                    + "${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--unchanged-per-round", defaultValue = "1", paramLabel = "N",
            description = "Unchanged runs per benchmark and round, 1 or 2 (default: ${DEFAULT-VALUE}). With 2 the "
                    + "report also replays `kvbench interleave` (its sequential test) on the rounds, in disjoint "
                    + "sessions: A' against A for false alarms, each level against A for detections.")
    int unchangedPerRound;

    @Option(names = "--interleave-rounds", paramLabel = "N",
            defaultValue = "" + CalibrationReport.INTERLEAVE_ROUNDS,
            description = "Rounds of an interleaved session (`kvbench interleave --rounds N`) that the noise figures "
                    + "are sized for, at least 3 (default: ${DEFAULT-VALUE}).")
    int interleaveRounds;

    @Option(names = "--budget-minutes", defaultValue = "45", paramLabel = "MINUTES",
            description = "Start no run that would end after this many minutes (default: ${DEFAULT-VALUE}).")
    double budgetMinutes;

    @Option(names = "--confirmations", defaultValue = "1", paramLabel = "N",
            description = "Confirmation reruns replayed per flagged comparison, as the gate makes them (default: "
                    + "${DEFAULT-VALUE}).")
    int confirmations;

    @Option(names = "--baseline-runs", defaultValue = "1", paramLabel = "K",
            description = "Unchanged runs pooled into each replayed baseline, as `baseline update` with K --results "
                    + "records it (default: ${DEFAULT-VALUE}).")
    int baselineRuns;

    @Option(names = "--test", paramLabel = "TEST",
            description = "Significance test: bootstrap or welch (default: the profile's gate, else bootstrap).")
    String test;

    @Option(names = "--grid-alphas", split = ",", paramLabel = "P", defaultValue = "0.05,0.01,0.001",
            description = "Alphas (probabilities) of the policy grid, comma-separated (default: ${DEFAULT-VALUE}).")
    List<Double> gridAlphas;

    @Option(names = "--grid-min-effects", split = ",", paramLabel = "PERCENT", defaultValue = "2,3,5,7,10",
            description = "Minimum effects of the policy grid, in percent, comma-separated (default: "
                    + "${DEFAULT-VALUE}).")
    List<Percent> gridEffects;

    @Option(names = "--from", paramLabel = "FILE",
            description = "Analyse an earlier calibration's " + CalibrationData.FILE
                    + " (or the committed <profile>-runs.json) instead of measuring; the policy is still --profile's "
                    + "gate with the options given here (default: none, measure).")
    Path from;

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Option(names = "--baselines", paramLabel = "DIR", defaultValue = "perf-baselines",
            description = "Where calibration/<machine class>/<profile>.json goes (default: ${DEFAULT-VALUE}).")
    Path baselines;

    @Mixin
    RunnerOptions where = new RunnerOptions();

    @Mixin
    ThresholdOptions thresholds = new ThresholdOptions();

    /** Records, forks, iterations and warm-up over the profile's: the warm-up and pass-length ablations. */
    @Mixin
    SizeOptions sizes = new SizeOptions();

    @Option(names = "--ab-sessions", paramLabel = "N",
            description = "Measure the A/B instead of the stored-baseline gate: per engine and workload an unchanged "
                    + "sizing run, then N real `kvbench interleave` sessions (sequential test) per variant, unchanged "
                    + "and each --slowdowns level injected into B's engine calls (a delay per get and put sized from "
                    + "the sizing run), variants in a random order; reports false alarms and detections with exact "
                    + "95 %% intervals, per-round spread, rounds and minutes per session. --alpha and --min-effect "
                    + "default to interleave's (0.01, 5 %%) (default: off).")
    Integer abSessions;

    @Option(names = "--from-ab-sessions", paramLabel = "FILE",
            description = "Report an earlier A/B campaign's " + AbSessions.FILE + " (or the committed "
                    + "<profile>-ab-sessions.json) instead of measuring (default: none).")
    Path fromAbSessions;

    @Mixin
    AbOptions ab = new AbOptions();

    @Mixin
    SessionConditionsOptions around = new SessionConditionsOptions();

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (abSessions != null || fromAbSessions != null) return abCampaign();
        if (confirmations < 0) throw new BadInputException("--confirmations must be >= 0");
        if (baselineRuns < 1) throw new BadInputException("--baseline-runs must be >= 1");
        if (interleaveRounds < 3) {
            throw new BadInputException("--interleave-rounds must be >= 3 (the paired test), not "
                    + interleaveRounds);
        }
        Profile chosen = sizes.apply(Names.profile(profile));
        ThresholdPolicy policy = thresholds.policy(chosen);
        String testName = test != null ? test
                : chosen.gate() != null && chosen.gate().test() != null ? chosen.gate().test() : null;
        SignificanceTests.of(testName, policy.thresholds()); // an unknown --test is bad input, before any run
        Path outDir = OutOption.check(RunOutput.outDir(out, "calibrate"));
        PrintStream console = System.out;
        CalibrationData data;
        if (from != null) {
            if (!Files.isRegularFile(from)) throw new BadInputException("--from " + from + " is not a file");
            data = CalibrationData.read(from);
        } else {
            CalibrationSession.Injection injection = new CalibrationSession.Injection(
                    slowdowns.stream().map(Percent::fraction).toList(), rounds, unchangedPerRound);
            CalibrationSession.Plan plan = new CalibrationSession.Plan(Names.engines(engines),
                    Names.workloads(workloads), chosen, injection,
                    Duration.ofSeconds(Math.round(budgetMinutes * 60)), 20261121L);
            BenchmarkRunner benchmarkRunner = where.choose(console);
            console.printf("kvbench calibrate: %s x %s, profile %s, runner %s, slowdowns %s, %d rounds: up to %d runs, "
                            + "budget %s min, output %s%n", plan.engines().size() + " engines",
                    plan.workloads().size() + " workloads",
                    chosen.name(), benchmarkRunner.name(), slowdowns, rounds, plan.runs(), budgetMinutes, outDir);
            String resources = benchmarkRunner.name().equals("container") ? where.containerResources().name() : "local";
            CalibrationSession.Runners runners = (engine, delay) -> AbCampaigns.delayed(benchmarkRunner, engine, delay);
            data = new CalibrationSession(plan, runners, resources, outDir, console).run();
        }
        if (data.runs().stream().noneMatch(CalibrationRun::ok)) {
            throw new IllegalStateException("no calibration run succeeded; see " + outDir.resolve("runs.log"));
        }
        CalibrationReport report = CalibrationReport.of(data, new CalibrationReport.Settings(testName,
                policy.thresholds(), confirmations, baselineRuns, interleaveRounds),
                new CalibrationReport.Grid(gridAlphas, gridEffects.stream().map(Percent::fraction).toList()));
        String machineClass = data.machineClass().isBlank() ? "unknown" : data.machineClass();
        Path figures = CalibrationReport.file(baselines, BaselineStore.segment("machine class", machineClass),
                BaselineStore.segment("profile", data.profile()));
        report.write(figures);
        data.write(figures.resolveSibling(data.profile() + "-runs.json"));
        Files.createDirectories(outDir);
        AtomicFiles.writeString(outDir.resolve("calibration.md"), CalibrationMarkdown.markdown(report));
        PrintWriter printed = spec.commandLine().getOut();
        printed.println();
        printed.print(CalibrationMarkdown.markdown(report));
        printed.println("wrote " + figures + " (and the raw runs beside it) and " + outDir.resolve("calibration.md"));
        printed.flush();
        return ExitCode.OK.code();
    }

    /** {@code --ab-sessions N}: real interleave sessions, unchanged and slowed in B's engine calls. */
    private int abCampaign() throws Exception {
        if (abSessions != null && fromAbSessions != null) {
            throw new BadInputException("--ab-sessions measures, --from-ab-sessions reports a measurement: "
                    + "give one");
        }
        if (abSessions != null && abSessions < 1) throw new BadInputException("--ab-sessions must be >= 1");
        Path outDir = OutOption.check(RunOutput.outDir(out, "calibrate"));
        AbSessions data;
        if (fromAbSessions != null) {
            if (!Files.isRegularFile(fromAbSessions)) {
                throw new BadInputException("--from-ab-sessions " + fromAbSessions + " is not a file");
            }
            data = AbSessions.read(fromAbSessions);
        } else {
            data = AbCampaigns.measure(this, outDir);
        }
        String md = AbSessionsMarkdown.markdown(data, AbCampaigns.test(this));
        Files.createDirectories(outDir);
        AtomicFiles.writeString(outDir.resolve("ab-sessions.md"), md);
        PrintWriter printed = spec.commandLine().getOut();
        printed.println();
        printed.print(md);
        if (fromAbSessions == null) {
            String machineClass = data.machineClass() == null || data.machineClass().isBlank() ? "unknown"
                    : data.machineClass();
            Path raw = CalibrationReport.file(baselines, BaselineStore.segment("machine class", machineClass),
                    BaselineStore.segment("profile", data.profile())).resolveSibling(data.profile() + "-"
                    + AbSessions.FILE);
            data.write(raw);
            printed.println("wrote " + raw + " and " + outDir.resolve("ab-sessions.md"));
        }
        printed.flush();
        return ExitCode.OK.code();
    }
}
