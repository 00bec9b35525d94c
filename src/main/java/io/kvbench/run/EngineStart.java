package io.kvbench.run;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.Linkage;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import io.kvbench.infra.Directories;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Starts an engine once in the JVM that runs its benchmark, before JMH forks, to find out whether the adapter links
 * against the engine library on this class path (another engine version or jar may have been put there): the adapter
 * loads, reports its version and capabilities, opens a store in a scratch directory, writes and reads a key through
 * every access path the benchmarks use (puts, gets, a write pass, a read pass, a scan where it has one), closes it.
 * The JVM links a call only when it first runs it, so these calls are what finds a missing method. A linkage error is
 * a {@link FailureKind#LINKAGE} failure with one line naming what is missing; any other failure is left to the
 * benchmark itself, which reports it as it always has.
 */
final class EngineStart {

    private static final byte[] KEY = {'k', 'v'};
    private static final byte[] VALUE = {'b', 'e', 'n', 'c', 'h'};

    private EngineStart() {
    }

    /** Null when the adapter of {@code engineId} links here; else the LINKAGE failure. */
    static Failure linkage(String engineId, Path scratchParent) {
        KvEngine engine = null;
        Path dir = null;
        try {
            engine = Engines.byId(engineId);
            engine.version();
            // not nativeVersion(): a report detail, shown as unknown where an older binding cannot say it (rocksdbjni
            // before RocksDB.rocksdbVersion()), which is no reason to refuse the version
            engine.capabilities();
            Files.createDirectories(scratchParent);
            dir = Files.createTempDirectory(scratchParent, engineId + "-link-check-");
            exercise(engine, dir);
            return null;
        } catch (Throwable failure) {
            LinkageError missing = Linkage.find(failure);
            if (missing == null) return null; // not a linking failure: the benchmark meets it and reports it
            return new Failure(FailureKind.LINKAGE, engineId + " adapter does not link against "
                    + library(engine) + ": " + Linkage.describe(missing));
        } finally {
            deleteQuietly(dir);
        }
    }

    private static void exercise(KvEngine engine, Path dir) {
        try (KvStore store = Engines.open(engine, dir.resolve("store"), StoreOptions.DEFAULT)) {
            try (WritePass pass = store.openWritePass()) {
                pass.put(KEY, VALUE);
                pass.commit();
            }
            if (!engine.capabilities().writeOnce()) store.put(KEY, VALUE);
            store.get(KEY);
            store.get(KEY, new byte[VALUE.length]);
            try (ReadPass pass = store.openReadPass()) {
                pass.get(KEY, new byte[VALUE.length]);
            }
            if (engine.capabilities().scans()) store.scan(null, null, (key, value) -> true);
            store.flush();
        }
    }

    /** "rocksdbjni 7.0.0": the engine's first artifact and the version the adapter reports, as far as it can. */
    private static String library(KvEngine engine) {
        if (engine == null) return "the engine library on the class path";
        String artifact = engine.artifacts().isEmpty() ? engine.id() : engine.artifacts().get(0);
        String name = artifact.substring(artifact.indexOf(':') + 1);
        try {
            return name + " " + engine.version();
        } catch (RuntimeException | LinkageError e) {
            return name;
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) return;
        try {
            Directories.deleteRecursively(dir);
        } catch (IOException e) {
            // a scratch directory under the run's data directory, removed with it
        }
    }
}
