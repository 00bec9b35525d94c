package io.kvbench.crash.fuse;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Damage to synced data: one bit flipped (silent corruption) or one sector that fails every read (a latent sector
 * error). The target is drawn from the seed among the files below a directory whose every byte an fsync made durable
 * (a file with unsynced changes is passed over: its damage would not be to synced data), a file with a chance in
 * proportion to its length, then a byte (and bit) or a sector in it.
 *
 * @param file      path relative to the mount
 * @param offset    the byte whose bit was flipped, or the first byte of the failing sector
 * @param bit       the bit flipped (0-7), or -1 for a failing sector
 * @param fileBytes the file's length
 */
public record Corruption(String file, long offset, int bit, long fileBytes) {

    /** Bytes of the sector a read error covers. */
    public static final int SECTOR = PowerCut.SECTOR;

    public boolean readError() {
        return bit < 0;
    }

    @Override
    public String toString() {
        return readError() ? "sector " + offset + ".." + (offset + SECTOR - 1) + " of " + file + " fails reads"
                : "bit " + bit + " of byte " + offset + " of " + file + " (" + fileBytes + " bytes) flipped";
    }

    /** Draws the target in an unmounted model, or empty when no fully synced file below {@code under} has bytes. */
    static Optional<Corruption> draw(FsModel model, String under, boolean readError, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        List<Map.Entry<Inode, List<Path>>> files = new ArrayList<>(model.filesAndPaths().entrySet());
        files.sort(Comparator.comparingLong(e -> e.getKey().id)); // a fixed order, so that the draw is replayable
        List<Path> candidates = new ArrayList<>();
        List<Long> lengths = new ArrayList<>();
        long total = 0;
        Path root = model.backing.resolve(under);
        for (Map.Entry<Inode, List<Path>> e : files) {
            Path live = e.getValue().get(0);
            if (!live.startsWith(root) || !e.getKey().log.isEmpty()) continue;
            long length = Files.size(live);
            if (length == 0) continue;
            candidates.add(live);
            lengths.add(length);
            total += length;
        }
        if (total == 0) return Optional.empty();
        long at = random.nextLong(total);
        int i = 0;
        while (at >= lengths.get(i)) at -= lengths.get(i++);
        String file = model.backing.relativize(candidates.get(i)).toString();
        long length = lengths.get(i);
        if (readError) return Optional.of(new Corruption(file, (at / SECTOR) * SECTOR, -1, length));
        return Optional.of(new Corruption(file, at, random.nextInt(8), length));
    }

    /** Flips the bit in the backing file (a read error is set on the mounted model instead). */
    void flip(Path backing) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(backing.resolve(file).toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ (1 << bit));
        }
    }
}
