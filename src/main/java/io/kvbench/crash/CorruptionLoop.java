package io.kvbench.crash;

import io.kvbench.crash.fuse.Corruption;
import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.Durability.Guarantee;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import io.kvbench.infra.Directories;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The corruption faults of one engine: {@code cycles} times, a writer reopens the store (its state checked against the
 * history), writes a seeded number of operations and closes it cleanly; the store is copied, one bit of a fully synced
 * file is flipped or one of its sectors made to fail reads ({@link Corruption}), and a reader reopens it and reads
 * every key. The reader's outcome is counted: the engine reported the damage (the open or a read failed), returned
 * wrong data without an error, crashed (the process died or hung), or read everything right (the damage hit bytes it
 * does not read). Then the copy is put back, so that each cycle damages a store that is otherwise whole. Wrong data
 * breaks the promise of an engine that declares checksums on every read; for the others it is information.
 */
final class CorruptionLoop {

    /** Each cycle's writer writes a random 1..this many operations before it closes the store. */
    static final int MAX_OPERATIONS = 1000;
    /** The directory of the store below the writer root: only its files are damaged. */
    private static final String STORE = CrashWriter.STORE_DIR;

    private final KvEngine engine;
    private final Writers writers;
    private final CrashLoop.Settings settings;
    private final Consumer<String> progress;

    CorruptionLoop(KvEngine engine, Writers writers, CrashLoop.Settings settings, Consumer<String> progress) {
        this.engine = engine;
        this.writers = writers;
        this.settings = settings;
        this.progress = progress;
    }

    EngineCrashResult run(CrashStorage storage, CrashTally tally, Path dir) throws InterruptedException {
        CrashOps ops = CrashOps.forEngine(settings.seed(), engine.capabilities());
        CrashModel model = new CrashModel(ops, Guarantee.EVERY_WRITE, false);
        SplittableRandom draws = new SplittableRandom(settings.seed() ^ 0x636F7272L);
        boolean readError = settings.fault() == Fault.READ_ERROR;
        Path pristine = dir.resolve("pristine");
        PowerCutFs fs = storage.fs();
        for (int cycle = 1; cycle <= settings.cycles(); cycle++) {
            long firstSeq = cycle * CrashLoop.STRIDE;
            if (engine.capabilities().writeOnce() && cycle > 1) {
                // sealed by the last writer's close: a write-once store takes no more writes, so each cycle a new one
                model = new CrashModel(ops, Guarantee.EVERY_WRITE, false);
                try {
                    Directories.deleteRecursively(fs.mountPoint().resolve(STORE));
                } catch (IOException e) {
                    return error(tally, Failure.infrastructure(
                            "cannot start cycle " + cycle + " on a new store: " + e));
                }
            }
            Writers.Run write;
            try {
                write = writers.run(fs.mountPoint(), Writers.Job.write(cycle, firstSeq,
                        1 + draws.nextInt(MAX_OPERATIONS), -1), () -> { });
            } catch (InfrastructureException e) {
                return error(tally, e.failure());
            }
            WriterOutput out = WriterOutput.parse(write.stdout(), ops.keySpace());
            Optional<Failure> failed = writerFailed(out, write, cycle);
            if (failed.isPresent()) return fail(tally, failed.get(), dir, write);
            CrashModel.Check check = model.verify(out);
            if (check.violated(false)) {
                return fail(tally, new Failure(FailureKind.DATA_LOSS, "the store put back after cycle " + (cycle - 1)
                        + " did not read as it was closed: " + check.examples()), dir, write);
            }
            model.cycleWrote(firstSeq, out);
            tally.acknowledged += out.acknowledged();
            try {
                Directories.deleteRecursively(pristine);
                fs.snapshot(pristine);
                Optional<Corruption> damage = fs.corrupt(STORE, readError, draws.nextLong());
                if (damage.isPresent()) {
                    tally.injected++;
                    read(model, tally, new Damaged(cycle, damage.get(), fs.mountPoint()), ops.keySpace());
                }
                fs.restore(pristine);
            } catch (IOException e) {
                return error(tally, Failure.infrastructure(
                        "the " + settings.fault().noun() + " of cycle " + cycle + " failed: " + e));
            } catch (InfrastructureException e) {
                return error(tally, e.failure());
            }
            tally.cycles++;
            if (cycle % 10 == 0 || cycle == settings.cycles()) {
                progress.accept(String.format("%s: %d/%d %s, %d detected, %d wrong data, %d crashed", engine.id(),
                        cycle, settings.cycles(), settings.fault().nouns(), tally.reported, tally.wrongData,
                        tally.crashed));
            }
        }
        return tally.result(judgement(tally), null);
    }

