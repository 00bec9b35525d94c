package io.kvbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code kvbench baseline <subcommand>}: manage the stored performance baselines. */
@Command(name = "baseline", mixinStandardHelpOptions = true, subcommands = BaselineUpdateCommand.class,
        description = "Manage the stored performance baselines "
                + "(perf-baselines/<profile>/<machineClass>/<engine>/<workload>.json).")
final class BaselineCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: choose one of "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
