package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-process block count against du, which it replaces: the same bytes for the shapes engines leave on disk. */
class DiskBlocksTest {

    @TempDir
    Path dir;

    @Test
    void countsWhatDuCountsForDenseSparseNestedAndHardLinkedFiles() throws Exception {
        Files.write(dir.resolve("dense.sst"), new byte[300_000]);
        try (RandomAccessFile sparse = new RandomAccessFile(dir.resolve("data.mdb").toFile(), "rw")) {
            sparse.setLength(64L << 20); // a mapped store's preallocated, unwritten length: no blocks
            sparse.seek(1 << 20);
            sparse.write(new byte[10_000]);
        }
        Path nested = Files.createDirectories(dir.resolve("wal/archive"));
        Files.write(nested.resolve("000001.log"), new byte[5_000]);
        Files.createLink(dir.resolve("checkpoint.sst"), dir.resolve("dense.sst"));
        Files.createSymbolicLink(dir.resolve("CURRENT-link"), dir.resolve("dense.sst"));
        Files.createFile(dir.resolve("LOCK"));

        long counted = DiskBlocks.allocatedBytes(dir);
        assertThat(counted).as("du -s -B1 of the same tree").isEqualTo(du(dir));
        assertThat(counted).as("the sparse file at its blocks, not its length").isLessThan(64L << 20);
        long dense = DiskBlocks.allocatedBytesOf(dir.resolve("dense.sst"));
        assertThat(counted - dense).as("the rest, with the hard-linked file counted once").isLessThan(dense);
    }

    @Test
    void aFileThatIsGoneCountsNothingAndIsNoError() throws IOException {
        Path gone = dir.resolve("000042.sst");
        Files.write(gone, new byte[100_000]);
        assertThat(DiskBlocks.allocatedBytesOf(gone)).isGreaterThanOrEqualTo(100_000);
        Files.delete(gone); // as a compaction deletes a table between the directory listing and the stat
        assertThat(DiskBlocks.allocatedBytesOf(gone)).isZero();
    }

    private static long du(Path dir) throws Exception {
        Process du = new ProcessBuilder("du", "-s", "-B1", dir.toString()).redirectErrorStream(true).start();
        String out = new String(du.getInputStream().readAllBytes()).trim();
        assertThat(du.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(du.exitValue()).as(out).isZero();
        return Long.parseLong(out.split("\\s+")[0]);
    }
}
