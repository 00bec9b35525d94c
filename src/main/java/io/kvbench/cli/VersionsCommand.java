package io.kvbench.cli;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.InterleaveSession;
import io.kvbench.gate.Interleaving;
import io.kvbench.gate.VersionRounds;
import io.kvbench.gate.VersionSeries;
import io.kvbench.gate.VersionsMerge;
import io.kvbench.gate.VersionsReport;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.VersionsHtml;
import io.kvbench.report.VersionsMarkdown;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench versions}: released versions of one engine measured in the same interleaved rounds on one runner,
 * a point per version and a paired step between consecutive versions per workload ({@link VersionSeries}); the shards
 * of a matrix merged with {@code --merge}.
 */
@Command(name = "versions", mixinStandardHelpOptions = true,
        description = {"Measure released versions of one engine on this runner in interleaved rounds: each round runs "
                + "every version once, one after the other, the order rotated by one from round to round (its start "
                + "drawn from --seed) so that drift hits every version alike, for --rounds rounds. The versions are "
                + "listed (--versions 0.9.0,0.9.1) or a range of the Maven repository's list (--versions "
                + "0.9.0..0.9.3, in Maven's version order, pre-releases left out unless one is an end).",
                "Per workload: a table of the versions (the mean score over the rounds with its 95%% confidence "
                        + "interval, and its time against the first version's) and a step between each two "
                        + "consecutive versions, judged as kvbench interleave judges B against A with fixed rounds "
                        + "(the paired t-test by round at --alpha and --min-effect, with the smallest effect its "
                        + "rounds resolve). The sequential test of interleave is for two sides and is not used: the "
                        + "rounds are fixed. A version whose adapter does not link is shown as LINKAGE and left out "
                        + "of the later rounds; the step around it compares its neighbours.",
                "Writes versions.json, versions.md and versions.html to --out. A matrix runs each share of the "
                        + "workloads on its own runner (--shard K/N) and merges the shards' directories with "
                        + "--merge DIR... --out DIR (.github/workflows/versions.yml).",
                "Exit 0 when the versions were measured, whatever the steps say (a series is a report, not a gate: "
                        + "kvbench interleave or bisect gate a pair); 3 when a benchmark failed otherwise than by "
                        + "not linking, or on another error; 2 on bad input."})
final class VersionsCommand implements Callable<Integer> {

    static final int DEFAULT_ROUNDS = 6;

    @Option(names = "--engines", paramLabel = "ID",
            description = "The engine whose versions are measured, one (default: none; required unless --merge; "
                    + "`kvbench engines` lists them).")
    String engineId;

