package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.knownissues.KnownIssuePin;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pins the recovery of LevelDB's log format when its unsynced pages reached the disk out of order (known-issues.json),
 * in LevelDB 1.8 (leveldbjni), its Java port and RocksDB, whose write-ahead log keeps that format: the log reader takes
 * a record header of zeros for the unused end of a block, skips to the next block and replays the records there, so a
 * power cut that kept a later page and lost an earlier one recovers later writes without the earlier ones, and the
 * store opens without an error. LevelDB's reference is google/leveldb#203; RocksDB's is the reader's skip,
 * https://github.com/facebook/rocksdb/blob/v11.8.1/db/log_reader.cc#L611-L619 (a leftover of preallocated files that
 * "should never happen"): kPointInTimeRecovery stops at a fragment whose start was lost, never at a skipped block.
 * The adapters promise a prefix of the history after a power cut; found by {@code kvbench crash --fault reorder}
 * (seed 7: leveldb-jni at cut 1, leveldb-java at cut 7; seed 20261126: rocksdb at cut 19). Made deterministic here: a
 * child JVM writes {@value #FLUSHED} puts and flushes, then {@value #UNSYNCED} more, each a 1024-byte log record (so
 * every 32 KiB block starts with a whole record, which RocksDB replays), and halts without closing; a reordering cut
 * drops about half of the unsynced pages, which leaves a gap among so many pages for any seed; a second child counts
 * the keys.
 */
@Tag("crash")
@Tag("fuse")
class ReorderedLogKnownIssueTest {

    static final Map<String, String> ISSUE = Map.of(
            "leveldb-jni", "https://github.com/google/leveldb/issues/203",
            "leveldb-java", "https://github.com/google/leveldb/issues/203",
            "rocksdb", "https://github.com/facebook/rocksdb/blob/v11.8.1/db/log_reader.cc#L611-L619");
    static final int FLUSHED = 50;
    static final int UNSYNCED = 400;
    /** A record: 7-byte header, 12-byte batch header, then tag, key length, 12-byte key, 2-byte value length, value. */
    static final int VALUE_BYTES = 1024 - 7 - 12 - 1 - 1 - 12 - 2;
    private static final long SEED = 7;

    @ParameterizedTest
    @ValueSource(strings = {"leveldb-jni", "leveldb-java", "rocksdb"})
    void aReorderedLogRecoversLaterWritesWithoutEarlierOnes(String engine) throws Throwable {
        Optional<String> noFuse = PowerCutFs.unavailableReason();
        assumeTrue(noFuse.isEmpty(), () -> "skipped: " + noFuse.orElse(""));
        BitSet present = ChildJvms.keysAfterAReorderingCut(Child.class, engine, SEED, Child.WRITTEN);
        assertThat(present.get(0, FLUSHED).cardinality()).as("every flushed put").isEqualTo(FLUSHED);
        System.out.println(engine + ": keys after the cut " + present);
        int firstLost = present.nextClearBit(0);
        int keptAfter = present.nextSetBit(firstLost);
        String issue = ISSUE.get(engine);
        KnownIssuePin.stillReproduces(issue + " for " + engine, "its entry from known-issues.json",
                () -> assertThat(keptAfter).as("a put kept after the lost put " + firstLost).isPositive());
        String loopFailure = "after the power cut of cycle 1: the state is no prefix of the history";
        ChildJvms.knownUnderReorderOnly(engine, issue, loopFailure);
    }

    /**
     * {@code write <engine> <dir>}: FLUSHED puts, flush(), UNSYNCED puts, then a halt without close (RocksDB's close
     * would flush its memtable to a synced table). {@code count <engine> <dir>}: prints the index of every key it
     * finds.
     */
    public static final class Child {
        static final String WRITTEN = "written";

        public static void main(String[] args) {
            KvStore store = Engines.open(Engines.byId(args[1]), Path.of(args[2]), StoreOptions.DEFAULT);
            if (args[0].equals("count")) {
                for (int i = 0; i < FLUSHED + UNSYNCED; i++) {
                    if (store.get(CrashOps.key(i)) != null) System.out.println(ChildJvms.KEY + i);
                }
                store.close();
                return;
            }
            byte[] value = new byte[VALUE_BYTES];
            for (int i = 0; i < FLUSHED + UNSYNCED; i++) {
                ByteBuffer.wrap(value).putInt(i);
                store.put(CrashOps.key(i), value);
                if (i == FLUSHED - 1) store.flush();
            }
            System.out.println(WRITTEN);
            System.out.flush();
            Runtime.getRuntime().halt(0); // no close: the log's tail stays unsynced, as at a power cut
        }
    }
}
