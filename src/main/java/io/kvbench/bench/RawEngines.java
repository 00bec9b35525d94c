package io.kvbench.bench;

import io.kvbench.workload.Dataset;
import java.nio.file.Path;
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
            default -> throw new IllegalArgumentException("no raw variant for engine '" + engine + "'; raw variants: rocksdb");
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
}
