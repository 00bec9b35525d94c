package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Durability.Guarantee;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The check of recovered states, on constructed ledgers: what is allowed, and each kind of damage. */
class CrashModelTest {

    private static final int KEYS = 50;
    private static final long FIRST = CrashLoop.STRIDE;
    private final CrashOps ops = new CrashOps(3, KEYS, 64, 20);

    @Test
    void everyAcknowledgedWriteKeptPasses() {
        CrashModel model = started(Guarantee.EVERY_WRITE, true);
        model.cycleWrote(FIRST, killedAfter(FIRST + 199, -1));
        CrashModel.Check check = model.verify(recovered(stateAfter(FIRST + 199)));
        assertThat(check.violated(true)).as(check.examples().toString()).isFalse();
        assertThat(check.promisedOps()).isEqualTo(200);
    }

    @Test
    void theOperationInFlightMayOrMayNotHaveHappened() {
        CrashModel model = started(Guarantee.EVERY_WRITE, true);
        model.cycleWrote(FIRST, killedAfter(FIRST + 199, -1));
        CrashModel.Check check = model.verify(recovered(stateAfter(FIRST + 200)));
        assertThat(check.violated(true)).isFalse();
        assertThat(check.pendingOps()).isEqualTo(1);
    }

    @Test
    void aLostAcknowledgedPutIsLost() {
        CrashModel model = started(Guarantee.EVERY_WRITE, true);
        model.cycleWrote(FIRST, killedAfter(FIRST + 199, -1));
        long lastPut = lastPutAtOrBefore(FIRST + 199);
        CrashModel.Check check = model.verify(recovered(stateAfter(lastPut - 1)));
        assertThat(check.harm().lost() + check.harm().resurrected()).isGreaterThan(0);
        assertThat(check.violated(true)).isTrue();
    }

    @Test
    void losingTheOldValueWhileAnUpdateWasInFlightIsCountedApart() {
        CrashModel model = started(Guarantee.EVERY_WRITE, false);
        long inFlight = lastPutAtOrBefore(FIRST + 400);
        int key = ops.op(inFlight).keyIndex();
        Map<Integer, Long> acknowledged = stateAfter(inFlight - 1);
        assertThat(acknowledged).as("the seeded history updates a written key at that point").containsKey(key);
        model.cycleWrote(FIRST, killedAfter(inFlight - 1, -1));
        acknowledged.remove(key); // neither the old nor the new value survived
        CrashModel.Check check = model.verify(recovered(acknowledged));
        assertThat(check.harm().lostInFlight()).isEqualTo(1);
        assertThat(check.harm().lost()).isZero();
        assertThat(check.violated(false)).isTrue();
        assertThat(check.examples()).singleElement().asString().contains("in flight at the kill");
    }

    @Test
    void anUndoneAcknowledgedDeleteIsAResurrection() {
        CrashModel model = started(Guarantee.EVERY_WRITE, false);
        long delete = firstDeleteOfAKeyWrittenBefore(FIRST + 1000);
        model.cycleWrote(FIRST, killedAfter(delete, -1));
        Map<Integer, Long> state = stateAfter(delete);
        state.put(ops.op(delete).keyIndex(), valueBefore(ops.op(delete).keyIndex(), delete));
        CrashModel.Check check = model.verify(recovered(state));
        assertThat(check.harm().resurrected()).isEqualTo(1);
        assertThat(check.examples()).anyMatch(e -> e.contains("deleted by an acknowledged operation"));
    }

    @Test
    void aValueOfAnOperationNeverIssuedIsCorrupt() {
        CrashModel model = started(Guarantee.EVERY_WRITE, true);
        model.cycleWrote(FIRST, killedAfter(FIRST + 99, -1));
        Map<Integer, Long> state = stateAfter(FIRST + 99);
        long future = lastPutAtOrBefore(FIRST + 5000);
        state.put(ops.op(future).keyIndex(), future);
        assertThat(model.verify(recovered(state)).harm().corrupt()).isEqualTo(1);
    }

    @Test
    void aCorruptValueAndAForeignKeyAreViolations() {
        CrashModel model = started(Guarantee.EVERY_WRITE, true);
        model.cycleWrote(FIRST, killedAfter(FIRST + 99, -1));
        StringBuilder out = ledger(stateAfter(FIRST + 99));
        int absentKey = absentKey(stateAfter(FIRST + 99));
        out.append(WriterProtocol.line(WriterProtocol.CORRUPT, absentKey, 17)).append('\n');
        out.append(WriterProtocol.line(WriterProtocol.FOREIGN, "6b6579")).append('\n');
        CrashModel.Check check =
                model.verify(parse(out.append(WriterProtocol.line(WriterProtocol.VERIFIED, 0)).append('\n')));
        assertThat(check.harm().corrupt()).isEqualTo(1);
        assertThat(check.harm().foreign()).isEqualTo(1);
    }

    @Test
    void afterFlushEnginesMayLoseWhatCameAfterTheLastFlushButNothingBefore() {
        CrashModel model = started(Guarantee.AFTER_FLUSH, true);
        long flushed = FIRST + 120;
        model.cycleWrote(FIRST, killedAfter(FIRST + 199, flushed));
        assertThat(model.verify(recovered(stateAfter(flushed))).violated(true)).isFalse();

        CrashModel again = started(Guarantee.AFTER_FLUSH, true);
        again.cycleWrote(FIRST, killedAfter(FIRST + 199, flushed));
        CrashModel.Check check = again.verify(recovered(stateAfter(lastPutAtOrBefore(flushed) - 1)));
        assertThat(check.violated(true)).isTrue();
    }

