package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.fuse.PowerCut;
import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.knownissues.KnownIssuePin;
import io.kvbench.infra.Directories;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pins LevelDB's recovery of a log whose unsynced pages reached the disk out of order (known-issues.json,
 * google/leveldb#203), in LevelDB 1.8 (leveldbjni) and in its Java port: the log reader takes a page of zeros for the
 * unused end of a block, skips to the next block and replays the records there, so a power cut that kept a later page
 * and lost an earlier one recovers later writes without the earlier ones, and the store opens without an error. The
 * adapters promise a prefix of the history after a power cut; found by {@code kvbench crash --fault reorder} (seed 7,
 * leveldb-jni at cut 1, leveldb-java at cut 7). Made deterministic here: a child JVM writes {@value #FLUSHED} flushed
 * puts, then {@value #UNSYNCED} more without a flush, and closes the store; a reordering cut drops about half of the
 * unsynced pages, which leaves a gap among so many pages for any seed; a second child counts the keys.
 */
@Tag("crash")
@Tag("fuse")
class LevelDbReorderKnownIssueTest {

    static final String ISSUE = "https://github.com/google/leveldb/issues/203";
    static final int FLUSHED = 50;
    static final int UNSYNCED = 400;
    private static final long SEED = 7;

    @ParameterizedTest
    @ValueSource(strings = {"leveldb-jni", "leveldb-java"})
    void aReorderedLogRecoversLaterWritesWithoutEarlierOnes(String engine) throws Throwable {
        Optional<String> noFuse = PowerCutFs.unavailableReason();
        assumeTrue(noFuse.isEmpty(), () -> "skipped: " + noFuse.orElse(""));
        Path dir = Path.of("target", "reorder-" + engine).toAbsolutePath();
        PowerCutFs.clearStaleMount(dir.resolve("mnt"));
        Directories.deleteRecursively(dir);
        BitSet present = new BitSet();
        try (PowerCutFs fs = PowerCutFs.mount(dir.resolve("backing"), dir.resolve("mnt"))) {
            Path store = ChildJvms.durableStoreDir(fs);
            assertThat(ChildJvms.run(Child.class, List.of("write", engine, store.toString()))).contains(Child.CLOSED);
            PowerCut.Result cut = fs.powerCut(PowerCut.Variant.REORDER, SEED);
            assertThat(cut.data().reorderedFiles()).as("the cut reordered the log").isPositive();
            String counted = ChildJvms.run(Child.class, List.of("count", engine, store.toString()));
            for (String line : counted.strip().split("\n")) {
                if (line.startsWith(Child.KEY)) present.set(Integer.parseInt(line.substring(Child.KEY.length())));
            }
        }
        assertThat(present.get(0, FLUSHED).cardinality()).as("every flushed put").isEqualTo(FLUSHED);
        System.out.println(engine + ": keys after the cut " + present);
        int firstLost = present.nextClearBit(0);
        int keptAfter = present.nextSetBit(firstLost);
        KnownIssuePin.stillReproduces(ISSUE + " for " + engine, "its entry from known-issues.json",
                () -> assertThat(keptAfter).as("a put kept after the lost put " + firstLost).isPositive());
        String loopFailure = "after the power cut of cycle 1: the state is no prefix of the history";
        assertThat(Verdicts.find(engine, Fault.REORDER, new Failure(FailureKind.DATA_LOSS, loopFailure)))
                .map(KnownIssues.KnownIssue::reference).contains(ISSUE);
        assertThat(Verdicts.find(engine, Fault.POWER_CUT, new Failure(FailureKind.DATA_LOSS, loopFailure)))
                .as("the power cut keeps prefixes: there it would be new").isEmpty();
        Directories.deleteRecursively(dir);
    }

    /**
     * {@code write <engine> <dir>}: FLUSHED puts, flush(), UNSYNCED puts, close. {@code count <engine> <dir>}: prints
     * the index of every key it finds.
     */
    public static final class Child {
        static final String CLOSED = "closed";
        static final String KEY = "key ";

        public static void main(String[] args) {
            try (KvStore store = Engines.open(Engines.byId(args[1]), Path.of(args[2]), StoreOptions.DEFAULT)) {
                if (args[0].equals("write")) {
                    byte[] value = new byte[1000];
                    for (int i = 0; i < FLUSHED + UNSYNCED; i++) {
                        ByteBuffer.wrap(value).putInt(i);
                        store.put(CrashOps.key(i), value);
                        if (i == FLUSHED - 1) store.flush();
                    }
                } else {
                    for (int i = 0; i < FLUSHED + UNSYNCED; i++) {
                        if (store.get(CrashOps.key(i)) != null) System.out.println(KEY + i);
                    }
                }
            }
            if (args[0].equals("write")) System.out.println(CLOSED);
        }
    }
}
