package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Coverage.PARTIAL;
import static io.kvbench.engine.Durability.Guarantee.AFTER_FLUSH;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.Options;

/**
 * The C++ LevelDB bundled in leveldbjni-all 1.8 (a 2013 fork of LevelDB 1.x by the leveldbjni authors), through
 * {@link JniDBFactory}, with default options and {@code WriteOptions.sync=false}.
 *
 * <p>Class clash: leveldbjni-all bundles its own copy of the {@code org.iq80.leveldb} API (13 interfaces and option
 * classes), and leveldb-api 0.12 (for the pure Java adapter) brings them too, so the class path and the shaded jar hold
 * two copies and the first wins. Compared with javap, 0.12's copy is a superset: the same members, plus a default
 * {@code DB.iterator()} (the older copy only repeats field initialisers). JniDB implements every method of either
 * version, so this adapter and the pure Java one work with whichever copy is loaded.
 *
 * <p>Durability: the bundled LevelDB writes files through {@code PosixMmapFile} (symbols of libleveldbjni.so), and its
 * log writer calls {@code Flush()} after every record, so an acknowledged write is in the OS page cache and survives a
 * process kill; recovery replays the logs in order (a prefix). flush() fsyncs the log, manifest and CURRENT files and
 * the directory, for the same reason as the pure Java port ({@link LevelDbApiStore#doFlush}): a sync write only
 * syncs the current log, while the previous one is closed unsynced when the memtable is switched.
 */
public final class LevelDbJniEngine implements KvEngine {

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // Default BytewiseComparator: memcmp order, i.e. unsigned bytes.
            .orderedWithRangeScans()
            // LevelDB docs, "Concurrency": one leveldb::DB object may be shared by threads without external locking.
            .threadSafe()
            // No engine limit (lengths are varint32, data in std::string); 8 MiB is the key bound the suite probes.
            .maxKeyBytes(8 << 20)
            // Values cross JNI as Java arrays: the JVM's array limit.
            .maxValueBytes(Integer.MAX_VALUE - 8)
            .durability(EVERY_WRITE, AFTER_FLUSH, true,
                    "default options, WriteOptions.sync=false (log records reach the page cache through mmap);"
                            + " flush() = fsync of *.log, MANIFEST, CURRENT and the directory",
                    "LevelDB doc/index.md 'Synchronous Writes' (a non-sync write survives a process crash);"
                            + " leveldb 1.x db/log_writer.cc (Flush after each record), util/env_posix.cc "
                            + "(PosixMmapFile)")
            .settings("log record per write, no fsync (sync=false)",
                    "write buffer 4 MiB, block cache 8 MiB (defaults)", "Snappy (default)")
            .checksums(PARTIAL, "LevelDB include/leveldb/options.h: ReadOptions::verify_checksums and "
                    + "Options::paranoid_checks default false, so table blocks are read unchecked; db/log_reader.cc "
                    + "checks each log record's CRC32C when the log is replayed")
            .notes("Native library extracted by HawtJNI to java.io.tmpdir on first use. Default options (via"
                    + " org.iq80.leveldb.Options): Snappy compression, 4 MiB write buffer, 8 MiB block cache.")
            .build();

    @Override
    public String id() {
        return "leveldb-jni";
    }

    @Override
    public String version() {
        return LibraryVersion.of(JniDBFactory.class, "org.fusesource.leveldbjni", "leveldbjni-all");
    }

    @Override
    public List<String> artifacts() {
        return List.of("org.fusesource.leveldbjni:leveldbjni-all");
    }

    /**
     * The LevelDB compiled into leveldbjni 1.8, which has no call that reports it: leveldbjni builds from the master of
     * chirino/leveldb (readme.md, Build Procedure), which was LevelDB 1.13 plus suspend/resume compactions when 1.8 was
     * built (2013-10-16; the fork's last commit, 2013-08-27, merges "LevelDB 1.13"), and the bundled libleveldbjni.so
     * exports leveldb::Version::RecordReadSample, which LevelDB 1.13 introduced.
     */
    @Override
    public String nativeVersion() {
        return "LevelDB 1.13";
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        try {
            return new LevelDbApiStore(this,
                    JniDBFactory.factory.open(dir.toFile(), new Options().createIfMissing(true)),
                    dir, LevelDbApiStore.Port.JNI);
        } catch (IOException | RuntimeException | LinkageError e) {
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }
}
