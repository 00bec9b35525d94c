package io.kvbench.infra;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import org.testcontainers.utility.ResourceReaper;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * Settings Testcontainers 1.21.4 needs on a machine without a container registry, applied in-process before its first
 * use, so that {@code java -jar kvbench.jar} and {@code mvn test} work without the user exporting anything:
 * <ul>
 * <li>Ryuk off. Ryuk is an image from a registry; 1.21.4 reads its switch only from the environment variable
 *     TESTCONTAINERS_RYUK_DISABLED (ResourceReaper.instance(); maintainers declined a property, testcontainers-java
 *     #3707, #11413), which a running JVM cannot set. So, unless that variable is set either way, we install the reaper
 *     that variable selects (Testcontainers' JVMHookResourceReaper) as the singleton. kvbench removes every container
 *     it starts itself (ContainerRunner), so nothing depends on Ryuk.</li>
 * <li>Host address: {@link LocalDockerStrategy}. Testcontainers persists the strategy that worked in
 *     ~/.testcontainers.properties and tries it before any SPI strategy; when that is its own Unix-socket strategy
 *     (the same socket, but the failing host-address lookup), we replace it with ours, through its public API.</li>
 * <li>The tiny image (alpine, for the file-mount check): never needed, because ContainerRunner sets its binds on the
 *     create command instead of through withFileSystemBind, which is what triggers that check.</li>
 * </ul>
 */
final class TestcontainersSetup {

    static final String STRATEGY_KEY = "docker.client.strategy";
    private static final String TC_UNIX_SOCKET_STRATEGY =
            "org.testcontainers.dockerclient.UnixSocketClientProviderStrategy";
    private static boolean applied;

    private TestcontainersSetup() {
    }

    static synchronized void apply() {
        if (applied) return;
        if (System.getenv("TESTCONTAINERS_RYUK_DISABLED") == null) installJvmHookReaper();
        preferLocalStrategy();
        applied = true;
    }

    private static void installJvmHookReaper() {
        synchronized (ResourceReaper.class) { // ResourceReaper.instance() is static synchronized
            try {
                Field instance = ResourceReaper.class.getDeclaredField("instance");
                instance.setAccessible(true);
                if (instance.get(null) != null) return;
                Constructor<?> hook = Class.forName("org.testcontainers.utility.JVMHookResourceReaper")
                        .getDeclaredConstructor();
                hook.setAccessible(true);
                instance.set(null, hook.newInstance());
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("cannot turn off Testcontainers' Ryuk in this Testcontainers version ("
                        + e
                        + "); set TESTCONTAINERS_RYUK_DISABLED=true in the environment", e);
            }
        }
    }

    private static void preferLocalStrategy() {
        if (System.getenv("DOCKER_HOST") != null
                || System.getenv("TESTCONTAINERS_DOCKER_CLIENT_STRATEGY") != null) return;
        TestcontainersConfiguration config = TestcontainersConfiguration.getInstance();
        if (TC_UNIX_SOCKET_STRATEGY.equals(config.getUserProperty(STRATEGY_KEY, null))) {
            config.updateUserConfig(STRATEGY_KEY, LocalDockerStrategy.class.getName());
        }
    }
}
