package io.kvbench.infra;

import com.github.dockerjava.api.DockerClient;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testcontainers.DockerClientFactory;

/** Whether a Docker engine is usable through Testcontainers, answered within a bounded time and with a reason if not.
 * */
public final class DockerEngine {

    /** First contact includes Testcontainers' own checks (info, version); a healthy local engine answers in ~1 s. */
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    private DockerEngine() {
    }

    /** Empty when Docker can run containers; otherwise one line saying why not. */
    public static Optional<String> unavailableReason() {
        FutureTask<Optional<String>> check = new FutureTask<>(() -> {
            Optional<String> socket = socketProblem();
            return socket.isPresent() ? socket : testcontainersProblem();
        });
        Thread thread = new Thread(check, "kvbench-docker-check");
        thread.setDaemon(true); // a hung check must not keep the JVM alive
        thread.start();
        try {
            return check.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            thread.interrupt();
            return Optional.of("the Docker engine did not answer within " + TIMEOUT.toSeconds() + " s");
        } catch (ExecutionException e) {
            return Optional.of("Testcontainers cannot use the Docker engine: " + rootMessage(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking for Docker");
        }
    }

    /** The client, after {@link #unavailableReason()} said yes. */
    public static DockerClient client() {
        TestcontainersSetup.apply();
        return DockerClientFactory.instance().client();
    }

    /** A quick look at the socket before Testcontainers, whose own failure message says only "see logs". */
    static Optional<String> socketProblem() {
        String dockerHost = System.getenv("DOCKER_HOST");
        // tcp: Testcontainers checks it
        if (dockerHost != null && !dockerHost.startsWith("unix://")) return Optional.empty();
        Path socket = dockerHost != null ? Path.of(URI.create(dockerHost).getPath()) : LocalDockerStrategy.SOCKET;
        return socketProblem(socket, dockerHost == null);
    }

    static Optional<String> socketProblem(Path socket, boolean defaultLocation) {
        if (!Files.exists(socket)) {
            return Optional.of("no Docker engine: " + socket + " does not exist"
                    + (defaultLocation ? " (DOCKER_HOST is not set)" : "")
                    + "; scripts/setup-docker.sh installs and starts one");
        }
        // Docker's API over the socket: GET /_ping answers "OK". A local socket either answers at once or refuses.
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap(
                    "GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
            ByteBuffer answer = ByteBuffer.allocate(512);
            channel.read(answer);
            String head = new String(answer.array(), 0, answer.position(), StandardCharsets.US_ASCII);
            if (!head.startsWith("HTTP/1.") || !head.contains(" 200 ")) {
                return Optional.of("no Docker engine answers on " + socket + " (got: " + head.lines().findFirst()
                        .orElse("nothing") + ")");
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("no Docker engine answers on " + socket + ": " + e.getMessage()
                    + "; scripts/setup-docker.sh starts one");
        }
    }

    private static Optional<String> testcontainersProblem() {
        TestcontainersSetup.apply();
        DockerClientFactory.instance().client().pingCmd().exec();
        return Optional.empty();
    }

    private static String rootMessage(Throwable e) {
        String message = RuntimeImage.rootMessage(e);
        if (message.contains("network bridge not found")) {
            message += " (Testcontainers looked up the Docker host address; set "
                    + "TESTCONTAINERS_HOST_OVERRIDE=localhost)";
        }
        return message;
    }
}
