package io.kvbench.cli;

import io.kvbench.run.BenchmarkRunner;
import io.kvbench.task.ResourceProfile;
import java.io.PrintStream;
import picocli.CommandLine.Option;

/** Where benchmarks run, as the commands that run them (gate, interleave, calibrate) take it. */
final class RunnerOptions {

    @Option(names = "--runner", defaultValue = "auto", description = "Where benchmarks run: ${COMPLETION-CANDIDATES} "
            + "(default: ${DEFAULT-VALUE}: a fixed-resource container when Docker is available, else local forked JVMs).")
    RunnerChoice.Kind kind;

    @Option(names = "--resources", defaultValue = ResourceProfile.DEFAULT, paramLabel = "NAME|FILE",
            description = "Resource profile of the benchmark containers (default: ${DEFAULT-VALUE}).")
    String resources;

    @Option(names = "--base-image", paramLabel = "IMAGE", description = "Base image (a JDK 17) of the benchmark containers.")
    String baseImage;

    ResourceProfile resourceProfile() {
        return ResourceProfile.load(resources);
    }

    BenchmarkRunner choose(PrintStream console) {
        return RunnerChoice.choose(kind, resourceProfile(), baseImage, console);
    }
}
