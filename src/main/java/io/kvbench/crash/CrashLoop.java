package io.kvbench.crash;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import io.kvbench.infra.Directories;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.input.BadInputException;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The crash test of one engine: {@code cycles} times, a fresh writer process reopens the store, prints what it
 * recovered and writes until it is SIGKILLed after a seeded random delay; the fault strikes around it
 * ({@link CrashStorage}: an fsync that fails or a full disk while it writes, a power cut after the kill; with
 * kill-in-recovery, a second process is killed while it reopens the store); the next writer's recovered state is
 * checked against the killed writer's ledger ({@link CrashModel}). A last writer only reopens and prints, to check the
 * last fault. Every writer continues on the same directory, like a service restarted on its volume. The corruption
 * faults run {@link CorruptionLoop} instead.
 */
final class CrashLoop {

    /** Operations of cycle c are numbered from c * STRIDE, so an operation's number says which writer issued it. */
    static final long STRIDE = 10_000_000L;
    /** A writer stops (and closes the store) after this many operations if it was not killed first. */
    static final long MAX_OPERATIONS = 5_000_000L;
    static final String LEDGERS_DIR = "ledgers";
    /** A kill during recovery comes a random 0..max(this, twice the median reopen so far) ms into the reopen. */
    static final long MIN_RECOVERY_KILL_MILLIS = 20;

    /**
     * @param cycles        faults per engine
     * @param seed          seed of the operation stream, the kill delays and the fault's draws
     * @param maxKillDelay  each kill comes a uniform random 0..maxKillDelay after the writer starts writing
     * @param workDir       crash directories are {@code <workDir>/<engine>}; kept only when a promise was broken
     * @param fault         what happens to the store in each cycle
     */
    record Settings(int cycles, long seed, Duration maxKillDelay, Path workDir, Fault fault) {
        Settings {
            if (cycles < 1) throw new BadInputException("cycles must be >= 1, was " + cycles);
        }
    }

    private final KvEngine engine;
    private final Writers writers;
    private final Settings settings;
    private final Consumer<String> progress;

    CrashLoop(KvEngine engine, WriterLauncher launcher, Settings settings, Consumer<String> progress) {
        this.engine = engine;
        this.writers = new Writers(engine, launcher, settings.seed());
        this.settings = settings;
        this.progress = progress;
    }

    EngineCrashResult run() throws InterruptedException {
        CrashTally tally = new CrashTally(engine, writers.runner(), settings);
        Path dir = settings.workDir().resolve(engine.id()).toAbsolutePath();
        CrashStorage storage;
        try {
            PowerCutFs.clearStaleMount(dir.resolve("mnt")); // left by a power-cut run that died
            Directories.deleteRecursively(dir);
            Files.createDirectories(dir);
            storage = CrashStorage.of(settings.fault(), dir, settings.seed());
        } catch (IOException e) {
            return error(tally, Failure.infrastructure("cannot prepare " + dir + ": " + e.getMessage()), null);
        } catch (InfrastructureException e) {
            return error(tally, e.failure(), null);
        }
        EngineCrashResult result;
        try (storage) {
            result = settings.fault().corrupts()
                    ? new CorruptionLoop(engine, writers, settings, progress).run(storage, tally, dir)
                    : run(storage, tally, dir);
        } catch (IOException e) {
            return error(tally, Failure.infrastructure("cannot unmount the power-cut file system: " + e.getMessage()),
                    dir.toString());
        }
        if (result.replay().keptDirectory() == null) { // deleted only once unmounted
            try {
                Directories.deleteRecursively(dir);
            } catch (IOException e) {
                // scratch; the verdict stands
            }
        }
        return result;
    }

    private EngineCrashResult error(CrashTally tally, Failure failure, String keptDir) {
        return tally.result(Verdicts.of(engine.id(), settings.fault(), false, failure, List.of()), keptDir);
    }

