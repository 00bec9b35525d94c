package io.kvbench.crash;

import io.kvbench.engine.Durability.Guarantee;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the test knows about the store between kills, and the check of a recovered state against it.
 *
 * <p>At the start of a cycle the store holds a known state (what the previous check observed). The killed writer's
 * ledger says which operations returned (W) and after which a flush() returned (F); the adapter's declared durability
 * turns that into a promise point P: every operation up to P must be reflected. Operations after P, up to the one that
 * may have been in flight at the kill, are pending: either outcome is allowed for each. After a check, the observed
 * state becomes the known state, as it is for a restarted application.
 *
 * <p>Per key, the recovered value must be the value the history gives at P, or the outcome of one pending operation on
 * that key. Otherwise it is lost (an older value, or absent, where an acknowledged put should be; "lost in flight" when
 * an update of that key was in flight at the kill and took the old value with it), resurrected (an older
 * value where an acknowledged delete should have removed it) or corrupt (a value no issued operation wrote to that
 * key). For engines that promise prefix consistency, the whole recovered state must also equal the history cut at one
 * point between P and the last issued operation.
 */
final class CrashModel {

    private final CrashOps ops;
    private final Guarantee promise;
    private final boolean prefixPromised;
    private long[] known;
    /** Issued operation ranges [first, last] of all cycles, for telling a stale value from one never written. */
    private final List<long[]> issued = new ArrayList<>();
    private long cycleFirst = 0;
    private WriterOutput cycleWrites;

    /** Checks against {@code promise} (what the adapter declares survives the fault under test). */
    CrashModel(CrashOps ops, Guarantee promise, boolean prefixPromised) {
        this.ops = ops;
        this.promise = promise;
        this.prefixPromised = prefixPromised;
        this.known = new long[ops.keySpace()];
        Arrays.fill(known, WriterOutput.ABSENT);
    }

    /** The engine promises something after a process kill, so a violation fails the test (else it is information). */
    boolean promises() {
        return promise != Guarantee.NONE;
    }

    /** Records the ledger of the writer that was just killed (or finished): operations from {@code firstSeq}. */
    void cycleWrote(long firstSeq, WriterOutput writes) {
        cycleFirst = firstSeq;
        cycleWrites = writes;
        long last = lastIssued();
        if (last >= firstSeq) issued.add(new long[] {firstSeq, last});
    }

    /**
     * The result of one check. Counts are operations (promised, pending, kept pending) or keys ({@link Harm}).
     *
     * @param promisedOps operations the engine had to keep
     * @param pendingOps  operations beyond the promise, up to the one that may have been in flight
     * @param pendingKept keys whose recovered value came from a pending operation
     * @param harm        what broke the check
     * @param examples    the first damaged keys, for people
     */
    record Check(long promisedOps, long pendingOps, int pendingKept, Harm harm, List<String> examples) {

        boolean violated(boolean prefixPromised) {
            return harm.any(prefixPromised);
        }
    }

    /**
     * Keys a check found damaged. {@code lostInFlight}: keys that lost their acknowledged value while an update of them
     * was in flight at the kill (neither the old nor the new value survived), counted apart from keys lost with nothing
     * in flight.
     *
     * @param foreign      keys a scan found that the stream never wrote
     * @param prefixBroken the recovered state is no cut of the history
     */
    record Harm(int lost, int lostInFlight, int resurrected, int corrupt, int foreign, boolean prefixBroken) {
        boolean any(boolean prefixPromised) {
            return lost > 0 || lostInFlight > 0 || resurrected > 0 || corrupt > 0 || foreign > 0
                    || (prefixPromised && prefixBroken);
        }
    }

    /** Checks a recovered state (the next writer's first lines) and makes it the known state. */
    Check verify(WriterOutput recovered) {
        Check check = check(recovered);
        known = recovered.state().clone();
        for (int k = 0; k < known.length; k++) if (known[k] == WriterOutput.CORRUPT) known[k] = WriterOutput.ABSENT;
        return check;
    }

