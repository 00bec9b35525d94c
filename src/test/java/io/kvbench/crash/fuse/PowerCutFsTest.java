package io.kvbench.crash.fuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The power-cut file system on its own, before any engine runs on it: it must lose exactly what POSIX lets a power cut
 * lose. Every test first checks that the live mount shows the unsynced change (so a loss afterwards is the cut's doing,
 * not a write that never happened), then cuts the power and checks what remains.
 */
class PowerCutFsTest extends FuseTest {

    private PowerCutFs mount() throws IOException {
        return PowerCutFs.mount(tmp.resolve("backing"), tmp.resolve("mnt"));
    }

    @Test
    void anUnsyncedWriteIsLostAndASyncedOneSurvives() throws IOException {
        try (PowerCutFs fs = mount()) {
            Path a = fs.mountPoint().resolve("a");
            Files.writeString(a, "synced.");
            FsOps.fsync(a);
            FsOps.fsyncDir(fs.mountPoint());
            Files.writeString(a, "and not synced", StandardOpenOption.APPEND);
            assertThat(Files.readString(a)).isEqualTo("synced.and not synced");
            PowerCut.Result cut = fs.powerCut(PowerCut.Variant.DROP_ALL, 1);
            assertThat(Files.readString(a)).isEqualTo("synced.");
            assertThat(cut.data().changesUndone()).isEqualTo(1);
            // an overwrite in place is undone too, not just an append
            FsOps.pwrite(a, 0, "SYNCED".getBytes());
            assertThat(Files.readString(a)).isEqualTo("SYNCED.");
            fs.powerCut(PowerCut.Variant.DROP_ALL, 2);
            assertThat(Files.readString(a)).isEqualTo("synced.");
        }
    }

    @Test
    void aNewNameIsDurableOnlyAfterItsDirectoryIsSynced() throws IOException {
        try (PowerCutFs fs = mount()) {
            Path dir = Files.createDirectories(fs.mountPoint().resolve("d"));
            FsOps.fsyncDir(fs.mountPoint());
            Path dataSynced = dir.resolve("data-synced");
            Files.writeString(dataSynced, "bytes");
            FsOps.fsync(dataSynced); // the file's bytes, but not its name
            Path nameSynced = dir.resolve("name-synced");
            Files.writeString(nameSynced, "bytes never synced");
            Path both = dir.resolve("both");
            Files.writeString(both, "everything");
            FsOps.fsync(both);
            FsOps.fsyncDir(dir);
            Path late = dir.resolve("late"); // created after the directory's last fsync
            Files.writeString(late, "x");
            FsOps.fsync(late);
            assertThat(Files.exists(dataSynced) && Files.exists(late)).isTrue();
            fs.powerCut(PowerCut.Variant.DROP_ALL, 3);
            assertThat(Files.exists(late)).as("created after the directory fsync").isFalse();
            assertThat(Files.readString(both)).isEqualTo("everything");
            assertThat(Files.readString(nameSynced)).as("its name is durable, its bytes never were").isEmpty();
            assertThat(Files.exists(dataSynced)).as("created before the directory fsync, bytes synced").isTrue();
            assertThat(Files.readString(dataSynced)).isEqualTo("bytes");
        }
    }

    @Test
    void anUnsyncedRenameOrDeleteIsUndone() throws IOException {
        try (PowerCutFs fs = mount()) {
            Path m = fs.mountPoint();
            Path x = m.resolve("x");
            Path gone = m.resolve("gone");
            Files.writeString(x, "x's bytes");
            Files.writeString(gone, "deleted, but not durably");
            FsOps.fsync(x);
            FsOps.fsync(gone);
            FsOps.fsyncDir(m);
            Files.move(x, m.resolve("y"));
            Files.delete(gone);
            assertThat(Files.exists(x) || Files.exists(gone)).isFalse();
            fs.powerCut(PowerCut.Variant.DROP_ALL, 4);
            assertThat(Files.readString(x)).isEqualTo("x's bytes");
            assertThat(Files.exists(m.resolve("y"))).isFalse();
            assertThat(Files.readString(gone)).isEqualTo("deleted, but not durably");
            // the same rename, made durable by the directory fsync (the classic write-temp, fsync, rename, fsync-dir)
            Files.move(x, m.resolve("y"));
            FsOps.fsyncDir(m);
            fs.powerCut(PowerCut.Variant.DROP_ALL, 5);
            assertThat(Files.exists(x)).isFalse();
            assertThat(Files.readString(m.resolve("y"))).isEqualTo("x's bytes");
        }
    }

