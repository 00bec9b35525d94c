package io.kvbench.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of the container infrastructure that need no Docker engine: the probe, the Dockerfile. */
class ContainerPartsTest {

    @TempDir
    Path tmp;

    @Test
    void aMissingSocketSaysSoAndHowToGetOne() {
        assertThat(DockerEngine.socketProblem(tmp.resolve("docker.sock"), true))
                .hasValueSatisfying(reason -> assertThat(reason)
                .contains("docker.sock does not exist").contains("DOCKER_HOST is not set")
                .contains("scripts/setup-docker.sh"));
    }

    @Test
    void aStaleSocketOfAStoppedEngineIsNotAnEngine() throws Exception {
        Path socket = tmp.resolve("stale.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            // leaves the socket file behind when closed, like a dead dockerd
            server.bind(UnixDomainSocketAddress.of(socket));
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
}
