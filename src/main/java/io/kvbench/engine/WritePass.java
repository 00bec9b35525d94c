package io.kvbench.engine;

/**
 * A pass of writes committed as one transaction, opened by {@link KvStore#openWritePass()}: what a benchmark uses when
 * the comparison it reproduces wrote a whole pass inside one write transaction (the Xodus "Tokyo Cabinet" benchmarks
 * do, for every transactional engine). Engines with such a concept implement it; the others get {@link KvStore}'s
 * per-operation puts, each committed as it is made. Used by one thread; nothing else may write to the store while it is
 * open.
 *
 * <p>{@link #commit()} makes every put of the pass visible and, as far as the engine's per-write durability goes,
 * acknowledged; {@link #close()} without a commit abandons the puts where the engine has a transaction (a failed pass
 * leaves the store as it was) and keeps them where it has not.
 */
public abstract class WritePass implements AutoCloseable {

    private final KvStore store;
    private boolean finished;

    protected WritePass(KvStore store) {
        this.store = store;
    }

    /** As {@link KvStore#put(byte[], byte[])}, inside the pass's transaction. */
    public final void put(byte[] key, byte[] value) {
        store.checkKey(key);
        store.checkValue(value);
        checkOpen();
        try {
            doPut(key, value);
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw store.failure("put in a write pass failed", e);
        }
    }

    /** Commits the pass's puts as one transaction and ends the pass. */
    public final void commit() {
        checkOpen();
        finished = true;
        try {
            doCommit();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw store.failure("committing a write pass failed", e);
        }
    }

    /** Ends the pass; abandons its puts if it was not committed and the engine has a transaction. Idempotent. */
    @Override
    public final void close() {
        if (finished) return;
        finished = true;
        try {
            doAbort();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw store.failure("abandoning a write pass failed", e);
        }
    }

    protected abstract void doPut(byte[] key, byte[] value) throws Exception;

    protected abstract void doCommit() throws Exception;

    protected abstract void doAbort() throws Exception;

    private void checkOpen() {
        if (finished) throw new KvException(store.engineId(),
                "write pass is finished: no write is allowed after commit() or close()");
    }

    /** The default: every put is the store's own, committed on its own; commit and abort have nothing left to do. */
    static final class PerOperation extends WritePass {
        private final KvStore store;

        PerOperation(KvStore store) {
            super(store);
            this.store = store;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            store.put(key, value);
        }

        @Override
        protected void doCommit() {
        }

        @Override
        protected void doAbort() {
        }
    }
}