    @Option(names = "--versions", split = ",", paramLabel = "VERSION",
            description = "Versions in ascending Maven order, at least two, comma-separated, or a range FROM..TO "
                    + "(default: none; required unless --merge).")
    List<String> versions;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME",
            description = "Workloads every round runs, comma-separated or repeated (default: none; required unless "
                    + "--merge; `kvbench workloads` lists them).")
    List<String> workloads;

    @Option(names = "--profile", defaultValue = "ci", paramLabel = ProfileOption.LABEL,
            description = ProfileOption.DESCRIPTION)
    String profile;

    @Mixin
    SizeOptions sizes = new SizeOptions();

    @Option(names = "--rounds", defaultValue = "" + DEFAULT_ROUNDS, paramLabel = "N",
            description = "Rounds, at least 2; each runs every version once; steps are paired from 3 rounds "
                    + "(default: ${DEFAULT-VALUE}).")
    int rounds;

    @Mixin
    AbJudgingOptions judging = new AbJudgingOptions();

    @Option(names = "--shard", paramLabel = "K/N",
            description = "Run only shard K of N: the workloads at positions K, K + N, ... of --workloads, every "
                    + "version of them (default: all workloads).")
    String shard;

    @Option(names = "--merge", arity = "1..*", paramLabel = "DIR",
            description = "Output directories of the shards of one series to merge into --out, instead of measuring "
                    + "(default: none).")
    List<Path> merge;

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Mixin
    RunnerOptions where = new RunnerOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (merge != null) return merged();
        for (Object[] required : new Object[][] {{"--engines", engineId}, {"--versions", versions},
            {"--workloads", workloads}}) {
            if (required[1] == null) throw new BadInputException(required[0] + " is required (or --merge)");
        }
        OptionRange.atLeast("--rounds", 2, rounds, "interleaving needs repeats");
        Profile chosen = sizes.apply(Names.profile(profile));
        KvEngine engine = Names.engine(engineId);
        String artifact = ClassPathPlan.artifact(engine);
        VersionsInput.check(versions);
        List<Workload> selected = VersionsInput.shard(shard, Names.workloads(workloads));
        ThresholdPolicy policy = judging.policy(chosen);
        Path outDir = OutOption.check(RunOutput.outDir(out, "versions"));
        long started = System.nanoTime();
        List<String> series;
        Map<String, List<RunResults>> measured;
        try (ClassPathPlan plan = new ClassPathPlan()) {
            series = VersionsInput.resolve(artifact, plan.versions(artifact), versions);
            BenchmarkRunner base = where.choose(System.out);
            List<Interleaving.Side> sides = new ArrayList<>();
            for (String v : series) {
                sides.add(AbEngineOptions.released(plan, base, v, "--versions", engine.id() + "=" + v, List.of()));
            }
            System.out.printf("kvbench versions: %s %s, %d versions (%s) x %d workloads, %d rounds, profile %s, "
                            + "runner %s, output %s%n", engine.id(), artifact, series.size(), String.join(", ", series),
                    selected.size(), rounds, chosen.name(), base.name(), outDir);
            measured = VersionRounds.run(sides, new InterleaveSession.Scope(List.of(engine), selected, chosen, outDir),
                    rounds, judging.seed, System.out);
        }
        List<VersionsReport.Series> judged = new ArrayList<>();
        for (Workload w : selected) {
            BenchmarkKey key = new BenchmarkKey(engine.id(), w.name());
            judged.add(VersionSeries.judge(key, series, of(measured, key), policy));
        }
        VersionsReport report = new VersionsReport(new VersionsReport.Subject(engine.id(), artifact, series),
                new VersionsReport.Session(chosen.name(), rounds, shard, (System.nanoTime() - started) / 60e9),
                new VersionsReport.Judging(policy.describe(), policy.thresholds().alpha(),
                        policy.thresholds().minEffect(), judging.seed), judged);
        write(report, outDir);
        return report.anyError() ? ExitCode.INFRASTRUCTURE.code() : ExitCode.OK.code();
    }

    /** The shards of --merge, checked and merged, written to --out. */
    private int merged() throws Exception {
        if (engineId != null || versions != null || workloads != null || shard != null) {
            throw new BadInputException("--merge takes no --engines, --versions, --workloads or --shard: the "
                    + "shards' versions.json say them");
        }
        ShardMerge.checkOut(out, VersionsReport.JSON_FILE, "the merged versions.json, versions.md and versions.html");
        List<String> names = new ArrayList<>();
        List<VersionsReport> shards = new ArrayList<>();
        for (Path dir : ShardMerge.checkShards(merge, VersionsReport.JSON_FILE, "kvbench versions --shard K/N")) {
            names.add(dir.toString());
            shards.add(VersionsReport.read(dir));
        }
        VersionsReport report = VersionsMerge.merge(names, shards);
        spec.commandLine().getOut().println("merged " + shards.size() + " shards of " + report.engine() + " ("
                + report.series().size() + " workloads) into " + out);
        write(report, out);
        return report.anyError() ? ExitCode.INFRASTRUCTURE.code() : ExitCode.OK.code();
    }

    /** versions.json, versions.md and versions.html into {@code dir}, and the tables on the console. */
    private void write(VersionsReport report, Path dir) throws java.io.IOException {
        ResultsJson.write(dir.resolve(VersionsReport.JSON_FILE), report);
        AtomicFiles.writeString(dir.resolve(VersionsReport.MARKDOWN_FILE), VersionsMarkdown.markdown(report));
        AtomicFiles.writeString(dir.resolve(VersionsReport.HTML_FILE), VersionsHtml.page(report));
        PrintWriter console = spec.commandLine().getOut();
        VersionsMarkdown.print(report, console);
        console.println("wrote " + dir.resolve(VersionsReport.MARKDOWN_FILE) + ", " + VersionsReport.HTML_FILE
                + " and " + VersionsReport.JSON_FILE);
        console.flush();
    }

    /** Each version's results of one benchmark, in round order. */
    private static Map<String, List<BenchmarkResult>> of(Map<String, List<RunResults>> measured, BenchmarkKey key) {
        Map<String, List<BenchmarkResult>> out = new LinkedHashMap<>();
        measured.forEach((version, runs) -> out.put(version, runs.stream()
                .flatMap(r -> r.results().stream()).filter(r -> BenchmarkKey.of(r).equals(key)).toList()));
        return out;
    }
}
