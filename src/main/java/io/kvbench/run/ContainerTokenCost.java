package io.kvbench.run;

import io.kvbench.infra.Directories;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.infra.KvbenchContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The token cost measured in a container of a {@link ContainerRunner}'s resource profile (same cpuset, same benchmark
 * JVM flags), by running {@link TaskMain} {@value TaskMain#TOKEN_COST} there. Infrastructure trouble is an
 * {@link InfrastructureException}.
 */
final class ContainerTokenCost implements TokenCostMeter {

    /** Heap of the JVM that measures the token cost in a container (it holds nothing). */
    static final String TOOL_HEAP = "256m";

    private final ContainerRunner runner;

    ContainerTokenCost(ContainerRunner runner) {
        this.runner = runner;
    }

    @Override
    public TokenCost measure(Path workDir) throws IOException, InterruptedException {
        Path out = workDir.toAbsolutePath();
        Directories.deleteRecursively(out);
        Files.createDirectories(out);
        ContainerRunner.Prepared prepared = runner.prepared(TOOL_HEAP, new Progress(System.out, 0)::note);
        List<String> arguments = new ArrayList<>(List.of(TaskMain.TOKEN_COST, ContainerRunner.OUT));
        arguments.addAll(runner.jvmFlags());
        KvbenchContainer.Exit exit;
        try (KvbenchContainer container = prepared.container("token-cost", "kvbench-token-cost",
                runner.resources().memoryBytes(TOOL_HEAP), prepared.controllerCommand(arguments))
                .withReadWriteMount(out, ContainerRunner.OUT)) {
            exit = container.runToExit(Duration.ofMinutes(10));
        }
        Path log = out.resolve("container.log");
        if (exit.exitCode() != 0 || !Files.isRegularFile(out.resolve(TokenCost.FILE))) {
            Files.writeString(log, exit.logs());
            throw new InfrastructureException("the token-cost container exited with code " + exit.exitCode()
                    + "; log: " + log);
        }
        return TokenCost.read(out);
    }
}
