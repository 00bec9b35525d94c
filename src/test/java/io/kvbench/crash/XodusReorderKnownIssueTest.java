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
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Pins Xodus 2.0.1's recovery of a log whose unsynced pages reached the disk out of order, with its Patricia-tree store
 * (known-issues.json, JetBrains/xodus#30): the log carries no checksum, and after a power cut that kept later pages of
 * the unsynced tail and lost earlier ones, the store opens without an error on a tree that no longer holds keys flushed
 * long before (or that points into nowhere: BlockNotFoundException on a scan). The adapter promises every write before
 * the last flush() after a power cut. The reference is the upstream change that added page hashes and a check of every
 * page after an unclean shutdown, which 2.0.1 predates. Found by {@code kvbench crash --fault reorder} (seed 1125, 6th
 * reordering cut: keys 610 to 617, flushed in earlier cycles, lost). Made deterministic here: a child JVM writes
 * {@value #FLUSHED} puts and flushes, then rewrites keys across the tree, {@value #UNSYNCED} transactions with a flush
 * every 64, and halts without closing; the reordering cut of seed {@value #SEED} drops pages of the unsynced tail; a
 * second child counts the keys (the B-tree store, run the same way, keeps them all).
 */
@Tag("crash")
@Tag("fuse")
class XodusReorderKnownIssueTest {

    static final String ISSUE = "https://github.com/JetBrains/xodus/pull/30";
    static final int FLUSHED = 2000;
    static final int UNSYNCED = 600;
    static final long SEED = 4;

    @Test
    void aReorderedLogRecoversATreeWithoutFlushedKeys() throws Throwable {
        String engine = "xodus-patricia";
        Optional<String> noFuse = PowerCutFs.unavailableReason();
        assumeTrue(noFuse.isEmpty(), () -> "skipped: " + noFuse.orElse(""));
        BitSet present = ChildJvms.keysAfterAReorderingCut(Child.class, engine, SEED, Child.FLUSHED_LINE);
        System.out.println(engine + ": flushed keys left after the cut: " + present.cardinality() + " of " + FLUSHED);
        KnownIssuePin.stillReproduces(ISSUE + " for " + engine, "its entry from known-issues.json",
                () -> assertThat(present.cardinality()).as("flushed keys left").isLessThan(FLUSHED));
        String loopFailure = "after the power cut of cycle 6: 8 keys lost acknowledged writes, the state is no prefix "
                + "of the history";
        ChildJvms.knownUnderReorderOnly(engine, ISSUE, loopFailure);
    }

    /**
     * {@code write <engine> <dir>}: FLUSHED puts, flush(), then UNSYNCED puts spread over the same keys, each its own
     * transaction, a flush after every 64, and a halt without close. {@code count <engine> <dir>}: prints the index of
     * every key it finds.
     */
    public static final class Child {
        static final String FLUSHED_LINE = "flushed";

        public static void main(String[] args) {
            KvStore store = Engines.open(Engines.byId(args[1]), Path.of(args[2]), StoreOptions.DEFAULT);
            if (args[0].equals("count")) {
                for (int i = 0; i < FLUSHED; i++) {
                    if (store.get(CrashOps.key(i)) != null) System.out.println(ChildJvms.KEY + i);
                }
                store.close();
                return;
            }
            byte[] value = new byte[200];
            for (int i = 0; i < FLUSHED; i++) {
                ByteBuffer.wrap(value).putInt(i);
                store.put(CrashOps.key(i), value);
            }
            store.flush();
            System.out.println(FLUSHED_LINE);
            for (int i = 0; i < UNSYNCED; i++) {
                ByteBuffer.wrap(value).putInt(-i);
                store.put(CrashOps.key((i * 7919) % FLUSHED), value); // rewrites paths all over the tree
                if (i % 64 == 63) store.flush();
            }
            System.out.flush();
            Runtime.getRuntime().halt(0); // no close: the tail stays unsynced, as at a kill
        }
    }
}
