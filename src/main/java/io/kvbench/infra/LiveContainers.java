package io.kvbench.infra;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Containers that exist right now, so that they are removed however the JVM ends: normally in ContainerRunner's
 * finally block, on Ctrl-C (SIGINT/SIGTERM) by a shutdown hook. Without Ryuk nothing else would remove them.
 */
final class LiveContainers {

    private static final Set<String> IDS = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();

    private LiveContainers() {
    }

    /** @param id the container's id or name */
    static void add(DockerClient client, String id) {
        if (HOOKED.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> IDS.forEach(left -> remove(client, left)), "kvbench-container-cleanup"));
        }
        IDS.add(id);
    }

    /** Kills and removes the container (volumes too); true when it is gone. */
    static boolean remove(DockerClient client, String id) {
        try {
            client.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException alreadyGone) {
            // removed before, e.g. by Testcontainers' own stop()
        } catch (RuntimeException e) {
            return false;
        }
        IDS.remove(id);
        return true;
    }
}
