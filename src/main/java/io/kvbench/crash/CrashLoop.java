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
import org.apache.commons.math3.stat.descriptive.rank.Median;

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
    private static final String WRITE_FAILURE = "the engine failed while writing in cycle ";

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

        Settings(int cycles, long seed, Duration maxKillDelay, Path workDir) {
            this(cycles, seed, maxKillDelay, workDir, Fault.PROCESS_KILL);
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
        long started = System.nanoTime();
        Durability durability = engine.capabilities().durability();
        CrashOps ops = CrashOps.forEngine(settings.seed(), engine.capabilities());
        Fault fault = settings.fault();
        CrashModel model = new CrashModel(ops, fault.promise(durability), durability.prefixConsistent());
        Tally tally = new Tally();
        Path dir = settings.workDir().resolve(engine.id()).toAbsolutePath();
        CrashStorage storage;
        try {
            io.kvbench.crash.fuse.PowerCutFs.clearStaleMount(dir.resolve("mnt")); // left by a power-cut run that died
            Directories.deleteRecursively(dir);
            Files.createDirectories(dir);
            storage = CrashStorage.of(fault, dir, settings.seed());
        } catch (IOException e) {
            return tally.result(Outcome.error("cannot prepare " + dir + ": " + e.getMessage()), List.of(), null, started);
        } catch (InfrastructureException e) {
            return tally.result(Outcome.error(e.reason()), List.of(), null, started);
        }
        EngineCrashResult result;
        try (storage) {
            result = run(storage, model, ops, tally, dir, started);
        } catch (IOException e) {
            return tally.result(Outcome.error("cannot unmount the power-cut file system: " + e.getMessage()), List.of(),
                    dir.toString(), started);
        }
        if (result.keptDirectory() == null) { // deleted only once unmounted
            try {
                Directories.deleteRecursively(dir);
            } catch (IOException e) {
                // scratch; the verdict stands
            }
        }
        return result;
    }

    private EngineCrashResult run(CrashStorage storage, CrashModel model, CrashOps ops, Tally tally, Path dir, long started)
            throws InterruptedException {
        Durability durability = engine.capabilities().durability();
        Fault fault = settings.fault();
        SplittableRandom delays = new SplittableRandom(settings.seed() ^ 0x6B696C6C);
        String failure = null;
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
                return tally.result(Outcome.error(e.reason()), List.of(), null, started);
            } catch (IOException e) {
                return tally.result(Outcome.error("power cut failed after cycle " + cycle + ": " + e), List.of(), dir.toString(), started);
            }
            WriterOutput out = WriterOutput.parse(outcome.stdout(), ops.keySpace());
            String checked = cycle == 1 ? "the new store" : "the " + fault.noun() + " of cycle " + (cycle - 1);
            if (out.openFailed() || (!out.verified() && out.failure() == null)) {
                tally.unopenable++;
                failure = (out.openFailed() ? "unopenable after " + checked + ": " + out.failure()
                        : "recovery did not finish within " + OPEN_TIMEOUT.toSeconds() + " s after " + checked)
                        + stderrTail(outcome);
            } else if (!out.verified()) {
                failure = "cannot read the store after " + checked + ": " + out.failure() + stderrTail(outcome);
            } else {
                CrashModel.Check check = model.verify(out);
                if (cycle > 1) tally.add(check, out.openNanos());
                if (check.violated(durability.prefixConsistent())) {
                    String what = "after " + checked + ": " + describe(check, durability.prefixConsistent()) + cause;
                    Optional<KnownIssues.KnownIssue> known = KnownIssues.find(engine.id(), what);
                    if (known.isPresent()) {
                        // A recorded engine bug: counted and reported, and the loop goes on (the observed state is the
                        // new known state), so that the report says how often it happens.
                        if (tally.knownIssue == null) {
                            tally.knownIssue = known.get();
                            tally.knownIssueFirst = what;
                            examples = check.examples();
                        }
                        tally.knownIssueHits++;
                    } else {
                        failure = what;
                        examples = check.examples();
                    }
                }
            }
            if (failure == null && out.failure() != null) {
                failure = WRITE_FAILURE + cycle + ": " + out.failure() + stderrTail(outcome);
            }
            if (failure == null && last && !out.done()) {
                failure = "the last writer did not finish cleanly (exit " + outcome.exit() + ")" + stderrTail(outcome);
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
        if (failure == null) {
            if (tally.knownIssue != null) {
                return tally.result(Outcome.known(tally.knownIssueHits + " of " + tally.cycles + " recoveries hit it; first "
                        + tally.knownIssueFirst, tally.knownIssue.reference()), examples, null, started);
            }
            return tally.result(model.promises() ? Outcome.pass() : Outcome.information(fault), examples, null, started);
        }
        // An exception while writing is the engine failing, not forgetting: an error, not a broken promise.
        Outcome verdict = failure.startsWith(WRITE_FAILURE) ? Outcome.error(failure)
                : model.promises() ? Outcome.broken(failure) : Outcome.information(fault, failure);
        Optional<KnownIssues.KnownIssue> known = KnownIssues.find(engine.id(), failure);
        if (known.isPresent()) verdict = Outcome.known(failure, known.get().reference());
        return tally.result(verdict, examples, dir.toString(), started);
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
        if (check.lost() > 0) parts.add(check.lost() + " keys lost acknowledged writes");
        if (check.lostInFlight() > 0) {
            parts.add(check.lostInFlight() + " keys whose update was in flight at the kill lost their acknowledged value too");
        }
        if (check.resurrected() > 0) parts.add(check.resurrected() + " deleted keys came back");
        if (check.corrupt() > 0) parts.add(check.corrupt() + " keys hold values never written to them");
        if (check.foreign() > 0) parts.add(check.foreign() + " keys that were never written appeared");
        if (check.prefixBroken() && prefixPromised) parts.add("the state is no prefix of the history");
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

    /** A verdict with its reason and, for a known engine issue, its reference. */
    private record Outcome(EngineCrashResult.Verdict kind, String reason, String reference) {
        static Outcome pass() {
            return new Outcome(EngineCrashResult.Verdict.PASS, null, null);
        }

        static Outcome information(Fault fault) {
            return new Outcome(EngineCrashResult.Verdict.INFORMATION, "the engine promises nothing after a " + fault.noun(), null);
        }

        static Outcome information(Fault fault, String what) {
            return new Outcome(EngineCrashResult.Verdict.INFORMATION, "promises nothing after a " + fault.noun() + "; " + what, null);
        }

        static Outcome broken(String why) {
            return new Outcome(EngineCrashResult.Verdict.BROKEN_PROMISE, why, null);
        }

        static Outcome known(String why, String reference) {
            return new Outcome(EngineCrashResult.Verdict.KNOWN_ISSUE, why, reference);
        }

        static Outcome error(String why) {
            return new Outcome(EngineCrashResult.Verdict.ERROR, why, null);
        }
    }

    /** Running totals over the checked cycles. */
    private final class Tally {
        int cycles;
        long acknowledged, promised, pendingKept, lost, resurrected, corrupt, prefixBreaks, unopenable;
        KnownIssues.KnownIssue knownIssue;
        String knownIssueFirst;
        int knownIssueHits;
        final List<Double> recoveryMillis = new ArrayList<>();

        void add(CrashModel.Check check, long openNanos) {
            cycles++;
            promised += check.promisedOps();
            pendingKept += check.pendingKept();
            lost += check.lost() + check.lostInFlight();
            resurrected += check.resurrected();
            corrupt += check.corrupt() + check.foreign();
            if (check.prefixBroken()) prefixBreaks++;
            if (openNanos >= 0) recoveryMillis.add(openNanos / 1e6);
        }

        EngineCrashResult result(Outcome verdict, List<String> examples, String keptDir, long startedNanos) {
            double[] times = recoveryMillis.stream().mapToDouble(Double::doubleValue).toArray();
            double median = times.length == 0 ? Double.NaN : new Median().evaluate(times);
            double max = times.length == 0 ? Double.NaN : java.util.Arrays.stream(times).max().orElse(Double.NaN);
            Durability d = engine.capabilities().durability();
            Fault fault = settings.fault();
            String reproduce = "java -jar target/kvbench.jar crash --engines " + engine.id() + " --seed " + settings.seed()
                    + " --cycles " + settings.cycles() + " --runner " + launcher.name()
                    + (fault == Fault.PROCESS_KILL ? "" : " --fault " + fault.id());
            return new EngineCrashResult(engine.id(), engine.version(), fault.promise(d).name(), d.prefixConsistent(), d.setting(),
                    launcher.name(), settings.seed(), cycles, acknowledged, promised, pendingKept, lost, resurrected, corrupt,
                    prefixBreaks, unopenable, median, max, verdict.kind(), verdict.reason(), examples, verdict.reference(),
                    keptDir, reproduce, (System.nanoTime() - startedNanos) / 1e9, fault.id());
        }
    }
}
