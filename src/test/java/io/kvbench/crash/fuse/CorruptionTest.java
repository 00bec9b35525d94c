package io.kvbench.crash.fuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The corruption faults on synced data: a flipped bit (silent corruption) changes exactly one bit of a fully synced
 * file, and a failing sector (a latent sector error) fails every read that touches it with EIO until a write covers it;
 * a file with unsynced writes is never the target, the draw replays from its seed, and a snapshot puts the bytes back.
 * Each check also runs on the undamaged store, where it must come out differently.
 */
class CorruptionTest extends FuseTest {

    private static final int SIZE = 64 * 1024;

    /** A synced file of random bytes and a larger unsynced one below store/, and a synced file outside it. */
    private byte[] store(PowerCutFs fs) throws IOException {
        Path store = Files.createDirectories(fs.mountPoint().resolve("store"));
        byte[] content = new byte[SIZE];
        new Random(7).nextBytes(content);
        Files.write(store.resolve("synced"), content);
        FsOps.fsync(store.resolve("synced"));
        Files.write(store.resolve("unsynced"), new byte[4 * SIZE]);
        Files.write(fs.mountPoint().resolve("outside"), new byte[4 * SIZE]);
        FsOps.fsync(fs.mountPoint().resolve("outside"));
        FsOps.fsyncDir(store);
        FsOps.fsyncDir(fs.mountPoint());
        return content;
    }

    @Test
    void aBitFlipChangesOneBitOfASyncedFileAndReplaysFromItsSeed() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            byte[] original = store(fs);
            Path synced = fs.mountPoint().resolve("store/synced");
            fs.snapshot(tmp.resolve("copy"));
            Set<Long> offsets = new HashSet<>();
            for (long seed = 1; seed <= 5; seed++) {
                byte[] before = Files.readAllBytes(synced);
                assertThat(differingBits(before, Files.readAllBytes(synced))).as("no flip, no difference").isZero();
                Corruption c = fs.corrupt("store", false, seed).orElseThrow();
                assertThat(c.file()).as("the synced file, never the unsynced one nor one outside")
                        .isEqualTo("store/synced");
                assertThat(c.readError()).isFalse();
                byte[] damaged = Files.readAllBytes(synced);
                assertThat(differingBits(before, damaged)).as(c.toString()).isEqualTo(1);
                assertThat((damaged[(int) c.offset()] ^ before[(int) c.offset()]) & 0xff).isEqualTo(1 << c.bit());
                offsets.add(c.offset());
            }
            assertThat(offsets).as("different seeds, different places").hasSizeGreaterThan(1);
            fs.restore(tmp.resolve("copy"));
            assertThat(Files.readAllBytes(synced)).as("put back").isEqualTo(original);
            Corruption first = fs.corrupt("store", false, 9).orElseThrow();
            fs.restore(tmp.resolve("copy"));
            assertThat(fs.corrupt("store", false, 9)).as("the same tree and seed, the same bit").contains(first);
        }
    }

    @Test
    void aFailingSectorFailsReadsThatTouchItUntilAWriteCoversIt() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            byte[] original = store(fs);
            Path synced = fs.mountPoint().resolve("store/synced");
            assertThat(readAt(synced, 0, SIZE)).as("undamaged: every byte reads").isEqualTo(original);
            Corruption c = fs.corrupt("store", true, 3).orElseThrow();
            assertThat(c.readError()).isTrue();
            assertThat(c.offset() % Corruption.SECTOR).isZero();
            assertThatThrownBy(() -> readAt(synced, c.offset(), 1)).isInstanceOf(IOException.class)
                    .hasMessageContaining("Input/output error");
            long elsewhere = c.offset() < SIZE / 2 ? SIZE - 4096 : 0; // another page, not read along with the sector
            assertThat(readAt(synced, elsewhere, 4096)).isEqualTo(java.util.Arrays.copyOfRange(original,
                    (int) elsewhere, (int) elsewhere + 4096));
            assertThat(fs.faults().take().readErrors()).isPositive();
            FsOps.pwrite(synced, c.offset(), new byte[Corruption.SECTOR]); // a write remaps the sector
            assertThat(readAt(synced, c.offset(), Corruption.SECTOR)).isEqualTo(new byte[Corruption.SECTOR]);
        }
    }

    @Test
    void nothingIsDamagedWhereNoFileIsFullySynced() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Files.createDirectories(fs.mountPoint().resolve("store"));
            Files.write(fs.mountPoint().resolve("store/unsynced"), new byte[SIZE]);
            Optional<Corruption> none = fs.corrupt("store", false, 1);
            assertThat(none).isEmpty();
            assertThat(Files.readAllBytes(fs.mountPoint().resolve("store/unsynced"))).isEqualTo(new byte[SIZE]);
        }
    }

    private static byte[] readAt(Path file, long offset, int length) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            byte[] b = new byte[length];
            raf.seek(offset);
            raf.readFully(b);
            return b;
        }
    }

    private static int differingBits(byte[] a, byte[] b) {
        int bits = 0;
        for (int i = 0; i < a.length; i++) bits += Integer.bitCount((a[i] ^ b[i]) & 0xff);
        return bits;
    }
}
