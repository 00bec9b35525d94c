package io.kvbench.infra;

import io.kvbench.run.Failures;
import io.kvbench.run.Progress;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.RunResults;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of the container runner that need no Docker engine: the probe, the Dockerfile, failure reasons. */
class ContainerPartsTest {

    @TempDir
    Path tmp;

    @Test
    void aMissingSocketSaysSoAndHowToGetOne() {
        assertThat(DockerEngine.socketProblem(tmp.resolve("docker.sock"), true)).hasValueSatisfying(reason -> assertThat(reason)
                .contains("docker.sock does not exist").contains("DOCKER_HOST is not set").contains("scripts/setup-docker.sh"));
    }

    @Test
    void aStaleSocketOfAStoppedEngineIsNotAnEngine() throws Exception {
        Path socket = tmp.resolve("stale.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket)); // leaves the socket file behind when closed, like a dead dockerd
        }
        assertThat(DockerEngine.socketProblem(socket, false)).hasValueSatisfying(reason ->
                assertThat(reason).startsWith("no Docker engine answers on " + socket));
    }

    @Test
    void theDockerfileIsOneTemplateWithTheBaseImageWrittenLiterally() throws Exception {
        String text = RuntimeImage.dockerfile("kvbench-base:bookworm-jdk17");
        assertThat(text).contains("\nFROM kvbench-base:bookworm-jdk17\n").doesNotContain("FROM ${");
        String template = Files.readString(Path.of("docker/Dockerfile"));
        assertThat(text).isEqualTo(template.replace(RuntimeImage.FROM_LINE, "FROM kvbench-base:bookworm-jdk17"));
        assertThat(template).contains("ARG BASE_IMAGE=" + RuntimeImage.PUBLIC_BASE);
    }

    @Test
    void failuresAreClassified() {
        RunResults none = null;
        assertThat(Failures.classify(outcome(0, true, false, ""), none, "", "3g", Duration.ofHours(1)))
                .isEqualTo("infrastructure: OOM kill: a process of the container exceeded its 3g memory limit (exit code 0)");
        assertThat(Failures.classify(outcome(1, false, false, "java.io.IOException: No space left on device"), none, "", "3g", Duration.ofHours(1)))
                .isEqualTo("infrastructure: disk full (No space left on device)");
        assertThat(Failures.classify(outcome(0, false, false, ""), none, "rocksdb: IO error: No space left on device", "3g", Duration.ofHours(1)))
                .startsWith("infrastructure: disk full");
        assertThat(Failures.classify(outcome(137, false, true, ""), none, "", "3g", Duration.ofHours(2)))
                .isEqualTo("did not finish within " + Progress.format(Duration.ofHours(2)) + " and was killed");
        assertThat(Failures.classify(outcome(1, false, false, "Error: Could not find or load main class x\n"), none, "", "3g", Duration.ofHours(1)))
                .isEqualTo("the container exited with code 1 without results: Error: Could not find or load main class x");
        RunResults measured = new RunResults(1, true, "tiny", "local", "now", null, List.of());
        assertThat(Failures.classify(outcome(0, false, false, ""), measured, "", "3g", Duration.ofHours(1))).startsWith("the container exited");
    }

    private static BenchmarkContainer.Outcome outcome(long exit, boolean oom, boolean timedOut, String logs) {
        return new BenchmarkContainer.Outcome(exit, oom, timedOut, logs, Duration.ofSeconds(1));
    }
}
