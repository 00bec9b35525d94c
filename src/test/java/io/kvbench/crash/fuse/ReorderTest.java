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
 * The reorder fault: a power cut keeps, per page the unsynced writes touched, a random number of that page's writes,
 * oldest first, independently of the other pages and files, so the kept writes need not be a prefix (ALICE and
 * CrashMonkey found most of their bugs so). Each page-sized write fills its page with its own letter, and two writes
 * share page 0, so what survived reads off the file. The prefix variant, run the same way, must never show a gap.
 */
class ReorderTest extends FuseTest {

    private static final int PAGE = FsModel.PAGE;
    private static final int PAGES = 6;

    /** What the last {@link #cut} reported. */
    private PowerCut.Result lastCut;

    /**
     * Two durable, page-aligned files of PAGES pages of zeros; unsynced: page 0 gets 'a' in its first half then 'b'
     * in its second, pages 1.. get 'c', 'd', ... in order, in both files. Returns per file which writes survived.
     */
    private List<String> cut(PowerCutFs fs, PowerCut.Variant variant, long seed) throws IOException {
        List<Path> files = List.of(fs.mountPoint().resolve("one"), fs.mountPoint().resolve("two"));
        for (Path f : files) {
            Files.write(f, new byte[PAGES * PAGE]);
            FsOps.fsync(f);
        }
        FsOps.fsyncDir(fs.mountPoint());
        for (Path f : files) {
            FsOps.pwrite(f, 0, fill('a', PAGE / 2));
            FsOps.pwrite(f, PAGE / 2, fill('b', PAGE / 2));
            for (int p = 1; p < PAGES; p++) FsOps.pwrite(f, (long) p * PAGE, fill((char) ('b' + p), PAGE));
        }
        lastCut = fs.powerCut(variant, seed);
        List<String> kept = new ArrayList<>();
        for (Path f : files) kept.add(survivors(Files.readAllBytes(f)));
        return kept;
    }

    /** The letters of the writes that survived, in write order ("ab" for page 0 whole, "_" for a dropped write). */
    private static String survivors(byte[] content) {
        assertThat(content).hasSize(PAGES * PAGE);
        StringBuilder s = new StringBuilder();
        s.append(content[0] == 'a' ? 'a' : '_').append(content[PAGE / 2] == 'b' ? 'b' : '_');
        for (int p = 1; p < PAGES; p++) s.append(content[p * PAGE] == 'b' + p ? (char) ('b' + p) : '_');
        return s.toString();
    }

    /** The letters, read in write order, have a gap: a later write kept while an earlier one was dropped. */
    private static boolean noPrefix(String kept) {
        return kept.replaceAll("_+$", "").contains("_");
    }

    @Test
    void aReorderingCutKeepsSubsetsThatAreNoPrefixAndEachPageAPrefixOfItsWrites() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Set<String> seen = new HashSet<>();
            boolean gap = false;
            for (long seed = 1; seed <= 12; seed++) {
                List<String> kept = cut(fs, PowerCut.Variant.REORDER, seed);
                for (String k : kept) {
                    assertThat(k).as("page 0 keeps its writes in order: never 'b' without 'a'").doesNotStartWith("_b");
                    gap |= noPrefix(k);
                    seen.add(k);
                }
                assertThat(cut(fs, PowerCut.Variant.REORDER, seed)).as("seed %d replays", seed).isEqualTo(kept);
            }
            assertThat(gap).as("some cut kept a later write and dropped an earlier one: " + seen).isTrue();
            assertThat(seen).as("the two files and the seeds keep different subsets").hasSizeGreaterThan(4);
        }
    }

    @Test
    void thePrefixVariantNeverHasAGapAndOnlyReorderingCutsAreCounted() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            int reordered = 0;
            for (long seed = 1; seed <= 12; seed++) {
                for (String k : cut(fs, PowerCut.Variant.KEEP_PREFIX, seed)) assertThat(noPrefix(k)).as(k).isFalse();
                assertThat(lastCut.data().reorderedFiles()).isZero();
                cut(fs, PowerCut.Variant.REORDER, seed);
                reordered += lastCut.data().reorderedFiles();
            }
            assertThat(reordered).as("reordering cuts counted").isPositive();
        }
    }

    private static byte[] fill(char c, int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) c);
        return b;
    }
}
