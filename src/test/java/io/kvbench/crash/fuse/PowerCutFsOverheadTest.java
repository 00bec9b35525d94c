package io.kvbench.crash.fuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the file system costs: a loop of 4 KiB writes with an fsync every 8, then reading the file back in 4 KiB reads,
 * on the mount and on its backing directory, in the same run (absolute times on a shared 2-core machine are not stable;
 * the ratio is). Printed, not judged: it only has to be fast enough for crash tests. The fsync on the mount does not
 * reach the disk (durability is simulated), so the write loop's ratio is against a real fsync.
 */
@Tag("fuse")
class PowerCutFsOverheadTest {

    private static final int WRITES = 2_000, SIZE = 4096;

    @TempDir
    Path tmp;

    @Test
    void overheadAgainstTheBackingDirectory() throws IOException {
        var missing = PowerCutFs.unavailableReason();
        assumeTrue(missing.isEmpty(), () -> "FUSE power-cut tests skipped: " + missing.orElse(""));
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            loop(plain.resolve("warm"));
            loop(fs.mountPoint().resolve("warm"));
            long[] direct = loop(plain.resolve("f"));
            long[] fuse = loop(fs.mountPoint().resolve("f"));
            System.out.printf("power-cut fs overhead: %d x 4 KiB write (+fsync every 8): backing %.1f ms, FUSE %.1f ms "
                            + "(x%.1f); read back: backing %.1f ms, FUSE %.1f ms (x%.1f)%n",
                    WRITES, direct[0] / 1e6, fuse[0] / 1e6,
                    (double) fuse[0] / direct[0], direct[1] / 1e6, fuse[1] / 1e6, (double) fuse[1] / direct[1]);
            assertThat(Files.size(fs.mountPoint().resolve("f"))).isEqualTo((long) WRITES * SIZE);
        }
    }

    /** Nanoseconds of the write loop and of the read loop. */
    private static long[] loop(Path file) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(SIZE);
        long start = System.nanoTime();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            for (int i = 0; i < WRITES; i++) {
                block.clear();
                ch.write(block, (long) i * SIZE);
                if (i % 8 == 7) ch.force(false);
            }
        }
        long wrote = System.nanoTime();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int i = 0; i < WRITES; i++) {
                block.clear();
                ch.read(block, (long) i * SIZE);
            }
        }
        return new long[] {wrote - start, System.nanoTime() - wrote};
    }
}
