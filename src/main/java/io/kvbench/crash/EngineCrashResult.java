package io.kvbench.crash;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.input.BadInputException;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.util.List;
import java.util.Objects;

/**
 * The crash test of one engine under one fault: what the adapter promised, what the cycles counted, how fast the store
 * reopened, the verdict, and how to replay it. Built by name from small records; in crash-results.json their fields
 * sit flat beside {@code engine} and {@code version} ({@link JsonUnwrapped}), as in files written before the records
 * existed, which read the same.
 *
 * @param engine   engine id
 * @param version  engine version
 * @param declared what the adapter promises for this fault
 * @param counts   what the cycles wrote, kept and lost
 * @param recovery how long reopening took
 * @param judgement the verdict, the failure's kind and the reason
 * @param replay   where it ran and how to run it again
 */
public record EngineCrashResult(String engine, String version, @JsonUnwrapped Promise declared,
                                @JsonUnwrapped Counts counts, @JsonUnwrapped Recovery recovery,
                                @JsonUnwrapped Judgement judgement, @JsonUnwrapped Replay replay) {

    public EngineCrashResult {
        declared = Objects.requireNonNullElse(declared, new Promise(null, null, false, null, null));
        counts = Objects.requireNonNullElse(counts, Counts.none());
        recovery = Objects.requireNonNullElse(recovery, new Recovery(Double.NaN, Double.NaN));
        judgement = Objects.requireNonNullElse(judgement, new Judgement(null, null, null, null, null));
        replay = Objects.requireNonNullElse(replay, new Replay(null, 0, null, null, 0));
    }

    /**
     * What the adapter declares for the fault under test.
     *
     * @param fault          {@link Fault#id()}; absent in results written before power cuts existed (process kills)
     * @param guarantee      the declared {@code Durability.Guarantee} for this fault (EVERY_WRITE, AFTER_FLUSH, ...)
     * @param prefixPromised the adapter declares the recovered state a prefix of the history
     * @param setting        the durability setting in use
     * @param checksums      what the adapter declares its checksums cover ({@code Durability.Checksums}); absent in
     *                       results written before it was declared
     */
    public record Promise(String fault, @JsonProperty("promise") String guarantee, boolean prefixPromised,
                          String setting,
                          String checksums) {
        public Promise {
            fault = Fault.of(fault).id();
        }
    }

    /**
     * What the cycles wrote and what came back.
     *
     * @param cycles       faults whose recovery was checked
     * @param acknowledged operations acknowledged by the writers
     * @param promised     operations the engine had to keep (acknowledged and within its promise)
     * @param pendingKept  keys whose recovered value came from an operation beyond the promise (allowed either way)
     * @param damage       what was lost, brought back, corrupted or unopenable
     * @param effects      what the injected fault did and how the engine took it; absent before faults were counted
     */
    public record Counts(int cycles, long acknowledged, long promised, long pendingKept, @JsonUnwrapped Damage damage,
                         FaultEffects effects) {
        public Counts {
            damage = Objects.requireNonNullElse(damage, new Damage(0, 0, 0, 0, 0));
            effects = Objects.requireNonNullElse(effects, FaultEffects.NONE);
        }

        static Counts none() {
            return new Counts(0, 0, 0, 0, null, null);
        }
    }

    /**
     * Damage found by the checks, in keys (lost, resurrected, corrupt) or checks and reopen attempts.
     *
     * @param lost         keys that lost an acknowledged, promised write
     * @param resurrected  keys where an acknowledged, promised delete was undone
     * @param corrupt      keys holding a value never written to them, plus keys never written at all
     * @param prefixBreaks checks whose recovered state was no prefix of the history
     * @param unopenable   reopen attempts that failed
     */
    public record Damage(long lost, long resurrected, long corrupt, long prefixBreaks, long unopenable) {
    }

    /**
     * What the injected fault did, per cycle (all zero for process kills and power cuts, which always happen).
     *
     * @param injected  cycles in which the fault happened (an fsync failed, the disk was full, a bit was flipped, a
     *                  sector failed a read, the reordering cut kept writes out of order, a kill landed in recovery)
     * @param reported  cycles in which the engine reported it: a write, flush, open or read failed with an error
     * @param wrongData cycles in which corrupted data came back as data, without an error
     * @param crashed   cycles in which the writer process died on its own (a JVM crash, SIGBUS) or hung
     */
    public record FaultEffects(int injected, int reported, int wrongData, int crashed) {
        public static final FaultEffects NONE = new FaultEffects(0, 0, 0, 0);
    }

    /**
     * Time to open the store after a fault, recovery included.
     *
     * @param medianMillis median over the checked cycles (NaN: none)
     * @param maxMillis    the longest
     */
    public record Recovery(@JsonProperty("recoveryMillisMedian") double medianMillis,
                           @JsonProperty("recoveryMillisMax") double maxMillis) {
    }

    /**
     * The verdict and why.
     *
     * @param verdict   the outcome
     * @param kind      what failed, decided where it failed; null when nothing did (a pass, or information on a
     *                  fault the engine promises nothing for that broke nothing)
     * @param reason    why, for anything but PASS, for people
     * @param reference the upstream reference of a known engine issue, else null
     * @param examples  first damaged keys, for people
     */
    public record Judgement(Verdict verdict, FailureKind kind, String reason, String reference,
                            List<String> examples) {
        public Judgement {
            if (verdict != null && !Verdict.OF_CRASH_TESTS.contains(verdict)) {
                throw new BadInputException(verdict + " is not a crash test's verdict");
            }
            examples = examples == null ? List.of() : List.copyOf(examples);
            boolean failed = verdict == Verdict.BROKEN_PROMISE || verdict == Verdict.KNOWN_ISSUE
                    || verdict == Verdict.ERROR;
            if (kind == null && failed) kind = FailureKind.UNRECORDED; // a file written before kinds
        }
    }

    /**
     * Where it ran and how to run it again.
     *
     * @param runner        container or local
     * @param seed          seed of the operations, kill delays and fault draws
     * @param reproduce     the command that replays this engine's cycles from the seed
     * @param keptDirectory the damaged crash directory kept for a look, else null
     * @param seconds       wall time of the engine's crash test
     */
    public record Replay(String runner, long seed, String reproduce, String keptDirectory, double seconds) {

        /**
         * The {@code kvbench crash} command that replays one engine's cycles under one fault: the seed and every
         * setting the cycles draw from it (count, kill delays, fault) on the same runner. It parses with the real
         * command line (SuggestedCommandsTest).
         */
        public static String command(String engine, long seed, int cycles, long maxKillDelayMillis, String runner,
                                     Fault fault) {
            return "java -jar target/kvbench.jar crash --engines " + engine + " --seed " + seed + " --cycles " + cycles
                    + " --max-kill-delay " + maxKillDelayMillis + " --runner " + runner
                    + (fault == Fault.PROCESS_KILL ? "" : " --fault " + fault.id());
        }
    }

    public Verdict verdict() {
        return judgement.verdict();
    }

    public FailureKind kind() {
        return judgement.kind();
    }

    public String reason() {
        return judgement.reason();
    }

    public Fault fault() {
        return Fault.of(declared.fault());
    }

    /** True when this result fails a gate. */
    public boolean failed() {
        return verdict().fails() || verdict().isError();
    }
}
