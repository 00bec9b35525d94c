package io.kvbench.crash;

import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.KvEngine;
import io.kvbench.infra.GitRevision;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.infra.KillableContainers;
import io.kvbench.infra.Machines;
import io.kvbench.input.BadInputException;
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
 * Crash tests of several engines under one or more faults: where the writers run (a fresh container per writer when
 * Docker is available, else local child JVMs; always local children for the faults of the FUSE file system, which
 * this JVM serves) and the loop per engine and fault.
 */
public final class CrashSuite {

    /** Where writers run. */
    public enum Where { AUTO, CONTAINER, LOCAL }

    /** Default upper bound of the kill delay: long enough for flushes and background work to be under way. */
    public static final Duration DEFAULT_MAX_KILL_DELAY = Duration.ofMillis(600);

    /**
     * How much to run.
     *
     * @param cycles       faults per engine and fault kind
     * @param seed         seed of the operations, kill delays and fault draws
     * @param maxKillDelay each kill comes a uniform random 0..maxKillDelay after the writer starts writing
     * @param workDir      where the crash directories go (a broken engine's is kept)
     * @param parallel     engines (or faults) tested at the same time
     */
    public record Plan(int cycles, long seed, Duration maxKillDelay, Path workDir, int parallel) {
        public Plan {
            if (cycles < 1) throw new BadInputException("cycles must be >= 1, was " + cycles);
            if (parallel < 1) throw new BadInputException("parallel must be >= 1, was " + parallel);
        }
    }

    private final WriterLauncher launcher;
    private final List<Fault> faults;
    private final Consumer<String> progress;

    private CrashSuite(WriterLauncher launcher, List<Fault> faults, Consumer<String> progress) {
        this.launcher = launcher;
        this.faults = List.copyOf(faults);
        this.progress = progress;
    }

    /**
     * @param faults the faults to run, each against every engine
     * @param cpuset CPUs the writer containers may use (null: all), e.g. to keep them off the core a benchmark runs on
     * @throws InfrastructureException when a fault needs FUSE and it is unavailable (saying what is missing), or when
     *                                 CONTAINER is asked for and Docker or the image is unavailable
     */
    public static CrashSuite prepare(Where where, String baseImage, String cpuset, List<Fault> faults,
                                     Consumer<String> progress) {
        if (faults.isEmpty()) throw new BadInputException("no fault to run");
        Optional<Fault> onFuse = faults.stream().filter(Fault::needsFuse).findFirst();
        if (onFuse.isPresent()) {
            PowerCutFs.unavailableReason().ifPresent(why -> {
                throw new InfrastructureException(onFuse.get().id() + " needs FUSE: " + why);
            });
        }
        if (where == Where.LOCAL || faults.stream().allMatch(Fault::needsFuse)) {
            return new CrashSuite(new LocalWriters(), faults, progress);
        }
        if (where == Where.AUTO) {
            Optional<String> unavailable = KillableContainers.unavailableReason();
            if (unavailable.isPresent()) {
                progress.accept("kvbench: Docker not available (" + unavailable.get()
                        + "); crash writers run as local child JVMs");
                return new CrashSuite(new LocalWriters(), faults, progress);
            }
        }
        return new CrashSuite(new ContainerWriters(KillableContainers.prepare(baseImage, progress), cpuset), faults,
                progress);
    }

    public List<Fault> faults() {
        return faults;
    }

    /** Where the writers of {@code fault} run: container or local. */
    public String runner(Fault fault) {
        return fault.needsFuse() ? LocalWriters.NAME : launcher.name();
    }

    /** The runners of every fault, comma-separated. */
    public String runner() {
        return String.join(", ", faults.stream().map(this::runner).distinct().toList());
    }

    /** Runs the crash test of one engine under one fault. */
    public EngineCrashResult run(KvEngine engine, Fault fault, Plan plan) throws InterruptedException {
        WriterLauncher writers = fault.needsFuse() ? new LocalWriters() : launcher;
        Path workDir = faults.size() > 1 ? plan.workDir().resolve(fault.id()) : plan.workDir();
        return new CrashLoop(engine, writers, new CrashLoop.Settings(plan.cycles(), plan.seed(), plan.maxKillDelay(),
                workDir, fault), progress).run();
    }

    /**
     * Runs every engine's crash test under every fault, {@code parallel} at a time (a writer is one thread and a cycle
     * is mostly JVM start-up, so two at a time suit two cores); an interrupt ends the run early and marks it
     * incomplete. After each, {@code checkpoint} gets the results so far (incomplete), so that a long run that dies
     * keeps what it did.
     */
    public CrashResults runAll(List<KvEngine> engines, Plan plan, Consumer<CrashResults> checkpoint) {
        CrashResults.Run run = new CrashResults.Run(runner(), Instant.now().toString(), GitRevision.current(),
                plan.cycles(), plan.seed(), Machines.current());
        ExecutorService pool = Executors.newFixedThreadPool(plan.parallel(), r -> {
            Thread thread = new Thread(r, "kvbench-crash");
            thread.setDaemon(true);
            return thread;
        });
        List<Future<EngineCrashResult>> futures = new ArrayList<>();
        List<EngineCrashResult> finished = new ArrayList<>();
        for (Fault fault : faults) {
            for (KvEngine engine : engines) {
                futures.add(pool.submit(() -> {
                    progress.accept("crash " + engine.id() + ": " + plan.cycles() + " " + fault.nouns() + ", seed "
                            + plan.seed() + ", runner " + runner(fault));
                    EngineCrashResult result = run(engine, fault, plan);
                    progress.accept(String.format("crash %s (%s): %s (%d cycles, %d acknowledged, %.0f s)%s",
                            engine.id(),
                            fault.id(), result.verdict(), result.counts().cycles(), result.counts().acknowledged(),
                            result.replay().seconds(), result.reason() == null ? "" : ": " + result.reason()));
                    synchronized (finished) {
                        finished.add(result);
                        checkpoint.accept(new CrashResults(CrashResults.SCHEMA_VERSION, false, run, finished));
                    }
                    return result;
                }));
            }
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
