package io.kvbench.crash;

import java.time.Duration;
import java.util.Optional;

/** A running crash writer: in a container or a local child JVM. */
interface WriterProcess extends AutoCloseable {

    /** Waits until the writer printed READY (true), or ended or failed before that, or the timeout passed (false). */
    boolean awaitReady(Duration timeout) throws InterruptedException;

    /** SIGKILL, at once; nothing of the process runs after it. */
    void kill();

    /** The exit code, or empty if still running after the timeout. */
    Optional<Long> awaitExit(Duration timeout) throws InterruptedException;

    /** The complete stdout (the ledger), once the process has exited. */
    String stdout();

    /** Its stderr, for failure messages. */
    String stderr();

    @Override
    void close();
}
