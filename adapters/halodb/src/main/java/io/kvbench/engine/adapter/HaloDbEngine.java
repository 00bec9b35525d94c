package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Guarantee.AFTER_CLOSE;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;

import com.oath.halodb.HaloDB;
import com.oath.halodb.HaloDBException;
import com.oath.halodb.HaloDBIterator;
import com.oath.halodb.HaloDBOptions;
import com.oath.halodb.Record;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * HaloDB (Yahoo): append-only data files plus an off-heap hash index of every key. Opt-in (Maven profile
 * {@code halodb}): it is not on Maven Central. Sources below refer to https://github.com/yahoo/HaloDB at tag v0.5.6.
 */
public final class HaloDbEngine implements KvEngine {

    /** Record header: checksum 4, version 1, key size 1, value size 4, sequence number 8 (Record.Header.HEADER_SIZE). */
    private static final int RECORD_HEADER_BYTES = 18;
    private static final int MAX_KEY_BYTES = Byte.MAX_VALUE;

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // Unordered: README "Restrictions": "HaloDB don't support range scans or ordered access"; the iterator walks
            // data files in file order.
            // Thread-safe: puts and deletes serialize on one ReentrantLock, gets read the segmented off-heap index
            // without it (HaloDBInternal.put/delete/get); upstream's benchmark reads from 32 threads while one writes.
            .threadSafe()
            // "key length cannot exceed 127" (HaloDBInternal.put; the key size is one byte in the record header).
            .maxKeyBytes(MAX_KEY_BYTES)
            // A record (header + key + value) is sized and addressed by an int within one data file (Record, HaloDBFile).
            .maxValueBytes(Integer.MAX_VALUE - RECORD_HEADER_BYTES - MAX_KEY_BYTES)
            // Each put/delete is written to the data or tombstone file with FileChannel.write before it returns, so it
            // reaches the OS: a process kill loses nothing (the next open repairs the last files by checksum). Data
            // reaches the disk only when a file rolls over or on close: syncWrite=false and flushDataSizeBytes=-1 are
            // the defaults, and the public API has no sync call, so flush() cannot force it. No prefix is promised:
            // puts and deletes go to different files (data, tombstone), whose unsynced pages a power cut drops apart,
            // and kvbench crash --fault power-cut found a recovered state that was no prefix of the history
            // (docs/results/2026-11-26-outside-adapters.md).
            .durability(EVERY_WRITE, AFTER_CLOSE, false,
                    "defaults: syncWrite=false, flushDataSizeBytes=-1 (fsync only on file roll-over and close); "
                            + "flush() is a no-op (HaloDB has no public sync)",
                    "https://github.com/yahoo/HaloDB#durability-and-crash-recovery; HaloDBFile.writeToChannel, "
                            + "HaloDBInternal.close/repairFiles")
            .settings("write(2) per write, fsync only on file roll-over and close (syncWrite=false)",
                    "an off-heap index of every key (numberOfRecords = 2 x expected entries)", "none")
            .checksums(Durability.Coverage.PARTIAL, "HaloDB: each record carries a CRC32, checked only by repairFile() "
                    + "after an unclean shutdown; get() reads the value unchecked (HaloDBFile.readFromFile, "
                    + "repairFile; https://github.com/yahoo/HaloDB)")
            .notes("maxFileSize 1 GiB (README example and upstream benchmark; the 1 MiB default rolls a file, with fsyncs, "
                    + "every MiB); numberOfRecords = 2 x expectedEntries (README); cleanUpInMemoryIndexOnClose=true (one "
                    + "JVM opens many stores); a scan ends silently at an I/O error (HaloDBIterator.hasNext) and misses "
                    + "records that compaction moves to a new file during the scan")
            .build();

    @Override
    public String id() {
        return "halodb";
    }

    @Override
    public String version() {
        return LibraryVersion.of(HaloDB.class, "com.oath.halodb", "halodb");
    }

    @Override
    public List<String> artifacts() {
        return List.of("com.oath.halodb:halodb");
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        HaloDBOptions haloOptions = new HaloDBOptions();
        haloOptions.setMaxFileSize(1 << 30);
        // README: "For a db of size n set this value to 2*n" (pre-sizes the off-heap index; it rehashes if exceeded).
        haloOptions.setNumberOfRecords((int) Math.min(2 * options.expectedEntries(), Integer.MAX_VALUE));
        // The default (false) leaves the off-heap index allocated after close, "not necessary if the JVM is shutdown";
        // tests and benchmarks open many stores in one JVM.
        haloOptions.setCleanUpInMemoryIndexOnClose(true);
        try {
            return new Store(this, HaloDB.open(dir.toFile(), haloOptions));
        } catch (HaloDBException e) {
            throw new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    private static final class Store extends KvStore {
        private final HaloDB db;

        Store(KvEngine engine, HaloDB db) {
            super(engine);
            this.db = db;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) throws HaloDBException {
            // false: the off-heap index could not allocate the entry (SegmentNonMemoryPool.putEntry); never silent.
            if (!db.put(key, value)) throw failure("put not applied: HaloDB could not allocate off-heap index memory");
        }

        @Override
        protected byte[] doGet(byte[] key) throws HaloDBException {
            return db.get(key); // the public API reads into a new array only
        }

        @Override
        protected void doDelete(byte[] key) throws HaloDBException {
            db.delete(key);
        }

        @Override
        protected void doScan(byte[] fromInclusive, byte[] toExclusive, EntryVisitor visitor) throws HaloDBException {
            HaloDBIterator it = db.newIterator();
            while (it.hasNext()) {
                Record record = it.next();
                if (!visitor.visit(record.getKey(), record.getValue())) return;
            }
        }

        @Override
        protected void doFlush() {
            // Nothing to do: every write already reached the OS, and HaloDB offers no call that fsyncs the open files.
        }

        @Override
        protected void doClose() throws HaloDBException {
            db.close();
        }
    }
}
