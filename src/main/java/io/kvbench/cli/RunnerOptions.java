package io.kvbench.cli;

import io.kvbench.run.BenchmarkRunner;
import io.kvbench.task.ContainerResources;
import java.io.PrintStream;
import picocli.CommandLine.Option;

/** Where benchmarks run, as every command that runs them (run, gate, interleave, calibrate, reproduce) takes it. */
final class RunnerOptions {

    @Option(names = "--runner", defaultValue = "auto", paramLabel = "RUNNER",
            description = "Where benchmarks run: ${COMPLETION-CANDIDATES}; auto is a fixed-resource container per "
                    + "engine when Docker is available, else local forked JVMs (default: ${DEFAULT-VALUE}).")
    RunnerChoice.Kind kind;

    @Option(names = "--resources", defaultValue = ContainerResources.DEFAULT, paramLabel = "NAME|FILE",
            description = "Resource profile of the benchmark containers: a shipped one (`kvbench profiles` lists them) "
                    + "or a resource profile .json file (default: ${DEFAULT-VALUE}).")
    String resources;

    @Option(names = "--base-image", paramLabel = "IMAGE",
            description = "Base image of the benchmark containers: a JDK 17 or newer as `java` (newer for an engine "
                    + "built for a newer Java; docs/outside-adapters.md) (default: $KVBENCH_BASE_IMAGE, else "
                    + "kvbench-base:bookworm-jdk17 if present, else eclipse-temurin:17-jdk).")
    String baseImage;

    /** The resource profile, checked even when no container will use it: a typo is bad input either way. */
    ContainerResources containerResources() {
        return Names.resources(resources);
    }

    BenchmarkRunner choose(PrintStream console) {
        return RunnerChoice.choose(kind, containerResources(), baseImage, console);
    }
}
