package io.kvbench.cli;

import io.kvbench.calibration.CalibrationData;
import io.kvbench.calibration.HistoryReplay;
import io.kvbench.history.HistoryBaselines;
import io.kvbench.history.Otava;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.HistoryReplayMarkdown;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.ResultsJson;
import java.io.PrintWriter;
import java.nio.file.Path;
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
 * {@code kvbench-lab history-replay}: recorded calibration runs replayed as nightly series with a step at a known
 * night, to measure what the history's change points and the per-shard judgement catch (docs/ci-nightly.md). Reads
 * only recorded runs: nothing is measured.
 */
@Command(name = "history-replay", mixinStandardHelpOptions = true,
        description = {"Replay recorded calibration runs (calibrate's *-runs.json) as nights: unchanged runs, then the "
                + "runs of one injected slowdown. Reports the nights until Otava flags the step, change points and "
                + "alarms in unchanged series, and the per-shard judgement (a night against its pooled previous "
                + "nights): what kvbench's nightly history (history changes) and gate --history catch.",
                "Writes <out>/replay.json and <out>/replay.md."})
final class HistoryReplayCommand implements Callable<Integer> {

    @Option(names = "--from", required = true, paramLabel = "FILE",
            description = "Recorded calibration runs (calibrate's *-runs.json), repeatable (required).")
    List<Path> from;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory (required).")
    Path out;

    @Option(names = "--otava", paramLabel = "CMD", description = "The otava command (default: $" + Otava.ENV
            + ", else otava on the PATH).")
    String otava;

    @Option(names = "--profile", defaultValue = "ci", paramLabel = ProfileOption.LABEL,
            description = "The profile whose gate judges the shards: a shipped one or a profile .json file "
                    + "(default: ${DEFAULT-VALUE}).")
    String profile;

    @Mixin
    ThresholdOptions thresholds = new ThresholdOptions();

    @Option(names = "--nights", defaultValue = "5", paramLabel = "N",
            description = "Nights pooled per shard baseline (default: ${DEFAULT-VALUE}).")
    int nights;

    @Option(names = "--confirmations", defaultValue = "1", paramLabel = "N",
            description = "Confirmation reruns (default: ${DEFAULT-VALUE}).")
    int confirmations;

    @Option(names = "--resampled", defaultValue = "10", paramLabel = "N",
            description = "Resampled series per benchmark and level (default: ${DEFAULT-VALUE}; 0: recorded order "
                    + "only).")
    int resampled;

    @Option(names = "--unchanged-nights", defaultValue = "30", paramLabel = "N",
            description = "Nights before the step in a resampled series (default: ${DEFAULT-VALUE}).")
    int unchangedNights;

    @Option(names = "--injected-nights", defaultValue = "10", paramLabel = "N",
            description = "Nights after it (default: ${DEFAULT-VALUE}).")
    int injectedNights;

    @Option(names = "--p-value", defaultValue = "0.001", paramLabel = "P",
            description = "Largest p-value of a reported change point (Otava's -P; default: ${DEFAULT-VALUE}).")
    double pValue;

    @Option(names = "--min-shift", defaultValue = "0", paramLabel = "PERCENT",
            description = "Smallest shift reported, in percent: 5 or 5%% (Otava's -M; default: ${DEFAULT-VALUE}).")
    Percent minShift;

    @Option(names = "--fail-within", defaultValue = "7", paramLabel = "NIGHTS",
            description = "A worse change counts as an alarm when it starts within this many newest nights of its "
                    + "series, as for history changes (default: ${DEFAULT-VALUE}).")
    int failWithin;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED",
            description = "Seed of the resampling (default: ${DEFAULT-VALUE}).")
    long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (nights < HistoryBaselines.MIN_NIGHTS) throw new BadInputException("--nights must be >= "
                + HistoryBaselines.MIN_NIGHTS);
        if (confirmations < 0 || resampled < 0 || unchangedNights < nights || injectedNights < 1 || failWithin < 0) {
            throw new BadInputException("--confirmations, --resampled, --fail-within must be >= 0, "
                    + "--injected-nights >= 1 and --unchanged-nights >= --nights");
        }
        Otava tool = Otava.resolve(otava, System.getenv());
        Map<String, CalibrationData> sources = new LinkedHashMap<>();
        for (Path file : from) sources.put(file.getFileName().toString(), CalibrationData.read(file));
        HistoryReplay.Settings settings = new HistoryReplay.Settings(new HistoryReplay.Shards(nights, confirmations),
                new HistoryReplay.Series(resampled, unchangedNights, injectedNights),
                new HistoryReplay.Flagging(2, failWithin), seed, new Otava.Settings(pValue, minShift.fraction()));
        ThresholdPolicy policy = thresholds.policy(Names.profile(profile));
        List<HistoryReplay.Row> rows = HistoryReplay.replay(sources, policy, tool, settings, out.resolve("otava"));
        ResultsJson.write(out.resolve("replay.json"), Map.of("settings", settings, "rows", rows));
        String table = HistoryReplayMarkdown.markdown(rows, settings, policy.describe());
        AtomicFiles.writeString(out.resolve("replay.md"), table);
        PrintWriter console = spec.commandLine().getOut();
        console.print(table);
        console.println("wrote " + out.resolve("replay.json") + " and replay.md");
        console.flush();
        return ExitCode.OK.code();
    }
}
