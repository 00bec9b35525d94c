package io.kvbench.cli;

import io.kvbench.baseline.BaselineSource;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.history.HistoryBaselines;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/** --history / --nights of gate and compare: where the baselines of a judgement come from. */
final class HistoryOption {

    private HistoryOption() {
    }

    static BaselineSource source(CommandSpec spec, Path history, int nights, Path baselines) {
        boolean nightsGiven = spec.commandLine().getParseResult().hasMatchedOption("--nights");
        if (history == null) {
            if (nightsGiven) throw new IllegalArgumentException("--nights needs --history");
            return new BaselineStore(baselines);
        }
        // A missing history is a typo or a checkout that failed, not "every benchmark is new".
        if (!Files.isDirectory(history)) throw new IllegalArgumentException("history directory " + history + " does not exist");
        // Throughput from the history; disk from the baselines directory, whose disk baselines hold on every machine.
        return HistoryBaselines.source(history, nights, baselines);
    }
}
