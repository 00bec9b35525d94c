package io.kvbench.cli;

import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.ContainerRunner;
import io.kvbench.run.JmhLock;
import io.kvbench.run.LocalRunner;
import io.kvbench.task.ContainerResources;
import java.io.PrintStream;
import java.util.Optional;

/** --runner auto|local|container, as every command that runs benchmarks reads it. */
final class RunnerChoice {

    enum Kind { auto, local, container }

    private RunnerChoice() {
    }

    /**
     * auto: a container when Docker is available, else local, saying why in one line; container without Docker: exit
     * 3. Local with JMH's lock held by another run: exit 3 naming the lock, before any benchmark starts.
     */
    static BenchmarkRunner choose(Kind kind, ContainerResources resources, String baseImage, PrintStream console) {
        if (kind == Kind.local) return local();
        Optional<String> unavailable = ContainerRunner.dockerAvailable();
        if (unavailable.isPresent()) {
            if (kind == Kind.container) throw new IllegalStateException("--runner container: Docker not available ("
                    + unavailable.get() + ")");
            console.println("Docker not available (" + unavailable.get()
                    + "); running benchmarks in local forked JVMs");
            return local();
        }
        return new ContainerRunner(resources).withBaseImage(baseImage);
    }

    private static BenchmarkRunner local() {
        JmhLock.check();
        return new LocalRunner();
    }
}
