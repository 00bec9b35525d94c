package io.kvbench.infra;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Containers that exist right now, so that they are removed however the JVM ends: normally when their
 * {@link KvbenchContainer} closes, on Ctrl-C (SIGINT/SIGTERM) by a shutdown hook. Without Ryuk nothing else would
 * remove them.
 */
final class LiveContainers {

    /** How long the shutdown hook waits for creations in flight, so that what they create is removed too. */
    private static final long CREATIONS_IN_FLIGHT_WAIT_MS = 10_000;

    private static final Set<String> IDS = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();
    private static final AtomicInteger CREATING = new AtomicInteger();
    private static volatile boolean shuttingDown;

    private LiveContainers() {
    }

    /**
     * Tracks the container named {@code id} from before its creation. Refused once the JVM is shutting down: the hook
     * has removed, or is removing, what exists, and nothing may appear after it. The hook waits (bounded) for
     * creations in flight, so that what they create is removed too; {@link Creation#done()} ends the wait.
     */
    static Creation creating(DockerClient client, String id) {
        hookOnce(client);
        CREATING.incrementAndGet();
        Creation creation = new Creation();
        if (shuttingDown) {
            creation.done();
            throw new ShuttingDownException(id);
        }
        IDS.add(id);
        return creation;
    }

    /** One creation in flight; done once it exists (or failed). Idempotent. */
    static final class Creation {
        private final AtomicBoolean done = new AtomicBoolean();

        void done() {
            if (done.compareAndSet(false, true)) CREATING.decrementAndGet();
        }
    }

    /**
     * Runs {@code action} to its end on a thread of its own, restoring the caller's interrupt afterwards: Docker's
     * client aborts a request whose thread is interrupted, possibly after the daemon acted on it, and a container
     * created after its removal was asked would be left behind.
     */
    static void runToEnd(Runnable action, String threadName) {
        FutureTask<Void> task = new FutureTask<>(action, null);
        Thread thread = new Thread(task, threadName);
        thread.setDaemon(true);
        thread.start();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    task.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException runtime) throw runtime;
                    if (e.getCause() instanceof Error error) throw error;
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** The JVM is ending: the shutdown hook removes what is left (and other removals may fail meanwhile). */
    static boolean shuttingDown() {
        return shuttingDown;
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

    /** The JVM is ending: no more creations; the ones in flight finish (bounded wait); then everything goes. */
    private static void removeAll(DockerClient client) {
        shuttingDown = true;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CREATIONS_IN_FLIGHT_WAIT_MS);
        while (CREATING.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                break;
            }
        }
        IDS.forEach(left -> remove(client, left));
    }

    private static void hookOnce(DockerClient client) {
        if (HOOKED.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> removeAll(client), "kvbench-container-cleanup"));
        }
    }

    /** A start asked for while the JVM shuts down (Ctrl-C arrived between two benchmarks). */
    static final class ShuttingDownException extends IllegalStateException {
        ShuttingDownException(String id) {
            super("kvbench is shutting down: container " + id + " not started");
        }
    }
}