    private EngineCrashResult run(CrashStorage storage, CrashTally tally, Path dir) throws InterruptedException {
        Durability durability = engine.capabilities().durability();
        CrashOps ops = CrashOps.forEngine(settings.seed(), engine.capabilities());
        Fault fault = settings.fault();
        CrashModel model = new CrashModel(ops, fault.promise(durability), durability.prefixConsistent());
        SplittableRandom delays = new SplittableRandom(settings.seed() ^ 0x6B696C6C);
        SplittableRandom recoveryKills = new SplittableRandom(settings.seed() ^ 0x7265636FL);
        Failure failure = null;
        List<String> examples = List.of();
        String previousLedger = "";
        for (int cycle = 1; cycle <= settings.cycles() + 1 && failure == null; cycle++) {
            boolean last = cycle == settings.cycles() + 1; // only reopens and checks the last fault
            long firstSeq = cycle * STRIDE;
            long delayMillis = delays.nextLong(settings.maxKillDelay().toMillis() + 1);
            Writers.Run outcome;
            String cause;
            CrashStorage.CycleFault struck;
            try {
                cause = storage.lastCause(); // what the previous fault did, which this writer's recovery shows
                int c = cycle;
                long operations = last ? 0 : MAX_OPERATIONS;
                Writers.Job job = Writers.Job.write(cycle, firstSeq, operations, last ? -1 : delayMillis);
                // the last writer only reopens: no fault strikes it
                outcome = writers.run(storage.writerRoot(), job, last ? () -> { } : () -> storage.writesStarted(c));
                struck = storage.endCycle(cycle, last);
                if (struck.injected()) tally.injected++;
                if (struck.note() != null && cycle <= 3) progress.accept(engine.id() + ": " + struck.note());
            } catch (InfrastructureException e) {
                return error(tally, e.failure(), null);
            } catch (IOException e) {
                return error(tally, Failure.infrastructure("power cut failed after cycle " + cycle + ": " + e),
                        dir.toString());
            }
            if (outcome.crashed()) tally.crashed++;
            WriterOutput out = WriterOutput.parse(outcome.stdout(), ops.keySpace());
            String checked = cycle == 1 ? "the new store" : "the " + fault.event() + " of cycle " + (cycle - 1);
            Optional<Failure> found = recovered(out, outcome, checked, cause);
            if (found.isPresent()) {
                failure = found.get();
                if (failure.kind() == FailureKind.UNOPENABLE) tally.unopenable++;
            } else {
                CrashModel.Check check = model.verify(out);
                if (cycle > 1) tally.add(check, out.openNanos());
                if (check.violated(durability.prefixConsistent())) {
                    Failure loss = new Failure(FailureKind.DATA_LOSS, "after " + checked + ": "
                            + describe(check, durability.prefixConsistent()) + cause);
                    Optional<KnownIssues.KnownIssue> known = Verdicts.find(engine.id(), fault, loss);
                    if (known.isPresent()) {
                        // A recorded engine bug: counted and reported, and the loop goes on (the observed state is the
                        // new known state), so that the report says how often it happens.
                        tally.knownIssue(known.get(), loss, check.examples());
                    } else if (!model.promises()) {
                        tally.unpromised(loss, check.examples()); // nothing promised: counted the same way
                    } else {
                        failure = loss;
                        examples = check.examples();
                    }
                }
            }
            if (failure == null && out.failedAt(WriterOutput.Stage.WRITE)) {
                if (struck.hitWriter()) {
                    tally.reported++; // the engine refused a write or flush when the fault struck: as it should
                } else {
                    // An exception while writing is the engine failing, not forgetting: an error, not a broken promise.
                    failure = new Failure(FailureKind.ENGINE_FAILURE, "the engine failed while writing in cycle "
                            + cycle + ": " + out.failedStep() + outcome.stderrTail());
                }
            }
            if (failure == null && last && !out.done()) {
                failure = new Failure(FailureKind.ENGINE_FAILURE, "the last writer did not finish cleanly (exit "
                        + outcome.exit() + ")" + outcome.stderrTail());
            }
            if (failure != null) {
                saveLedgers(dir, cycle, previousLedger, outcome.stdout());
                break;
            }
            model.cycleWrote(firstSeq, out);
            if (!last) tally.acknowledged += out.acknowledged();
            previousLedger = outcome.stdout();
            if (!last && fault == Fault.KILL_IN_RECOVERY) {
                long max = Math.max(MIN_RECOVERY_KILL_MILLIS, Math.round(2 * tally.medianRecoveryMillis()));
                try {
                    interruptRecovery(storage, tally, new Writers.Job(cycle, 0, 0, recoveryKills.nextLong(max + 1),
                            true), ops.keySpace());
                } catch (InfrastructureException e) {
                    return error(tally, e.failure(), null);
                }
            }
            if (!last && (cycle % 10 == 0 || cycle == settings.cycles())) {
                progress.accept(String.format("%s: %d/%d cycles, %d operations acknowledged", engine.id(), cycle,
                        settings.cycles(), tally.acknowledged));
            }
        }
        if (failure == null) return tally.result(tally.endJudgement(model.promises()), null);
        return tally.result(Verdicts.of(engine.id(), fault, model.promises(), failure, examples), dir.toString());
    }

