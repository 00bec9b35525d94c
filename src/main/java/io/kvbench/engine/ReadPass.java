package io.kvbench.engine;

/**
 * A read-only view of a store for one pass of point reads, opened by {@link KvStore#openReadPass()}: what a benchmark
 * uses when the comparison it reproduces read a whole pass inside one read transaction with one cursor (the Xodus
 * "Tokyo Cabinet" benchmarks do, for every transactional engine). Engines with such a concept implement it; the others
 * get {@link KvStore}'s per-operation reads. Used by one thread; it sees the store as of its opening where the engine
 * has snapshots. Close it before writing to, or closing, the store.
 */
public abstract class ReadPass implements AutoCloseable {

    private final KvStore store;
    private boolean closed;

    protected ReadPass(KvStore store) {
        this.store = store;
    }

    /** As {@link KvStore#get(byte[], byte[])}: the stored value's full length (copied up to the buffer), or -1. */
    public final int get(byte[] key, byte[] valueOut) {
        store.checkKey(key);
        if (valueOut == null) throw new KvException(store.engineId(), "null value buffer");
        if (closed) throw new KvException(store.engineId(), "read pass is closed: no read is allowed after close()");
        try {
            return doGet(key, valueOut);
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw store.failure("get in a read pass failed", e);
        }
    }

    /** Ends the pass (its transaction, cursor); idempotent. */
    @Override
    public final void close() {
        if (closed) return;
        closed = true;
        try {
            doClose();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw store.failure("closing a read pass failed", e);
        }
    }

    protected abstract int doGet(byte[] key, byte[] valueOut) throws Exception;

    protected abstract void doClose() throws Exception;

    /** The default: every read is the store's own get, with whatever transaction it opens per operation. */
    static final class PerOperation extends ReadPass {
        private final KvStore store;

        PerOperation(KvStore store) {
            super(store);
            this.store = store;
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            return store.get(key, valueOut);
        }

        @Override
        protected void doClose() {
        }
    }
}
