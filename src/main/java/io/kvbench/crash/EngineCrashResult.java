package io.kvbench.crash;

import java.util.List;

/**
 * The crash test of one engine: cycles of write, SIGKILL, reopen and check.
 *
 * @param engine            engine id
 * @param version           engine version
 * @param promise           what the adapter declares survives a process kill (EVERY_WRITE, AFTER_FLUSH, ...)
 * @param prefixPromised    the adapter declares the recovered state a prefix of the history
 * @param setting           the durability setting in use
 * @param runner            container or local
 * @param seed              seed of the operations and kill delays (rerun with it to replay them)
 * @param cycles            kills whose recovery was checked
 * @param acknowledged      operations acknowledged by the killed writers
 * @param promised          operations the engine had to keep (acknowledged and within its promise)
 * @param pendingKept       keys whose recovered value came from an operation beyond the promise (allowed either way)
 * @param lost              keys that lost an acknowledged, promised write
 * @param resurrected       keys where an acknowledged, promised delete was undone
 * @param corrupt           keys holding a value never written to them, plus keys never written at all
 * @param prefixBreaks      checks whose recovered state was no prefix of the history
 * @param unopenable        reopen attempts that failed
 * @param recoveryMillisMedian median time to open the store after a kill
 * @param recoveryMillisMax longest time to open it
 * @param verdict           the outcome
 * @param reason            why, for anything but PASS
 * @param examples          first damaged keys, for people
 * @param reference         the upstream reference of a known engine issue, else null
 * @param keptDirectory     the damaged crash directory kept for a look, else null
 * @param reproduce         the command that replays this engine's cycles from the seed
 * @param seconds           wall time of the engine's crash test
 * @param fault             {@link Fault#id()}: process-kill, or power-cut (then promise is the declared power-loss promise);
 *                          absent in results written before power cuts existed (process kills)
 */
public record EngineCrashResult(String engine, String version, String promise, boolean prefixPromised, String setting,
                                String runner, long seed, int cycles, long acknowledged, long promised, long pendingKept,
                                long lost, long resurrected, long corrupt, long prefixBreaks, long unopenable,
                                double recoveryMillisMedian, double recoveryMillisMax, Verdict verdict, String reason,
                                List<String> examples, String reference, String keptDirectory, String reproduce,
                                double seconds, String fault) {

    /** A process-kill result (the fault before power cuts existed). */
    public EngineCrashResult(String engine, String version, String promise, boolean prefixPromised, String setting,
                             String runner, long seed, int cycles, long acknowledged, long promised, long pendingKept,
                             long lost, long resurrected, long corrupt, long prefixBreaks, long unopenable,
                             double recoveryMillisMedian, double recoveryMillisMax, Verdict verdict, String reason,
                             List<String> examples, String reference, String keptDirectory, String reproduce,
                             double seconds) {
        this(engine, version, promise, prefixPromised, setting, runner, seed, cycles, acknowledged, promised, pendingKept, lost,
                resurrected, corrupt, prefixBreaks, unopenable, recoveryMillisMedian, recoveryMillisMax, verdict, reason,
                examples, reference, keptDirectory, reproduce, seconds, Fault.PROCESS_KILL.id());
    }

    public enum Verdict {
        /** Every check kept the engine's declared promise. */
        PASS,
        /** The engine lost, resurrected or corrupted data it promised to keep, or could not be reopened. */
        BROKEN_PROMISE,
        /** It broke its promise in a way recorded as a known engine issue with an upstream reference. */
        KNOWN_ISSUE,
        /** The engine promises nothing after a kill: what happened is reported, nothing fails. */
        INFORMATION,
        /** The test could not run (no container, writer failed outside durability): never a pass. */
        ERROR
    }

    public EngineCrashResult {
        examples = examples == null ? List.of() : List.copyOf(examples);
        fault = Fault.of(fault).id();
    }

    /** True when this result fails a gate. */
    public boolean failed() {
        return verdict == Verdict.BROKEN_PROMISE || verdict == Verdict.ERROR;
    }
}