    /** A failure to reopen or read the store, if the writer met one; {@code cause}: what the fault did before. */
    private static Optional<Failure> recovered(WriterOutput out, Writers.Run outcome, String checked, String cause) {
        if (out.openFailed() || (!out.verified() && out.failedStep() == null)) {
            String why = out.openFailed() ? "unopenable after " + checked + ": " + out.failedStep()
                    : outcome.killed() ? "recovery did not finish within " + Writers.OPEN_TIMEOUT.toSeconds()
                    + " s after " + checked
                    : "the writer exited (code " + outcome.exit() + ") before it had read the store after " + checked;
            return Optional.of(new Failure(FailureKind.UNOPENABLE, why + outcome.stderrTail() + cause));
        }
        if (!out.verified()) {
            return Optional.of(new Failure(FailureKind.UNREADABLE, "cannot read the store after " + checked + ": "
                    + out.failedStep() + outcome.stderrTail() + cause));
        }
        return Optional.empty();
    }

    /**
     * Starts a process that reopens the store and SIGKILLs it the job's delay after it begins to open it: the next
     * writer must recover what the interrupted recovery left. Counted as injected when the kill came before the store
     * was open.
     */
    private void interruptRecovery(CrashStorage storage, CrashTally tally, Writers.Job job, int keySpace)
            throws InterruptedException {
        long delayMillis = job.killAfterMillis();
        Writers.Run run = writers.run(storage.writerRoot(), job, () -> { });
        WriterOutput out = WriterOutput.parse(run.stdout(), keySpace);
        boolean duringOpen = out.openNanos() < 0 && !out.openFailed();
        if (duringOpen) tally.injected++;
        if (run.crashed()) tally.crashed++;
        storage.recoveryInterrupted("; a kill " + delayMillis + " ms into the reopen that followed "
                + (duringOpen ? "interrupted its recovery"
                        : out.openFailed() ? "found it unopenable: " + out.failedStep()
                        : "came after the store was open"));
    }

    private static String describe(CrashModel.Check check, boolean prefixPromised) {
        List<String> parts = new ArrayList<>();
        CrashModel.Harm harm = check.harm();
        if (harm.lost() > 0) parts.add(harm.lost() + " keys lost acknowledged writes");
        if (harm.lostInFlight() > 0) {
            parts.add(harm.lostInFlight() + " keys whose update was in flight at the kill lost their acknowledged "
                    + "value too");
        }
        if (harm.resurrected() > 0) parts.add(harm.resurrected() + " deleted keys came back");
        if (harm.corrupt() > 0) parts.add(harm.corrupt() + " keys hold values never written to them");
        if (harm.foreign() > 0) parts.add(harm.foreign() + " keys that were never written appeared");
        if (harm.prefixBroken() && prefixPromised) parts.add("the state is no prefix of the history");
        return String.join(", ", parts);
    }

    /** The two ledgers that explain a failure: the killed writer's and the one that found the damage. */
    static void saveLedgers(Path dir, int cycle, String killed, String found) {
        try {
            Path ledgers = Files.createDirectories(dir.resolve(LEDGERS_DIR));
            if (cycle > 1) Files.writeString(ledgers.resolve("cycle-" + (cycle - 1) + "-killed.log"), killed);
            Files.writeString(ledgers.resolve("cycle-" + cycle + "-recovered.log"), found);
        } catch (IOException e) {
            // the verdict stands without them
        }
    }
}
