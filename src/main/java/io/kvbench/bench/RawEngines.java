package io.kvbench.bench;

import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.adapter.LmdbEngine;
import io.kvbench.workload.Dataset;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * Engines driven through their own APIs, configured exactly as their kvbench adapters configure them, for
 * {@link HarnessOverheadBenchmark}. Only here may benchmark code name an engine: it is the reference the harness is
 * measured against.
 */
final class RawEngines {

    private RawEngines() {
    }

    interface RawReader {
        /** Reads into {@code out}; returns the value length or -1. */
        int get(byte[] key, byte[] out);

        void close();
    }

    static RawReader open(String engine, Path dir, Dataset data) {
        return switch (engine) {
            case "rocksdb" -> rocksdb(dir, data);
            case "lmdb" -> lmdb(dir, data);
            default -> throw new IllegalArgumentException("no raw variant for engine '" + engine + "'; raw variants: rocksdb, lmdb");
        };
    }

    private static RawReader rocksdb(Path dir, Dataset data) {
        RocksDB.loadLibrary();
        Options options = new Options().setCreateIfMissing(true);
        try {
            RocksDB db = RocksDB.open(options, dir.toString());
            for (int i = 0; i < data.records(); i++) db.put(data.key(i), data.value(i));
            db.close();
            RocksDB reopened = RocksDB.open(options, dir.toString());
            return new RawReader() {
                @Override
                public int get(byte[] key, byte[] out) {
                    try {
                        return reopened.get(key, out);
                    } catch (RocksDBException e) {
                        throw new IllegalStateException(e);
                    }
                }

                @Override
                public void close() {
                    reopened.close();
                    options.close();
                }
            };
        } catch (RocksDBException e) {
            options.close();
            throw new IllegalStateException("raw rocksdb: " + e.getMessage(), e);
        }
    }

    /** LMDB the fastest way lmdbjava allows: direct buffers, one parked read transaction renewed per get. */
    private static RawReader lmdb(Path dir, Dataset data) {
        StoreOptions options = new StoreOptions(data.records(), data.key(0).length, data.maxValueBytes());
        Env<ByteBuffer> env = Env.create().setMapSize(LmdbEngine.mapSize(options)).setMaxDbs(1)
                .open(dir.toFile(), EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOTLS);
        Dbi<ByteBuffer> dbi = env.openDbi((String) null, DbiFlags.MDB_CREATE);
        ByteBuffer key = ByteBuffer.allocateDirect(env.getMaxKeySize());
        ByteBuffer value = ByteBuffer.allocateDirect(Math.max(1, data.maxValueBytes()));
        try (Txn<ByteBuffer> txn = env.txnWrite()) {
            for (int i = 0; i < data.records(); i++) {
                key.clear();
                key.put(data.key(i)).flip();
                value.clear();
                value.put(data.value(i)).flip();
                dbi.put(txn, key, value);
            }
            txn.commit();
        }
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
                env.close();
            }
        };
    }
}
