package io.kvbench.engine;

import java.util.Arrays;

/**
 * One open store. Public methods are final: they check the input once, the same way for every engine (so a bad call
 * fails with the same clear message everywhere), then call the adapter's {@code do*} method. The checks are a null
 * test, a length compare and a volatile read; the JIT inlines them, so the measured path costs what the engine costs.
 *
 * <p>Keys are 1..{@link Capabilities#maxKeyBytes()} bytes, values 0..{@link Capabilities#maxValueBytes()} bytes.
 * Arrays passed in may be reused by the caller after the call returns; arrays returned belong to the caller.
 *
 * <p>A store may be used from many threads only as far as its engine's {@link Capabilities} say.
 */
public abstract class KvStore implements AutoCloseable {

    private final String engineId;
    private final int maxKeyBytes;
    private final int maxValueBytes;
    private final boolean scans;
    private final boolean rangeScans;
    private volatile boolean closed;

    protected KvStore(KvEngine engine) {
        Capabilities caps = engine.capabilities();
        this.engineId = engine.id();
        this.maxKeyBytes = caps.maxKeyBytes();
        this.maxValueBytes = caps.maxValueBytes();
        this.scans = caps.scans();
        this.rangeScans = caps.rangeScans();
    }

    /** Inserts or overwrites. */
    public final void put(byte[] key, byte[] value) {
        checkKey(key);
        checkValue(value);
        checkOpen();
        try {
            doPut(key, value);
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("put failed", e);
        }
    }

    /** The value stored under {@code key}, or {@code null}. */
    public final byte[] get(byte[] key) {
        checkKey(key);
        checkOpen();
        try {
            return doGet(key);
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("get failed", e);
        }
    }

    /**
     * Reads the value under {@code key} into {@code valueOut} without allocating where the engine allows it (the form
     * benchmarks use). Copies at most {@code valueOut.length} bytes.
     *
     * @return the full length of the stored value (may exceed {@code valueOut.length}), or -1 if the key is absent
     */
    public final int get(byte[] key, byte[] valueOut) {
        checkKey(key);
        if (valueOut == null) throw new KvException(engineId, "null value buffer");
        checkOpen();
        try {
            return doGet(key, valueOut);
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("get failed", e);
        }
    }

    /** Removes {@code key}; removing an absent key is not an error. */
    public final void delete(byte[] key) {
        checkKey(key);
        checkOpen();
        try {
            doDelete(key);
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("delete failed", e);
        }
    }