    @Test
    void aRenameOverAnExistingFileWithoutDirectorySyncKeepsTheOldFile() throws IOException {
        try (PowerCutFs fs = mount()) {
            Path m = fs.mountPoint();
            Path current = m.resolve("CURRENT");
            Files.writeString(current, "old");
            FsOps.fsync(current);
            FsOps.fsyncDir(m);
            Path tmpFile = m.resolve("CURRENT.tmp");
            Files.writeString(tmpFile, "new");
            FsOps.fsync(tmpFile);
            Files.move(tmpFile, current, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            assertThat(Files.readString(current)).isEqualTo("new");
            fs.powerCut(PowerCut.Variant.DROP_ALL, 6);
            assertThat(Files.readString(current)).isEqualTo("old");
            assertThat(Files.exists(tmpFile)).isFalse();
        }
    }

    @Test
    void aMappedFileKeepsWhatMsyncFlushedAndLosesTheRest() throws Exception {
        try (PowerCutFs fs = mount()) {
            Path forced = fs.mountPoint().resolve("forced");
            Path notForced = fs.mountPoint().resolve("not-forced");
            for (Path p : new Path[] {forced, notForced}) {
                Files.write(p, new byte[8192]);
                FsOps.fsync(p);
            }
            FsOps.fsyncDir(fs.mountPoint());
            MapWriter.run(forced, 8192, true);
            MapWriter.run(notForced, 8192, false);
            assertThat(Files.readAllBytes(notForced)).containsOnly('m');
            fs.powerCut(PowerCut.Variant.DROP_ALL, 7);
            assertThat(Files.readAllBytes(forced)).hasSize(8192).containsOnly('m');
            assertThat(Files.readAllBytes(notForced)).hasSize(8192).containsOnly(0);
        }
    }

    @Test
    void concurrentWritersKeepExactlyWhatEachSynced() throws Exception {
        int writers = 4, records = 60, size = 4096;
        try (PowerCutFs fs = mount()) {
            int[] lastSynced = new int[writers];
            Thread[] threads = new Thread[writers];
            Exception[] failure = new Exception[1];
            for (int w = 0; w < writers; w++) {
                int id = w;
                threads[w] = new Thread(() -> {
                    Path p = fs.mountPoint().resolve("w" + id);
                    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                        for (int r = 0; r < records; r++) {
                            byte[] rec = new byte[size];
                            Arrays.fill(rec, (byte) (r + 1));
                            ch.write(ByteBuffer.wrap(rec), (long) r * size);
                            if ((r + id) % 7 == 0) {
                                ch.force(false);
                                lastSynced[id] = r + 1;
                            }
                        }
                    } catch (IOException e) {
                        failure[0] = e;
                    }
                });
                threads[w].start();
            }
            for (Thread t : threads) t.join();
            assertThat(failure[0]).isNull();
            FsOps.fsyncDir(fs.mountPoint());
            fs.powerCut(PowerCut.Variant.DROP_ALL, 8);
            for (int w = 0; w < writers; w++) {
                byte[] content = Files.readAllBytes(fs.mountPoint().resolve("w" + w));
                assertThat(content).as("writer %d synced %d records", w, lastSynced[w]).hasSize(lastSynced[w] * size);
                for (int r = 0; r < lastSynced[w]; r++) {
                    assertThat(content[r * size + size - 1]).isEqualTo((byte) (r + 1));
                }
            }
        }
    }
}