    /** A damaged store: the cycle, the damage, the writer root. */
    private record Damaged(int cycle, Corruption damage, Path root) {
    }

    /** Reads the damaged store and counts what the engine made of it. */
    private void read(CrashModel model, CrashTally tally, Damaged damaged, int keySpace) throws InterruptedException {
        int cycle = damaged.cycle();
        Corruption damage = damaged.damage();
        Writers.Run read = writers.run(damaged.root(), Writers.Job.write(cycle, 0, 0, -1), () -> { });
        WriterOutput out = WriterOutput.parse(read.stdout(), keySpace);
        tally.recovered(out.openNanos());
        if (out.openFailed() || out.failedAt(WriterOutput.Stage.READ)) {
            tally.reported++;
        } else if (read.crashed() || (read.killed() && !out.verified())) {
            tally.crashed++;
            if (tally.firstCrash == null) tally.firstCrash = "cycle " + cycle + ", " + damage + ": exit " + read.exit()
                    + read.stderrTail();
        } else if (out.verified()) {
            CrashModel.Check check = model.check(out);
            if (check.violated(false)) {
                tally.wrongData++;
                tally.addDamage(check);
                if (tally.firstWrongData == null) {
                    tally.firstWrongData = "cycle " + cycle + ", " + damage + ": "
                            + String.join("; ", check.examples());
                }
            }
        }
    }

    /** An engine that declares checksums on every read and returned wrong data broke that promise. */
    private EngineCrashResult.Judgement judgement(CrashTally tally) {
        Durability.Coverage coverage = engine.capabilities().durability().checksums().coverage();
        String counts = tally.injected + " " + settings.fault().nouns() + ": " + tally.reported + " detected, "
                + tally.wrongData + " wrong data, " + tally.crashed + " crashed"
                + (tally.firstWrongData == null ? "" : "; first wrong data: " + tally.firstWrongData)
                + (tally.firstCrash == null ? "" : "; first crash: " + tally.firstCrash);
        if (coverage != Durability.Coverage.EVERY_READ) {
            return Verdicts.information(tally.wrongData > 0 ? FailureKind.WRONG_DATA : null,
                    "checksums " + coverage + " (declared): " + counts);
        }
        if (tally.wrongData == 0) return Verdicts.pass();
        return Verdicts.of(engine.id(), settings.fault(), true, new Failure(FailureKind.WRONG_DATA,
                "wrong data without an error although every read is checksummed: " + counts), List.of());
    }

    private static Optional<Failure> writerFailed(WriterOutput out, Writers.Run run, int cycle) {
        String checked = cycle == 1 ? "the new store" : "the store put back after cycle " + (cycle - 1);
        if (out.openFailed() || !out.verified()) {
            return Optional.of(new Failure(FailureKind.UNOPENABLE, "cannot reopen " + checked + ": " + out.failedStep()
                    + run.stderrTail()));
        }
        if (!out.done()) {
            return Optional.of(new Failure(FailureKind.ENGINE_FAILURE, "the writer of cycle " + cycle
                    + " did not finish cleanly (exit " + run.exit() + "): " + out.failedStep() + run.stderrTail()));
        }
        return Optional.empty();
    }

    private EngineCrashResult error(CrashTally tally, Failure failure) {
        return tally.result(Verdicts.of(engine.id(), settings.fault(), false, failure, List.of()), null);
    }

    private EngineCrashResult fail(CrashTally tally, Failure failure, Path dir, Writers.Run run) {
        CrashLoop.saveLedgers(dir, 1, "", run.stdout());
        return tally.result(Verdicts.of(engine.id(), settings.fault(), true, failure, List.of()), dir.toString());
    }
}