    /** Checks a recovered state without making it the known state (a read of a store that is then put back). */
    Check check(WriterOutput recovered) {
        long first = cycleFirst;
        long last = lastIssued();
        long promisePoint = promisePoint();
        long[] durable = known.clone();
        Map<Integer, Set<Long>> pending = new HashMap<>();
        for (long seq = first; seq <= last; seq++) {
            CrashOps.Op op = ops.op(seq);
            long outcome = op.delete() ? WriterOutput.ABSENT : seq;
            if (seq <= promisePoint) durable[op.keyIndex()] = outcome;
            else pending.computeIfAbsent(op.keyIndex(), k -> new HashSet<>()).add(outcome);
        }
        long[] observed = recovered.state();
        int lost = 0, lostInFlight = 0, resurrected = 0, corrupt = 0, kept = 0;
        List<String> examples = new ArrayList<>();
        for (int k = 0; k < observed.length; k++) {
            long o = observed[k];
            long d = durable[k];
            if (o == d) continue;
            if (o == WriterOutput.CORRUPT) {
                corrupt++;
                example(examples, "key " + k + ": a value no operation wrote to it");
            } else if (pending.getOrDefault(k, Set.of()).contains(o)) {
                kept++;
            } else if (o >= 0 && !wasIssued(o)) {
                corrupt++;
                example(examples, "key " + k + ": the value of operation " + o + ", which was never issued");
            } else if (o >= 0 && d == WriterOutput.ABSENT) {
                resurrected++;
                example(examples, "key " + k + ": deleted by an acknowledged operation, but holds the older value of "
                        + "operation " + o);
            } else if (pending.containsKey(k)) {
                // Told apart from plain loss: an engine that rewrites an entry in place can lose it while rewriting.
                lostInFlight++;
                example(examples, "key " + k + ": an update of it was in flight at the kill, and it lost its "
                        + "acknowledged value (operation " + d + ") too: holds "
                        + (o == WriterOutput.ABSENT ? "nothing" : "operation " + o + "'s older value"));
            } else {
                lost++;
                example(examples, "key " + k + ": should hold operation " + d + "'s value, holds "
                        + (o == WriterOutput.ABSENT ? "nothing" : "operation " + o + "'s older value"));
            }
        }
        for (String key : recovered.foreignKeys()) example(examples, "key " + key + " (hex) was never written");
        boolean prefixBroken = !isPrefix(observed, first, last, promisePoint);
        if (prefixBroken && prefixPromised) {
            example(examples, "the recovered state is no prefix of the history: no cut between operation "
                    + promisePoint + " and " + last + " gives it");
        }
        Harm harm = new Harm(lost, lostInFlight, resurrected, corrupt, recovered.foreignKeys().size(), prefixBroken);
        return new Check(Math.max(0, promisePoint - first + 1), Math.max(0, last - Math.max(promisePoint, first - 1)),
                kept, harm, List.copyOf(examples));
    }

    /** The last operation that may have started: the one after the last acknowledged, unless the writer finished. */
    private long lastIssued() {
        if (cycleWrites == null || !cycleWrites.ready()) return cycleFirst - 1;
        long lastWritten = Math.max(cycleWrites.lastWritten(), cycleFirst - 1);
        return cycleWrites.done() ? lastWritten : lastWritten + 1;
    }

    /** The last operation whose effect the engine must keep after this kill. */
    private long promisePoint() {
        if (cycleWrites == null) return cycleFirst - 1;
        long none = cycleFirst - 1;
        return switch (promise) {
            // NONE promises nothing; checked as if every acknowledged write were promised, to report what happened.
            case EVERY_WRITE, NONE -> Math.max(cycleWrites.lastWritten(), none);
            case AFTER_FLUSH -> Math.max(cycleWrites.lastFlushed(), none);
            case AFTER_CLOSE -> cycleWrites.done() ? Math.max(cycleWrites.lastWritten(), none) : none;
        };
    }

    private boolean wasIssued(long seq) {
        for (long[] range : issued) if (seq >= range[0] && seq <= range[1]) return true;
        return false;
    }

    /**
     * True when applying operations first..p to the known state gives exactly the observed state, for some p in
     * [P, last].
     */
    private boolean isPrefix(long[] observed, long first, long last, long promisePoint) {
        long[] state = known.clone();
        int mismatches = 0;
        for (int k = 0; k < state.length; k++) if (state[k] != observed[k]) mismatches++;
        if (mismatches == 0 && promisePoint < first) return true;
        for (long seq = first; seq <= last; seq++) {
            CrashOps.Op op = ops.op(seq);
            int k = op.keyIndex();
            long outcome = op.delete() ? WriterOutput.ABSENT : seq;
            if (state[k] != observed[k]) mismatches--;
            state[k] = outcome;
            if (state[k] != observed[k]) mismatches++;
            if (mismatches == 0 && seq >= promisePoint) return true;
        }
        return false;
    }

    private static void example(List<String> examples, String text) {
        if (examples.size() < 5) examples.add(text);
    }
}
