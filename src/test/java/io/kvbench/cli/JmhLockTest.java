package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.run.JmhLock;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A held JMH lock is the machine's failure, found before any benchmark starts: {@code run --runner local} beside
 * another JMH run exits 3 with one line that names the lock, and writes nothing (it used to record every benchmark as
 * an ENGINE_FAILURE and exit 0). The lock is held here by this JVM; another process's (a JMH run of another user of
 * the machine) holds it as well.
 */
class JmhLockTest {

    @TempDir
    Path tmp;

    @Test
    void aLocalRunBesideAHeldLockExits3NamingItAndWritesNothing() throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw")) {
            FileLock held = tryLock(raf); // null: another process holds it, which serves as well
            try {
                assertThat(JmhLock.unavailable()).contains(JmhLock.file().toString()).contains("held");
                Path out = tmp.resolve("o");
                CliRun run = CliRun.of("run", "--runner", "local", "--engines", "lmdb", "--workloads", "ycsb-c",
                        "--profile", "smoke", "--out", out.toString());
                assertThat(run.exitCode()).as(run.err() + run.out()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
                assertThat(run.err().lines().toList()).hasSize(1).singleElement().asString()
                        .startsWith("kvbench: ").contains(JmhLock.file().toString()).contains("--runner container");
                try (Stream<Path> left = Files.list(tmp)) {
                    assertThat(left.toList()).as("nothing written").isEqualTo(List.of());
                }
            } finally {
                if (held != null) held.release();
            }
        }
    }

    /** Bad input is found before the machine is asked: exit 2 naming the option, also while the lock is held. */
    @Test
    void badInputBesideAHeldLockIsStillBadInput() throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw")) {
            FileLock held = tryLock(raf);
            try {
                CliRun run = CliRun.of("interleave", "--runner", "local", "--engines", "rocksdb", "--workloads",
                        "ycsb-c", "--min-rounds", "2", "--out", tmp.resolve("o").toString());
                assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
                assertThat(run.err()).contains("min rounds must be >= 3");
            } finally {
                if (held != null) held.release();
            }
        }
    }

    private static FileLock tryLock(RandomAccessFile raf) throws IOException {
        try {
            return raf.getChannel().tryLock();
        } catch (OverlappingFileLockException heldHere) {
            return null;
        }
    }
}
