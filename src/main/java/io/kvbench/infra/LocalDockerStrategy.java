package io.kvbench.infra;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.InvalidConfigurationException;
import org.testcontainers.dockerclient.TransportConfig;

/**
 * Testcontainers' way to the local Docker engine (registered through its ServiceLoader SPI), like its own Unix-socket
 * strategy except for the host address. Testcontainers 1.21.4 takes that address only from the environment variable
 * TESTCONTAINERS_HOST_OVERRIDE; without it, a JVM on a machine with /.dockerenv looks up the gateway of Docker's
 * "bridge" network, which an engine started with --bridge=none does not have ("network bridge not found"), and older
 * paths run an alpine image to find it, which hangs without a registry. kvbench containers publish no ports (network
 * mode none), so the address is never used to connect: "localhost" is always safe.
 */
public final class LocalDockerStrategy extends DockerClientProviderStrategy {

    static final Path SOCKET = Path.of("/var/run/docker.sock");

    @Override
    public TransportConfig getTransportConfig() throws InvalidConfigurationException {
        if (!Files.exists(SOCKET)) throw new InvalidConfigurationException("no Docker socket at " + SOCKET);
        return TransportConfig.builder().dockerHost(URI.create("unix://" + SOCKET)).build();
    }

    @Override
    protected boolean isApplicable() {
        return Files.exists(SOCKET);
    }

    @Override
    public String getDescription() {
        return "kvbench: local Unix socket (unix://" + SOCKET + "), host address " + getDockerHostIpAddress();
    }

    /** Above Testcontainers' own Unix-socket strategy (80), below DOCKER_HOST (100): an explicit DOCKER_HOST wins. */
    @Override
    protected int getPriority() {
        return 90;
    }

    /** Testcontainers caches the strategy that worked in ~/.testcontainers.properties; only persistable ones are
     * reused. */
    @Override
    protected boolean isPersistable() {
        return true;
    }

    @Override
    public synchronized String getDockerHostIpAddress() {
        String override = System.getenv("TESTCONTAINERS_HOST_OVERRIDE");
        return override == null || override.isBlank() ? "localhost" : override;
    }
}
