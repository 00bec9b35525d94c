package io.kvbench.crash.fuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;

/**
 * The fsync-error fault: the chosen fsync or fdatasync fails with EIO, and the file's writes since its last sync are
 * lost to the next power cut although a retried fsync succeeds (ext4, XFS and Btrfs mark the pages clean after a
 * failed write-back: Rebello et al., "Can Applications Recover from fsync Failures?", ATC 2020). Each check runs with
 * the fault armed and without it, and must come out differently.
 */
class FsyncErrorTest extends FuseTest {

    private static final int PAGE = FsModel.PAGE;

    /**
     * Writes "base" durably, then "lost" unsynced; with the fault armed the next fsync fails and a retry succeeds; then
     * the power is cut. Returns what the file holds afterwards.
     */
    private String retryAfterFailedSync(boolean armed, boolean dataSync) throws IOException {
        String name = armed + "-" + dataSync;
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b" + name), tmp.resolve("m" + name))) {
            Path f = fs.mountPoint().resolve("wal");
            Files.writeString(f, "base.");
            FsOps.fsync(f);
            FsOps.fsyncDir(fs.mountPoint());
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap("lost".getBytes(StandardCharsets.US_ASCII)), 5);
                if (armed) fs.faults().failFsync(1);
                if (armed) {
                    assertThatThrownBy(() -> ch.force(!dataSync)).isInstanceOf(IOException.class)
                            .hasMessageContaining("Input/output error");
                }
                ch.force(!dataSync); // the retry "succeeds"
            }
            assertThat(Files.readString(f)).as("before the cut the page cache shows the write").isEqualTo("base.lost");
            assertThat(fs.faults().take().fsyncErrors()).isEqualTo(armed ? 1 : 0);
            PowerCut.Result cut = fs.powerCut(PowerCut.Variant.DROP_ALL, 1);
            assertThat(cut.data().lostWrites()).isEqualTo(armed ? 1 : 0);
            return Files.readString(f);
        }
    }

    @Test
    void aWriteWhoseFsyncFailedIsLostAlthoughTheRetrySucceeded() throws IOException {
        // the retried fsync commits the length, not the bytes: the lost append reads back as zeros
        assertThat(retryAfterFailedSync(true, false)).isEqualTo("base.\0\0\0\0");
        assertThat(retryAfterFailedSync(false, false)).as("without the fault the retried fsync keeps it")
                .isEqualTo("base.lost");
    }

    @Test
    void fdatasyncFailsTheSameWay() throws IOException {
        assertThat(retryAfterFailedSync(true, true)).isEqualTo("base.\0\0\0\0");
        assertThat(retryAfterFailedSync(false, true)).isEqualTo("base.lost");
    }

    /**
     * After the failed fsync, a write to the page of the lost bytes and a successful fsync write that whole page back,
     * lost bytes included, while a lost write alone in its page stays lost.
     */
    @Test
    void aLaterSyncWritesBackWholePagesOnly() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Path f = fs.mountPoint().resolve("data");
            Files.write(f, new byte[3 * PAGE]);
            FsOps.fsync(f);
            FsOps.fsyncDir(fs.mountPoint());
            FsOps.pwrite(f, 10, bytes('a', 10));        // page 0: lost, then rewritten by the page's next write-back
            FsOps.pwrite(f, 2L * PAGE + 10, bytes('c', 10)); // page 2: lost for good
            fs.faults().failFsync(1);
            assertThatThrownBy(() -> FsOps.fsync(f)).isInstanceOf(IOException.class);
            FsOps.pwrite(f, 100, bytes('b', 10));        // page 0 again
            FsOps.fsync(f);
            fs.powerCut(PowerCut.Variant.DROP_ALL, 2);
            byte[] after = Files.readAllBytes(f);
            assertThat(after).hasSize(3 * PAGE);
            assertThat(slice(after, 10, 10)).as("the lost bytes in the page written back").isEqualTo(bytes('a', 10));
            assertThat(slice(after, 100, 10)).isEqualTo(bytes('b', 10));
            assertThat(slice(after, 2 * PAGE + 10, 10)).as("the lost bytes alone in their page")
                    .isEqualTo(new byte[10]);
        }
    }

    @Test
    void onlyTheChosenCallFails() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Path f = fs.mountPoint().resolve("x");
            Files.writeString(f, "x");
            fs.faults().failFsync(3);
            FsOps.fsync(f);
            FsOps.fsync(f);
            assertThatThrownBy(() -> FsOps.fsync(f)).isInstanceOf(IOException.class);
            FsOps.fsync(f);
            assertThat(fs.faults().take().fsyncErrors()).isEqualTo(1);
        }
    }

    private static byte[] bytes(char c, int n) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) c);
        return b;
    }

    private static byte[] slice(byte[] all, int from, int length) {
        return java.util.Arrays.copyOfRange(all, from, from + length);
    }
}
