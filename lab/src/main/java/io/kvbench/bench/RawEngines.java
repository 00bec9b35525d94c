package io.kvbench.bench;

import io.kvbench.engine.KvStore;
import io.kvbench.input.BadInputException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.Txn;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * The engine's own API on the very engine object a kvbench store wraps, for {@link HarnessOverheadBenchmark}: the same
 * files, caches and settings, so the only difference between the two paths is kvbench's code. The handles are taken
 * from the adapter by reflection, once, in setup; only here may benchmark code name an engine.
 */
final class RawEngines {

    private RawEngines() {
    }

    interface RawReader {
        /** Reads into {@code out}; returns the value length or -1. */
        int get(byte[] key, byte[] out);

        void close();
    }

    /** The engine's own API under {@code store} (under the engine's store, where kvbench delays its calls). */
    static RawReader of(KvStore measured) {
        KvStore store = DelayedEngine.undelayed(measured);
        return switch (store.engineId()) {
            case "rocksdb" -> rocksdb(field(store, "db", RocksDB.class));
            case "lmdb" -> lmdb(field(store, "env", Env.class), field(store, "dbi", Dbi.class));
            default -> throw new BadInputException("no raw variant for engine '" + store.engineId()
                    + "'; raw variants: rocksdb, lmdb");
        };
    }

    private static RawReader rocksdb(RocksDB db) {
        return new RawReader() {
            @Override
            public int get(byte[] key, byte[] out) {
                try {
                    return db.get(key, out);
                } catch (RocksDBException e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public void close() {
                // the store owns the DB
            }
        };
    }

    /** LMDB the fastest way lmdbjava allows: a direct key buffer and one parked read transaction renewed per get. */
    @SuppressWarnings("unchecked")
    private static RawReader lmdb(Env<?> anyEnv, Dbi<?> anyDbi) {
        Env<ByteBuffer> env = (Env<ByteBuffer>) anyEnv;
        Dbi<ByteBuffer> dbi = (Dbi<ByteBuffer>) anyDbi;
        ByteBuffer key = ByteBuffer.allocateDirect(env.getMaxKeySize());
        Txn<ByteBuffer> read = env.txnRead();
        read.reset();
        return new RawReader() {
            @Override
            public int get(byte[] k, byte[] out) {
                key.clear();
                key.put(k).flip();
                read.renew();
                try {
                    ByteBuffer v = dbi.get(read, key);
                    if (v == null) return -1;
                    int length = v.remaining();
                    v.get(out, 0, Math.min(length, out.length));
                    return length;
                } finally {
                    read.reset();
                }
            }

            @Override
            public void close() {
                read.renew();
                read.close();
            }
        };
    }

    private static <T> T field(KvStore store, String name, Class<T> type) {
        try {
            Field field = store.getClass().getDeclaredField(name);
            field.setAccessible(true);
            return type.cast(field.get(store));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the " + store.engineId() + " adapter no longer has a field '" + name
                    + "' of type " + type.getSimpleName() + "; update RawEngines", e);
        }
    }
}