    @Test
    void keepingALaterPendingWriteWhileDroppingAnEarlierOneIsNoPrefix() {
        CrashModel model = started(Guarantee.AFTER_FLUSH, true);
        long flushed = FIRST + 100;
        model.cycleWrote(FIRST, killedAfter(FIRST + 300, flushed));
        // Two pending puts to different keys: keep the later one, drop the earlier one.
        long earlier = nextPutOfFreshKey(flushed + 1, FIRST + 300, -1);
        long later = nextPutOfFreshKey(earlier + 1, FIRST + 300, ops.op(earlier).keyIndex());
        Map<Integer, Long> state = stateAfter(flushed);
        state.put(ops.op(later).keyIndex(), later);
        CrashModel.Check check = model.verify(recovered(state));
        assertThat(check.harm().lost() + check.harm().resurrected() + check.harm().corrupt()).isZero();
        assertThat(check.harm().prefixBroken()).isTrue();
        assertThat(check.violated(true)).isTrue();
        assertThat(check.violated(false)).as("an engine that does not promise a prefix may do this").isFalse();
    }

    @Test
    void theObservedStateBecomesTheKnownStateForTheNextCycle() {
        CrashModel model = started(Guarantee.AFTER_FLUSH, true);
        model.cycleWrote(FIRST, killedAfter(FIRST + 199, FIRST + 50));
        Map<Integer, Long> kept = stateAfter(FIRST + 150); // pending writes up to 150 kept
        assertThat(model.verify(recovered(kept)).violated(true)).isFalse();
        long second = 2 * FIRST;
        model.cycleWrote(second, output(-1, -1, 0));
        CrashModel.Check check = model.verify(recovered(kept)); // killed before its first operation completed
        assertThat(check.violated(true)).as(check.examples().toString()).isFalse();
    }

    @Test
    void enginesThatPromiseNothingAreCheckedForInformationOnly() {
        CrashModel model = new CrashModel(ops, Guarantee.NONE, false);
        assertThat(model.promises()).isFalse();
    }

    // --- constructed histories ---

    private CrashModel started(Guarantee guarantee, boolean prefix) {
        CrashModel model = new CrashModel(ops, guarantee, prefix);
        assertThat(model.verify(recovered(new HashMap<>())).violated(true)).isFalse(); // the new, empty store
        return model;
    }

    private WriterOutput killedAfter(long lastWritten, long lastFlushed) {
        return output(lastWritten, lastFlushed, lastWritten - FIRST + 1);
    }

    /** A writer that recovered an empty store and was killed after these writes. */
    private static WriterOutput output(long lastWritten, long lastFlushed, long acknowledged) {
        return new WriterOutput(new WriterOutput.Recovered(1, true, new long[KEYS], List.of()),
                new WriterOutput.Writes(true, lastWritten, lastFlushed, acknowledged, false), null);
    }

    /** Key index -> seq of the history FIRST..last applied to an empty store. */
    private Map<Integer, Long> stateAfter(long last) {
        Map<Integer, Long> state = new HashMap<>();
        for (long seq = FIRST; seq <= last; seq++) {
            CrashOps.Op op = ops.op(seq);
            if (op.delete()) state.remove(op.keyIndex());
            else state.put(op.keyIndex(), seq);
        }
        return state;
    }

    private WriterOutput recovered(Map<Integer, Long> state) {
        return parse(ledger(state).append(WriterProtocol.line(WriterProtocol.VERIFIED, state.size())).append('\n'));
    }

    private StringBuilder ledger(Map<Integer, Long> state) {
        StringBuilder out = new StringBuilder(WriterProtocol.line(WriterProtocol.OPENED, 1000)).append('\n');
        out.append("engine chatter without the prefix is ignored\n");
        state.forEach((k, seq) -> out.append(WriterProtocol.line(WriterProtocol.KEY, k, seq)).append('\n'));
        return out;
    }

    private WriterOutput parse(CharSequence text) {
        return WriterOutput.parse(text.toString(), KEYS);
    }

    private long lastPutAtOrBefore(long seq) {
        while (ops.op(seq).delete()) seq--;
        return seq;
    }

    private long firstDeleteOfAKeyWrittenBefore(long limit) {
        List<Integer> written = new ArrayList<>();
        for (long seq = FIRST; seq < limit; seq++) {
            CrashOps.Op op = ops.op(seq);
            if (op.delete() && stateAfter(seq - 1).containsKey(op.keyIndex())) return seq;
            written.add(op.keyIndex());
        }
        throw new AssertionError("no delete of a written key before " + limit);
    }

    private long valueBefore(int key, long seq) {
        return stateAfter(seq - 1).get(key);
    }

    private int absentKey(Map<Integer, Long> state) {
        for (int k = 0; k < KEYS; k++) if (!state.containsKey(k)) return k;
        throw new AssertionError("every key present");
    }

    /** The next put at or after {@code from} to a key not written in (FIRST+100, from) and not {@code other}. */
    private long nextPutOfFreshKey(long from, long limit, int other) {
        for (long seq = from; seq <= limit; seq++) {
            CrashOps.Op op = ops.op(seq);
            if (op.delete() || op.keyIndex() == other) continue;
            boolean touchedSinceFlush = false;
            for (long s = FIRST + 101; s < seq; s++) {
                if (ops.op(s).keyIndex() == op.keyIndex()) touchedSinceFlush = true;
            }
            boolean touchedLater = false;
            for (long s = seq + 1; s <= limit; s++) if (ops.op(s).keyIndex() == op.keyIndex()) touchedLater = true;
            if (!touchedSinceFlush && !touchedLater) return seq;
        }
        throw new AssertionError("no suitable put in " + from + ".." + limit);
    }
}
