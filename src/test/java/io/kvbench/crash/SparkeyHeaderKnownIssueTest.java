package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.fuse.Faults;
import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.knownissues.KnownIssuePin;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Directories;
import io.kvbench.infra.JavaCommand;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins Sparkey 3.2.5's log header, rewritten in place at every flush one byte per write(2) (LogHeader.write through
 * Util.writeLittleEndianInt on a RandomAccessFile; known-issues.json): a process killed during that rewrite leaves a
 * header that mixes two flushes. Its dataEnd then points into the middle of an entry; the next open truncates the log
 * there, and the index built from it references data past the end: the get of a key flushed before fails with
 * CorruptedIndexException. The adapter promises every write before the last flush() after a kill. Found by
 * {@code kvbench crash --fault disk-full} (seed 20261126, cycle 12: dataEnd's low byte from the new flush, the others
 * from the one before). Made deterministic with a write the file system holds: a child JVM puts {@value #FIRST} keys
 * and flushes (log end 1224, 0x4C8), puts {@value #SECOND} more and flushes (0x5AC); the third header write reaching
 * dataEnd's second byte (log offset 33) is held, the child is killed while it waits, and dataEnd reads 0x4AC: inside
 * the last entry of the first flush. Without the hold the same child's keys all read back. The reference:
 * https://github.com/spotify/sparkey-java/blob/sparkey-3.2.5/src/main/java/com/spotify/sparkey/LogHeader.java#L90-L115
 */
@Tag("crash")
@Tag("fuse")
class SparkeyHeaderKnownIssueTest {

    static final String ISSUE = "https://github.com/spotify/sparkey-java/blob/sparkey-3.2.5/src/main/java/com/spotify/"
            + "sparkey/LogHeader.java#L90-L115";
    static final int FIRST = 10;
    static final int SECOND = 2;
    /** Byte 1 of the header's dataEnd (magic, versions and file id: 16 bytes; puts, deletes: 8 each). */
    static final long DATA_END_SECOND_BYTE = 33;

    @TempDir
    Path copies;

    @Test
    void aKillDuringTheHeaderRewriteLeavesAFlushedKeyUnreadable() throws Throwable {
        Optional<String> noFuse = PowerCutFs.unavailableReason();
        assumeTrue(noFuse.isEmpty(), () -> "skipped: " + noFuse.orElse(""));
        List<String> unreadable = afterTheChild(true);
        KnownIssuePin.stillReproduces(ISSUE, "its entry from known-issues.json",
                () -> assertThat(unreadable).as("flushed keys that fail to read or are gone").isNotEmpty());
        assertThat(afterTheChild(false)).as("the same writes, the flushes not interrupted").isEmpty();

        String loopFailure = "cannot read the store after the kill of cycle 12: READ-FAILED KvException: [sparkey] get "
                + "failed: com.spotify.sparkey.CorruptedIndexException: Index is likely corrupt (store.spl), "
                + "referencing data outside of range";
        for (Fault fault : List.of(Fault.PROCESS_KILL, Fault.DISK_FULL, Fault.KILL_IN_RECOVERY)) {
            assertThat(Verdicts.find("sparkey", fault, new Failure(FailureKind.UNREADABLE, loopFailure)))
                    .as(fault.id()).map(KnownIssues.KnownIssue::reference).contains(ISSUE);
        }
    }

    /** Runs the child (killed at the held header byte, or to its end) and lists the flushed keys that do not read. */
    private List<String> afterTheChild(boolean hold) throws Exception {
        Path dir = Path.of("target", "sparkey-header").toAbsolutePath();
        PowerCutFs.clearStaleMount(dir.resolve("mnt"));
        Directories.deleteRecursively(dir);
        Path copy = copies.resolve(hold ? "held" : "whole");
        try (PowerCutFs fs = PowerCutFs.mount(dir.resolve("backing"), dir.resolve("mnt"))) {
            Path store = ChildJvms.durableStoreDir(fs);
            // the header is written at creation, at the first flush and at the second: hold the third
            Faults.HeldWrite held = hold ? fs.faults().holdWrite("store.spl", DATA_END_SECOND_BYTE, 3) : null;
            List<String> command = JavaCommand.here().flags(WriterLauncher.WRITER_JVM_OPTIONS)
                    .classPath(ClassPaths.parse(ClassPaths.current()))
                    .main(Child.class.getName(), List.of(store.toString())).build();
            try (WriterProcess child = LocalWriters.launch("sparkey-header", command)) {
                if (held != null) {
                    assertThat(held.awaitHeld(Duration.ofMinutes(1))).as("the second flush's header write: "
                            + child.stderr()).isTrue();
                    child.kill(); // it waits in the write: the kill lands between two bytes of the header
                    held.release();
                }
                assertThat(child.awaitExit(Duration.ofMinutes(1))).as("the child ended: " + child.stderr()).isPresent();
                assertThat(child.stdout()).contains(Child.FLUSHED);
            }
            Directories.copyRecursively(dir.resolve("backing").resolve(CrashWriter.STORE_DIR), copy);
        }
        Directories.deleteRecursively(dir);
        List<String> unreadable = new ArrayList<>();
        try (KvStore store = Engines.open(Engines.byId("sparkey"), copy, StoreOptions.DEFAULT)) {
            for (int i = 0; i < FIRST; i++) {
                try {
                    if (store.get(CrashOps.key(i)) == null) unreadable.add(i + ": gone");
                } catch (RuntimeException e) {
                    unreadable.add(i + ": " + e);
                }
            }
        }
        System.out.println("sparkey, header write " + (hold ? "interrupted" : "whole") + ": " + unreadable);
        return unreadable;
    }

    /** {@code <dir>}: FIRST puts of 100-byte values, flush(), SECOND more, flush(), then a halt without close. */
    public static final class Child {
        static final String FLUSHED = "flushed";

        public static void main(String[] args) {
            KvStore store = Engines.open(Engines.byId("sparkey"), Path.of(args[0]), StoreOptions.DEFAULT);
            for (int i = 0; i < FIRST + SECOND; i++) {
                store.put(CrashOps.key(i), new byte[100]);
                if (i == FIRST - 1) {
                    store.flush();
                    System.out.println(FLUSHED);
                }
            }
            store.flush();
            System.out.flush();
            Runtime.getRuntime().halt(0); // no close: closing would seal the store
        }
    }
}
