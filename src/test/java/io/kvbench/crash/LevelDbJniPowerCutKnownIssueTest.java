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
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Pins leveldb-jni's unsynced CURRENT (known-issues.json, google/leveldb#75): LevelDB 1.8 writes CURRENT through a
 * memory-mapped temporary file that it first extends to 64 KiB, syncs, then truncates to its real length when closing
 * it, without a sync, and renames over CURRENT. A later manifest sync fsyncs the directory, which makes the new name
 * durable while the truncate is not: after a power cut CURRENT holds its line and then 64 KiB of zeros, and the store
 * cannot be opened ("CURRENT file does not end with newline"). Found by {@code kvbench crash --fault power-cut}
 * (seed 4770995535421715035, cut 22 of 30; the store kept a 65,536-byte CURRENT).
 *
 * <p>In the crash loop it takes a narrow window (seen in two runs so far): the adapter's flush() fsyncs CURRENT with
 * the log and manifest, so CURRENT stays whole unless LevelDB's own directory sync (a background compaction writing the
 * manifest) comes after the open's CURRENT rename and before the writer's first flush. Here it is made deterministic:
 * a child JVM (a JVM must not map files of a FUSE mount it serves) opens a new store, writes about 10 MB without a
 * flush (memtable compactions sync the manifest and, with it, the directory) and closes it cleanly; then the power is
 * cut (every unsynced change dropped) and a crash writer reopens what remains.
 */
@Tag("crash")
@Tag("fuse")
class LevelDbJniPowerCutKnownIssueTest {

    static final String ISSUE = "https://github.com/google/leveldb/issues/75";
    private static final long SEED = 4770995535421715035L;
    /**
     * About 10 MB of 500-byte values: more than two of LevelDB's 4 MiB write buffers, so the manifest is synced after
     * the open.
     */
    private static final int PUTS = 20_000;

    @Test
    void aPowerCutLeavesCurrentWithoutItsNewline() throws Throwable {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "skipped: " + PowerCutFs.unavailableReason().orElse(""));
        Path dir = Path.of("target", "powercut-leveldb-jni").toAbsolutePath();
        PowerCutFs.clearStaleMount(dir.resolve("mnt"));
        Directories.deleteRecursively(dir);
        long currentLength;
        String reopened;
        try (PowerCutFs fs = PowerCutFs.mount(dir.resolve("backing"), dir.resolve("mnt"))) {
            Path store = ChildJvms.durableStoreDir(fs);
            String wrote = ChildJvms.run(WriteWithoutFlush.class, List.of(store.toString()));
            assertThat(wrote).as("the first process wrote and closed the store without a flush")
                    .contains(WriteWithoutFlush.CLOSED);
            fs.powerCut(PowerCut.Variant.DROP_ALL, SEED);
            currentLength = Files.size(dir.resolve("backing/store/CURRENT"));
            reopened = ChildJvms.run(CrashWriter.class, List.of("leveldb-jni", fs.mountPoint().toString(),
                    String.valueOf(SEED), String.valueOf(CrashLoop.STRIDE), "0"));
        }
        WriterOutput out = WriterOutput.parse(reopened, 2048);
        KnownIssuePin.stillReproduces(ISSUE + " for leveldb-jni", "its entry from known-issues.json", () -> {
            assertThat(currentLength).as("CURRENT's length after the cut").isEqualTo(65_536);
            assertThat(out.openFailed()).as("the store cannot be opened after the cut: " + reopened).isTrue();
        });
        assertThat(out.failedStep().message()).contains("CURRENT file does not end with newline");
        String loopFailure = "unopenable after the power cut of cycle 1: " + out.failedStep();
        assertThat(Verdicts.find("leveldb-jni", Fault.POWER_CUT, new Failure(FailureKind.UNOPENABLE, loopFailure)))
                .as("known-issues.json matches " + loopFailure).map(KnownIssues.KnownIssue::reference).contains(ISSUE);
        Directories.deleteRecursively(dir);
    }

    /**
     * The child: opens a new leveldb-jni store, puts {@link #PUTS} values of 500 bytes, closes it; never calls flush().
     */
    public static final class WriteWithoutFlush {
        static final String CLOSED = "closed without a flush";

        public static void main(String[] args) {
            byte[] value = new byte[500];
            try (KvStore store = Engines.open(Engines.byId("leveldb-jni"), Path.of(args[0]), StoreOptions.DEFAULT)) {
                for (int i = 0; i < PUTS; i++) {
                    value[0] = (byte) i;
                    store.put(CrashOps.key(i % 100_000), value);
                }
            }
            System.out.println(CLOSED);
        }
    }
}
