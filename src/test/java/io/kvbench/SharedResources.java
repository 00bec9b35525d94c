package io.kvbench;

/**
 * What test classes share beyond their own files, named for JUnit's {@code @ResourceLock}: classes that hold the same
 * name never run at the same time, even where one of them runs beside the others (junit-platform.properties).
 */
public final class SharedResources {

    /**
     * The Docker engine's containers: held by every test that starts containers, counts them or measures in one, so
     * that a count sees only its own test's containers and a measurement has its core to itself; and by a test that
     * pins busy processes to CPUs of its own choosing (the cache probe), which would land on the gate's core.
     */
    public static final String DOCKER = "kvbench.docker";

    private SharedResources() {
    }
}