    /**
     * Visits entries with {@code fromInclusive <= key < toExclusive} (a {@code null} bound is open) until the visitor
     * returns false. Ordered engines visit in unsigned lexicographic key order; unordered engines accept only open
     * bounds and visit every entry in their own order; engines that cannot iterate refuse every scan.
     */
    public final void scan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) {
        if (visitor == null) throw new KvException(engineId, "null scan visitor");
        checkOpen();
        if (!scans) throw new KvException(engineId, "scans are not supported: the engine cannot iterate its entries");
        if ((fromInclusive != null || toExclusive != null) && !rangeScans) {
            throw new KvException(engineId,
                    "range scans are not supported (the engine is not ordered); scan with null bounds");
        }
        try {
            doScan(fromInclusive, toExclusive, visitor);
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("scan failed", e);
        }
    }

    /** Forces every acknowledged write to stable storage (fsync where the engine offers it). */
    public final void flush() {
        checkOpen();
        try {
            doFlush();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("flush failed", e);
        }
    }

    /**
     * Finishes, with the engine's own API, the background work that the writes so far left pending (compactions, log
     * cleaning, checkpoints), so that a benchmark measures a store in the same physical state in every fork and every
     * build instead of one whose compactions happen to run during the measurement. Not a durability point. A no-op for
     * engines without such work, or whose API cannot force it (the adapter says which).
     */
    public final void quiesce() {
        checkOpen();
        try {
            doQuiesce();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("quiesce failed", e);
        }
    }

    /**
     * A view for one pass of reads (see {@link ReadPass}): one read transaction and cursor for the whole pass where the
     * engine has them and its adapter implements it, else per-operation reads.
     */
    public final ReadPass openReadPass() {
        checkOpen();
        try {
            return doOpenReadPass();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("opening a read pass failed", e);
        }
    }

    /**
     * Reads as a pass of {@link #get(byte[], byte[])} calls, whatever the engine offers: the per-operation method
     * behind the {@link ReadPass} interface, so that one benchmark loop serves both.
     */
    public final ReadPass perOperationReads() {
        checkOpen();
        return new ReadPass.PerOperation(this);
    }

    /**
     * A pass of puts committed as one transaction (see {@link WritePass}) where the engine has write transactions and
     * its adapter implements it, else per-operation puts.
     */
    public final WritePass openWritePass() {
        checkOpen();
        try {
            return doOpenWritePass();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("opening a write pass failed", e);
        }
    }

    /** Writes as a pass of {@link #put(byte[], byte[])} calls, each committed on its own, behind the {@link WritePass}
     * interface. */
    public final WritePass perOperationWrites() {
        checkOpen();
        return new WritePass.PerOperation(this);
    }

    /** Persists what the engine persists on a clean close and releases every resource. Idempotent. */
    @Override
    public final void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        try {
            doClose();
        } catch (KvException e) {
            throw e;
        } catch (Exception e) {
            throw failure("close failed", e);
        }
    }

    public final boolean isClosed() {
        return closed;
    }

    public final String engineId() {
        return engineId;
    }

    protected abstract void doPut(byte[] key, byte[] value) throws Exception;

    protected abstract byte[] doGet(byte[] key) throws Exception;

    /** Adapters whose engine can read into a caller's buffer override this to avoid the copy in the default. */
    protected int doGet(byte[] key, byte[] valueOut) throws Exception {
        byte[] value = doGet(key);
        if (value == null) return -1;
        System.arraycopy(value, 0, valueOut, 0, Math.min(value.length, valueOut.length));
        return value.length;
    }

    protected abstract void doDelete(byte[] key) throws Exception;

    protected abstract void doScan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) throws Exception;

    protected abstract void doFlush() throws Exception;

    /** Adapters of engines with a read transaction and cursor override this; see {@link #openReadPass()}. */
    protected ReadPass doOpenReadPass() throws Exception {
        return new ReadPass.PerOperation(this);
    }

    /** Adapters of engines with write transactions override this; see {@link #openWritePass()}. */
    protected WritePass doOpenWritePass() throws Exception {
        return new WritePass.PerOperation(this);
    }

    /** Adapters of engines with background work (compactions, cleaners) override this; see {@link #quiesce()}. */
    protected void doQuiesce() throws Exception {
    }

    protected abstract void doClose() throws Exception;

    /** An exception naming this store's engine, for adapters to throw. */
    protected final KvException failure(String message, Throwable cause) {
        return new KvException(engineId, message, cause);
    }

    /** An exception naming this store's engine, for adapters to throw. */
    protected final KvException failure(String message) {
        return new KvException(engineId, message);
    }

    /** True when {@code key} lies in [from, to) with null meaning open; for adapters that filter ranges themselves. */
    protected static boolean inRange(byte[] key, byte[] fromInclusive, byte[] toExclusive) {
        return (fromInclusive == null || Arrays.compareUnsigned(key, fromInclusive) >= 0)
                && (toExclusive == null || Arrays.compareUnsigned(key, toExclusive) < 0);
    }

    private void checkOpen() {
        if (closed) throw new KvException(engineId, "store is closed: no operation is allowed after close()");
    }

    void checkKey(byte[] key) {
        if (key == null) throw new KvException(engineId, "null key: keys must be non-null byte arrays");
        if (key.length == 0) throw new KvException(engineId, "empty key: keys must be at least 1 byte");
        if (key.length > maxKeyBytes) {
            throw new KvException(engineId, "key too long: " + key.length + " bytes, limit " + maxKeyBytes + " bytes");
        }
    }

    void checkValue(byte[] value) {
        if (value == null) throw new KvException(engineId, "null value: values must be non-null byte arrays");
        if (value.length > maxValueBytes) {
            throw new KvException(engineId, "value too long: " + value.length + " bytes, limit " + maxValueBytes
                    + " bytes");
        }
    }
}
