package io.kvbench.crash;

import io.kvbench.engine.KvEngine;
import io.kvbench.infra.InfrastructureException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Runs one engine's crash writers, one process at a time, and kills them when asked. */
final class Writers {

    static final Duration OPEN_TIMEOUT = Duration.ofMinutes(2);
    static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);
    /** The exit code of a JVM killed by SIGKILL (128 + 9). */
    static final long KILLED = 137;

    private final KvEngine engine;
    private final WriterLauncher launcher;
    private final long seed;

    Writers(KvEngine engine, WriterLauncher launcher, long seed) {
        this.engine = engine;
        this.launcher = launcher;
        this.seed = seed;
    }

    /**
     * One writer to run.
     *
     * @param cycle           for the process name
     * @param firstSeq        its first operation
     * @param operations      how many it writes before it flushes and closes, if not killed first (0: only reopens)
     * @param killAfterMillis SIGKILL this long after it is ready, or -1 to let it finish
     * @param killInRecovery  it is ready just before it opens the store, so that the kill lands in the recovery
     */
    record Job(int cycle, long firstSeq, long operations, long killAfterMillis, boolean killInRecovery) {
        static Job write(int cycle, long firstSeq, long operations, long killAfterMillis) {
            return new Job(cycle, firstSeq, operations, killAfterMillis, false);
        }
    }

    /**
     * What a writer left: its ledger, its stderr, its exit code (-1: it had to be killed after a timeout).
     *
     * @param killed the loop killed it (on purpose, or after a timeout)
     */
    record Run(String stdout, String stderr, long exit, boolean killed) {

        /** The writer died on its own: not killed, and no exit of the ledger's (a JVM crash, SIGBUS, an abort). */
        boolean crashed() {
            if (killed) return false;
            return exit != 0 && exit != WriterProtocol.EXIT_OPEN_FAILED && exit != WriterProtocol.EXIT_WRITE_FAILED
                    && exit != WriterProtocol.EXIT_READ_FAILED;
        }

        /** The last lines of stderr, for a failure reason ("" if none). */
        String stderrTail() {
            String err = stderr.strip();
            if (err.isEmpty()) return "";
            String[] lines = err.split("\n");
            return " (writer stderr: " + String.join(" | ", List.of(lines).subList(Math.max(0, lines.length - 3),
                    lines.length)) + ")";
        }
    }

    String runner() {
        return launcher.name();
    }

    /**
     * Runs {@code job} on the store below {@code dir}; {@code ready} runs once the writer is ready (writes start).
     *
     * @throws InfrastructureException when the writer's JVM did not start (its ledger lacks STARTED): the machine's
     *                                 failure (no memory, a full disk, no image), not the engine's
     */
    Run run(Path dir, Job job, Runnable ready) throws InterruptedException {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String name = "kvbench-crash-" + engine.id() + "-" + job.cycle() + "-" + suffix;
        List<String> args = new ArrayList<>(List.of(engine.id(), dir.toString(), String.valueOf(seed),
                String.valueOf(job.firstSeq()), String.valueOf(job.operations())));
        if (job.killInRecovery()) args.add(CrashWriter.READY_AT_OPEN);
        try (WriterProcess writer = launcher.start(name, args, dir)) {
            boolean isReady = writer.awaitReady(OPEN_TIMEOUT);
            boolean kill = job.killAfterMillis() >= 0;
            if (isReady) ready.run();
            if (isReady && kill) Thread.sleep(job.killAfterMillis());
            if (!isReady || kill) writer.kill();
            Optional<Long> exit = writer.awaitExit(kill || !isReady ? EXIT_TIMEOUT : OPEN_TIMEOUT);
            if (exit.isEmpty()) writer.kill();
            boolean killed = exit.isEmpty() || kill || (!isReady && exit.get() == KILLED);
            Run run = new Run(writer.stdout(), writer.stderr(), exit.orElse(-1L), killed);
            if (!WriterProtocol.started(run.stdout())) {
                throw new InfrastructureException("the crash writer of cycle " + job.cycle() + " did not start (exit "
                        + run.exit() + ")" + run.stderrTail());
            }
            return run;
        }
    }
}
