package io.kvbench.crash.fuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The seeded variants: a prefix of each file's unsynced writes, and a torn last write at a sector boundary. Ten
 * unsynced appends of 1 KiB, each filled with its own letter, make every outcome readable: which appends survived, and
 * where a tear cut. (1 KiB divides the page: the kernel splits a write that crosses a page boundary into two FUSE
 * writes, and a prefix may end between them, as it may on a disk.)
 */
class PowerCutVariantsTest extends FuseTest {

    private static final int APPENDS = 10, SIZE = 1024;

    /** Writes the appends to a durable empty file, cuts, and returns what the file holds. */
    private byte[] cut(PowerCutFs fs, PowerCut.Variant variant, long seed) throws IOException {
        Path f = fs.mountPoint().resolve("log");
        Files.write(f, new byte[0]);
        FsOps.fsync(f);
        FsOps.fsyncDir(fs.mountPoint());
        for (int i = 0; i < APPENDS; i++) FsOps.pwrite(f, (long) i * SIZE, record(i));
        assertThat(Files.size(f)).isEqualTo(APPENDS * SIZE);
        fs.powerCut(variant, seed);
        return Files.readAllBytes(f);
    }

    private static byte[] record(int i) {
        byte[] r = new byte[SIZE];
        Arrays.fill(r, (byte) ('a' + i));
        return r;
    }

    /** The content is the appends in order, cut at {@code length}. */
    private static void assertPrefixOfAppends(byte[] content) {
        for (int at = 0; at < content.length; at++) {
            assertThat(content[at]).as("byte %d", at).isEqualTo((byte) ('a' + at / SIZE));
        }
    }

    @Test
    void keepPrefixKeepsWholeWritesInOrderAndIsReplayable() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Set<Integer> kept = new HashSet<>();
            List<Integer> first = new ArrayList<>();
            for (long seed = 1; seed <= 8; seed++) {
                byte[] content = cut(fs, PowerCut.Variant.KEEP_PREFIX, seed);
                assertThat(content.length % SIZE).as("length %d, seed %d", content.length, seed).isZero();
                assertPrefixOfAppends(content);
                kept.add(content.length / SIZE);
                first.add(content.length / SIZE);
            }
            // seeded: the same seeds give the same prefixes
            for (long seed = 1; seed <= 8; seed++) {
                assertThat(cut(fs, PowerCut.Variant.KEEP_PREFIX, seed).length / SIZE)
                        .isEqualTo(first.get((int) seed - 1));
            }
            assertThat(kept).as("eight seeds keep different prefixes, not always none or all").hasSizeGreaterThan(2);
        }
    }

    @Test
    void tornKeepsAllButTheLastWriteAndASectorAlignedPartOfIt() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Set<Integer> lengths = new HashSet<>();
            for (long seed = 1; seed <= 6; seed++) {
                byte[] content = cut(fs, PowerCut.Variant.TORN, seed);
                assertPrefixOfAppends(content);
                int full = (APPENDS - 1) * SIZE;
                assertThat(content.length).isBetween(full, APPENDS * SIZE - 1);
                if (content.length > full) {
                    assertThat(content.length % PowerCut.SECTOR).as("the tear is at a sector boundary").isZero();
                }
                lengths.add(content.length);
            }
            // the last write covers [9216, 10240): the one sector boundary inside it is 9728; dropped or torn there
            assertThat(lengths).containsExactlyInAnyOrder(9216, 9728);
            assertThat(cut(fs, PowerCut.Variant.TORN, 3)).hasSize(cut(fs, PowerCut.Variant.TORN, 3).length);
        }
    }

    @Test
    void dropAllKeepsNothingUnsynced() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            assertThat(cut(fs, PowerCut.Variant.DROP_ALL, 1)).isEmpty();
        }
    }
}
