package io.kvbench.cli;

import io.kvbench.baseline.BaselineSource;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.history.HistoryBaselines;
import io.kvbench.input.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** --baselines / --history / --nights of gate and compare: where the baselines of a judgement come from. */
final class HistoryOption {

    @Option(names = "--baselines", paramLabel = "DIR", defaultValue = "perf-baselines",
            description = "Baselines root directory (default: ${DEFAULT-VALUE}); with --history, where the disk "
                    + "baselines come from.")
    Path baselines;

    @Option(names = "--history", paramLabel = "DIR",
            description = "Judge against the pooled recent nights of the run's own machine class in this history "
                    + "(kvbench history append) instead of --baselines (default: none, judge against --baselines).")
    Path history;

    @Option(names = "--nights", defaultValue = "5", paramLabel = "N",
            description = "With --history: how many of the newest OK nights are pooled per benchmark (default: "
                    + "${DEFAULT-VALUE}; fewer than 3 and the benchmark is not judged on throughput).")
    int nights;

    BaselineSource source(CommandSpec spec) {
        boolean nightsGiven = spec.commandLine().getParseResult().hasMatchedOption("--nights");
        boolean baselinesGiven = spec.commandLine().getParseResult().hasMatchedOption("--baselines");
        if (!Files.isDirectory(baselines) && (Files.exists(baselines) || baselinesGiven)) {
            // The default directory may legitimately not exist yet (nothing recorded); a named one that does not is a
            // typo.
            throw new BadInputException("baselines directory " + baselines
                    + " does not exist or is not a directory");
        }
        if (history == null) {
            if (nightsGiven) throw new BadInputException("--nights needs --history");
            return new BaselineStore(baselines);
        }
        // A missing history is a typo or a checkout that failed, not "every benchmark is new".
        if (!Files.isDirectory(history)) throw new BadInputException("history directory " + history
                + " does not exist");
        // Throughput from the history; disk from the baselines directory, whose disk baselines hold on every machine.
        return HistoryBaselines.source(history, nights, baselines);
    }
}
