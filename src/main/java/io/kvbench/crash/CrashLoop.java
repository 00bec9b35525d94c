package io.kvbench.crash;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.infra.Directories;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import io.kvbench.infra.InfrastructureException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The crash test of one engine: {@code cycles} times, a fresh writer process reopens the store, prints what it
 * recovered and writes until it is SIGKILLed after a seeded random delay; the next writer's recovered state is checked
 * against the killed writer's ledger ({@link CrashModel}). A last writer only reopens and prints, to check the last
 * kill. Every writer continues on the same directory, like a service restarted on its volume.
 */
final class CrashLoop {

    /** Operations of cycle c are numbered from c * STRIDE, so an operation's number says which writer issued it. */
    static final long STRIDE = 10_000_000L;
    /** A writer stops (and closes the store) after this many operations if it was not killed first. */
    static final long MAX_OPERATIONS = 5_000_000L;
    static final Duration OPEN_TIMEOUT = Duration.ofMinutes(2);
    static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);
    static final String LEDGERS_DIR = "ledgers";

    /**
     * @param cycles        kills per engine
     * @param seed          seed of the operation stream and the kill delays
     * @param maxKillDelay  each kill comes a uniform random 0..maxKillDelay after the writer starts writing
     * @param workDir       crash directories are {@code <workDir>/<engine>}; kept only when a promise was broken
     */
    record Settings(int cycles, long seed, Duration maxKillDelay, Path workDir, Fault fault) {
        Settings {
            if (cycles < 1) throw new IllegalArgumentException("cycles must be >= 1, was " + cycles);
        }
    }

    private final KvEngine engine;
    private final WriterLauncher launcher;
    private final Settings settings;
    private final Consumer<String> progress;

    CrashLoop(KvEngine engine, WriterLauncher launcher, Settings settings, Consumer<String> progress) {
        this.engine = engine;
        this.launcher = launcher;
        this.settings = settings;
        this.progress = progress;
    }

    EngineCrashResult run() throws InterruptedException {
        Durability durability = engine.capabilities().durability();
        CrashOps ops = CrashOps.forEngine(settings.seed(), engine.capabilities());
        Fault fault = settings.fault();
        CrashModel model = new CrashModel(ops, fault.promise(durability), durability.prefixConsistent());
        CrashTally tally = new CrashTally(engine, launcher.name(), settings);
        Path dir = settings.workDir().resolve(engine.id()).toAbsolutePath();
        CrashStorage storage;
        try {
            io.kvbench.crash.fuse.PowerCutFs.clearStaleMount(dir.resolve("mnt")); // left by a power-cut run that died
            Directories.deleteRecursively(dir);
            Files.createDirectories(dir);
            storage = CrashStorage.of(fault, dir, settings.seed());
        } catch (IOException e) {
            return error(tally, Failure.infrastructure("cannot prepare " + dir + ": " + e.getMessage()), null);
        } catch (InfrastructureException e) {
            return error(tally, Failure.infrastructure(e), null);
        }
        EngineCrashResult result;
        try (storage) {
            result = run(storage, model, ops, tally, dir);
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

    private EngineCrashResult run(CrashStorage storage, CrashModel model, CrashOps ops, CrashTally tally, Path dir)
            throws InterruptedException {
        Durability durability = engine.capabilities().durability();
        Fault fault = settings.fault();
        SplittableRandom delays = new SplittableRandom(settings.seed() ^ 0x6B696C6C);
        Failure failure = null;
        List<String> examples = List.of();
        String previousLedger = "";
        for (int cycle = 1; cycle <= settings.cycles() + 1 && failure == null; cycle++) {
            boolean last = cycle == settings.cycles() + 1; // only reopens and checks the last kill
            long firstSeq = cycle * STRIDE;
            long delayMillis = delays.nextLong(settings.maxKillDelay().toMillis() + 1);
            Cycle outcome;
            String cause;
            try {
                cause = storage.lastCause(); // what the previous cut did, which this writer's recovery shows
                outcome = runWriter(storage.writerRoot(), cycle, firstSeq, last ? 0 : MAX_OPERATIONS, last ? -1 : delayMillis);
                String note = last ? null : storage.afterKill(cycle);
                if (note != null && cycle <= 3) progress.accept(engine.id() + ": " + note);
            } catch (InfrastructureException e) {
                return error(tally, Failure.infrastructure(e), null);
            } catch (IOException e) {
                return error(tally, Failure.infrastructure("power cut failed after cycle " + cycle + ": " + e), dir.toString());
            }
            WriterOutput out = WriterOutput.parse(outcome.stdout(), ops.keySpace());
            String checked = cycle == 1 ? "the new store" : "the " + fault.event() + " of cycle " + (cycle - 1);
            if (out.openFailed() || (!out.verified() && out.failure() == null)) {
                tally.unopenable++;
                failure = new Failure(FailureKind.UNOPENABLE, (out.openFailed() ? "unopenable after " + checked + ": "
                        + out.failure() : "recovery did not finish within " + OPEN_TIMEOUT.toSeconds() + " s after "
                        + checked) + stderrTail(outcome));
            } else if (!out.verified()) {
                failure = new Failure(FailureKind.UNREADABLE, "cannot read the store after " + checked + ": " + out.failure()
                        + stderrTail(outcome));
            } else {
                CrashModel.Check check = model.verify(out);
                if (cycle > 1) tally.add(check, out.openNanos());
                if (check.violated(durability.prefixConsistent())) {
                    Failure found = new Failure(FailureKind.DATA_LOSS, "after " + checked + ": "
                            + describe(check, durability.prefixConsistent()) + cause);
                    Optional<KnownIssues.KnownIssue> known = Verdicts.find(engine.id(), fault, found);
                    if (known.isPresent()) {
                        // A recorded engine bug: counted and reported, and the loop goes on (the observed state is the
                        // new known state), so that the report says how often it happens.
                        tally.knownIssue(known.get(), found, check.examples());
                    } else {
                        failure = found;
                        examples = check.examples();
                    }
                }
            }
            if (failure == null && out.failedAt(WriterOutput.Stage.WRITE)) {
                // An exception while writing is the engine failing, not forgetting: an error, not a broken promise.
                failure = new Failure(FailureKind.ENGINE_FAILURE, "the engine failed while writing in cycle " + cycle + ": "
                        + out.failure() + stderrTail(outcome));
            }
            if (failure == null && last && !out.done()) {
                failure = new Failure(FailureKind.ENGINE_FAILURE, "the last writer did not finish cleanly (exit "
                        + outcome.exit() + ")" + stderrTail(outcome));
            }
            if (failure != null) {
                saveLedgers(dir, cycle, previousLedger, outcome.stdout());
                break;
            }
            model.cycleWrote(firstSeq, out);
            if (!last) tally.acknowledged += out.acknowledged();
            previousLedger = outcome.stdout();
            if (!last && (cycle % 10 == 0 || cycle == settings.cycles())) {
                progress.accept(String.format("%s: %d/%d cycles, %d operations acknowledged", engine.id(), cycle,
                        settings.cycles(), tally.acknowledged));
            }
        }
        if (failure == null) return tally.result(tally.endJudgement(model.promises()), null);
        return tally.result(Verdicts.of(engine.id(), fault, model.promises(), failure, examples), dir.toString());
    }

    private record Cycle(String stdout, String stderr, long exit) {
    }

    private Cycle runWriter(Path dir, int cycle, long firstSeq, long operations, long killAfterMillis) throws InterruptedException {
        String name = "kvbench-crash-" + engine.id() + "-" + cycle + "-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> args = List.of(engine.id(), dir.toString(), String.valueOf(settings.seed()), String.valueOf(firstSeq),
                String.valueOf(operations));
        try (WriterProcess writer = launcher.start(name, args, dir)) {
            boolean ready = writer.awaitReady(OPEN_TIMEOUT);
            if (ready && killAfterMillis >= 0) Thread.sleep(killAfterMillis);
            if (!ready || killAfterMillis >= 0) writer.kill();
            Optional<Long> exit = writer.awaitExit(killAfterMillis >= 0 || !ready ? EXIT_TIMEOUT : OPEN_TIMEOUT);
            if (exit.isEmpty()) writer.kill();
            return new Cycle(writer.stdout(), writer.stderr(), exit.orElse(-1L));
        }
    }

    private static String describe(CrashModel.Check check, boolean prefixPromised) {
        List<String> parts = new ArrayList<>();
        CrashModel.Harm harm = check.harm();
        if (harm.lost() > 0) parts.add(harm.lost() + " keys lost acknowledged writes");
        if (harm.lostInFlight() > 0) {
            parts.add(harm.lostInFlight() + " keys whose update was in flight at the kill lost their acknowledged value too");
        }
        if (harm.resurrected() > 0) parts.add(harm.resurrected() + " deleted keys came back");
        if (harm.corrupt() > 0) parts.add(harm.corrupt() + " keys hold values never written to them");
        if (harm.foreign() > 0) parts.add(harm.foreign() + " keys that were never written appeared");
        if (harm.prefixBroken() && prefixPromised) parts.add("the state is no prefix of the history");
        return String.join(", ", parts);
    }

    private static String stderrTail(Cycle cycle) {
        String err = cycle.stderr().strip();
        if (err.isEmpty()) return "";
        String[] lines = err.split("\n");
        return " (writer stderr: " + String.join(" | ", List.of(lines).subList(Math.max(0, lines.length - 3), lines.length)) + ")";
    }

    /** The two ledgers that explain a failure: the killed writer's and the one that found the damage. */
    private static void saveLedgers(Path dir, int cycle, String killed, String found) {
        try {
            Path ledgers = Files.createDirectories(dir.resolve(LEDGERS_DIR));
            if (cycle > 1) Files.writeString(ledgers.resolve("cycle-" + (cycle - 1) + "-killed.log"), killed);
            Files.writeString(ledgers.resolve("cycle-" + cycle + "-recovered.log"), found);
        } catch (IOException e) {
            // the verdict stands without them
        }
    }
}
