package io.kvbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code kvbench history <subcommand>}: the nightly history per machine class and its change points. */
@Command(name = "history", mixinStandardHelpOptions = true,
        subcommands = {HistoryAppendCommand.class, HistoryChangesCommand.class},
        description = "The nightly history (<history>/<profile>/<machineClass>/<engine>/<workload>.jsonl, one night a "
                + "line): append runs, find change points with Apache Otava.")
final class HistoryCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: choose one of "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
