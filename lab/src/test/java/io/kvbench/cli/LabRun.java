package io.kvbench.cli;

/** Runs the lab's command line in-process ({@link CliRun}, from kvbench's test jar). */
final class LabRun {

    private LabRun() {
    }

    static CliRun of(String... args) {
        return CliRun.on(KvBenchLab.commandLine(), args);
    }
}
