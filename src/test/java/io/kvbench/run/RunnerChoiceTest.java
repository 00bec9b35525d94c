package io.kvbench.run;

import io.kvbench.infra.JvmFlags;

import io.kvbench.cli.ExitCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.cli.KvBench;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `kvbench run` as a user starts it, in its own JVM: the environment decides the runner (a JVM cannot change its own
 * environment, so "no Docker" is a DOCKER_HOST pointing nowhere). (A Ctrl-C leaving no container behind is
 * ContainerRunnerTest's.)
 */
class RunnerChoiceTest {

    static final String TINY = Path.of("src/test/resources/tiny-profile.json").toAbsolutePath().toString();

    @TempDir
    Path tmp;

    @Test
    @Tag("fork") // starts kvbench in a JVM of its own
    void withoutDockerAutoRunsLocallyAndSaysWhyInOneLine() throws Exception {
        Result run = kvbench(Map.of("DOCKER_HOST", "unix://" + tmp.resolve("no-docker.sock")),
                "run", "--profile", TINY, "--engines", "rocksdb", "--workloads", "ycsb-c",
                "--out", tmp.resolve("out").toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output().lines().filter(line -> line.startsWith("Docker not available (")))
                .singleElement().asString()
                .contains("no-docker.sock does not exist").endsWith("; running benchmarks in local forked JVMs");
        assertThat(run.output()).contains("runner local").contains("resources: unrestricted");
    }

    @Test
    @Tag("fork") // starts kvbench in a JVM of its own
    void containerRunnerWithoutDockerIsAnInfrastructureError() throws Exception {
        Result run = kvbench(Map.of("DOCKER_HOST", "unix://" + tmp.resolve("no-docker.sock")),
                "run", "--runner", "container", "--profile", TINY, "--out", tmp.resolve("out").toString());
        assertThat(run.exitCode()).as(run.output()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(run.output().strip())
                .startsWith("kvbench: --runner container: Docker not available (no Docker engine: ")
                .doesNotContain("\n");
    }

    record Result(int exitCode, String output) {
    }

    private Result kvbench(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path log = Files.createTempFile(tmp, "kvbench", ".log");
        Process process = start(env, log, args);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("kvbench did not finish within 120 s: " + Files.readString(log));
        }
        return new Result(process.exitValue(), Files.readString(log));
    }

    /** kvbench in a JVM of its own with {@code env} added, its output in {@code log}. */
    static Process start(Map<String, String> env, Path log, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JvmFlags.engineFlags());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), KvBench.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        return builder.start();
    }
}
