package io.kvbench.crash;

import io.kvbench.engine.KvEngine;
import io.kvbench.infra.GitRevision;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.infra.KillableContainers;
import io.kvbench.infra.Machines;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Crash tests of several engines, one after another: where the writers run (a fresh container per writer when Docker
 * is available, else local child JVMs) and the loop per engine.
 */
public final class CrashSuite {

    /** Where writers run. */
    public enum Where { AUTO, CONTAINER, LOCAL }

    /** Default upper bound of the kill delay: long enough for flushes and background work to be under way. */
    public static final Duration DEFAULT_MAX_KILL_DELAY = Duration.ofMillis(600);

    private final WriterLauncher launcher;
    private final Consumer<String> progress;
    private final Fault fault;

    private CrashSuite(WriterLauncher launcher, Consumer<String> progress) {
        this(launcher, progress, Fault.PROCESS_KILL);
    }

    private CrashSuite(WriterLauncher launcher, Consumer<String> progress, Fault fault) {
        this.launcher = launcher;
        this.progress = progress;
        this.fault = fault;
    }

    /**
     * Power cuts: the store lives on a FUSE mount served by this JVM ({@link io.kvbench.crash.fuse.PowerCutFs}) and the
     * writers are local child JVMs on it (a writer in a container would need the mount bind-mounted into it; a local
     * writer is killed as really).
     *
     * @throws InfrastructureException when FUSE is unavailable, saying what is missing
     */
    public static CrashSuite preparePowerCuts(Consumer<String> progress) {
        io.kvbench.crash.fuse.PowerCutFs.unavailableReason().ifPresent(why -> {
            throw new InfrastructureException("power cuts need FUSE: " + why);
        });
        return new CrashSuite(new LocalWriters(), progress, Fault.POWER_CUT);
    }

    public Fault fault() {
        return fault;
    }

    /**
     * @param cpuset CPUs the writer containers may use (null: all), e.g. to keep them off the core a benchmark runs on
     * @throws InfrastructureException when CONTAINER is asked for and Docker or the image is unavailable
     */
    public static CrashSuite prepare(Where where, String baseImage, String cpuset, Consumer<String> progress) {
        if (where == Where.LOCAL) return new CrashSuite(new LocalWriters(), progress);
        if (where == Where.AUTO) {
            Optional<String> unavailable = KillableContainers.unavailableReason();
            if (unavailable.isPresent()) {
                progress.accept("kvbench: Docker not available (" + unavailable.get() + "); crash writers run as local child JVMs");
                return new CrashSuite(new LocalWriters(), progress);
            }
        }
        return new CrashSuite(new ContainerWriters(KillableContainers.prepare(baseImage, progress), cpuset), progress);
    }

    public String runner() {
        return launcher.name();
    }

    /** Runs the crash test of one engine. */
    public EngineCrashResult run(KvEngine engine, int cycles, long seed, Duration maxKillDelay, Path workDir)
            throws InterruptedException {
        return new CrashLoop(engine, launcher, new CrashLoop.Settings(cycles, seed, maxKillDelay, workDir, fault), progress).run();
    }

    /**
     * Runs every engine's crash test, {@code parallel} engines at a time (a writer is one thread and a cycle is mostly
     * JVM start-up, so two at a time suit two cores); an interrupt ends the run early and marks it incomplete. After each
     * engine, {@code checkpoint} gets the results so far (incomplete), so that a long run that dies keeps what it did.
     */
    public CrashResults runAll(List<KvEngine> engines, int cycles, long seed, Duration maxKillDelay, Path workDir, int parallel,
                               Consumer<CrashResults> checkpoint) {
        if (parallel < 1) throw new IllegalArgumentException("parallel must be >= 1, was " + parallel);
        CrashResults.Run run = new CrashResults.Run(runner(), Instant.now().toString(), GitRevision.current(), cycles, seed,
                Machines.current());
        ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
            Thread thread = new Thread(r, "kvbench-crash");
            thread.setDaemon(true);
            return thread;
        });
        List<Future<EngineCrashResult>> futures = new ArrayList<>();
        List<EngineCrashResult> finished = new ArrayList<>();
        for (KvEngine engine : engines) {
            futures.add(pool.submit(() -> {
                progress.accept("crash " + engine.id() + ": " + cycles + " " + fault.noun() + "s, seed " + seed + ", runner " + runner());
                EngineCrashResult result = run(engine, cycles, seed, maxKillDelay, workDir);
                progress.accept(String.format("crash %s: %s (%d cycles, %d acknowledged, %.0f s)%s", engine.id(),
                        result.verdict(), result.counts().cycles(), result.counts().acknowledged(), result.replay().seconds(),
                        result.reason() == null ? "" : ": " + result.reason()));
                synchronized (finished) {
                    finished.add(result);
                    checkpoint.accept(new CrashResults(CrashResults.SCHEMA_VERSION, false, run, finished));
                }
                return result;
            }));
        }
        pool.shutdown();
        List<EngineCrashResult> results = new ArrayList<>();
        boolean complete = true;
        try {
            for (Future<EngineCrashResult> future : futures) results.add(future.get());
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
            complete = false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("crash test failed: " + e.getCause(), e.getCause());
        }
        return new CrashResults(CrashResults.SCHEMA_VERSION, complete, run, results);
    }
}
