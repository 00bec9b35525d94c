package io.kvbench.crash.fuse;

import io.kvbench.infra.Directories;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What a power cut does to the backing tree of an unmounted {@link FsModel}: every file's bytes go back to what its
 * last fsync made durable (or, per {@link Variant}, keep a seeded prefix of the writes since, or a torn last write), and
 * the names go back to what each directory's last fsync made durable. Seeded: the same model history and seed give the
 * same result.
 */
public final class PowerCut {

    /** Sector size of the torn variant: a disk writes a sector entirely or not at all, but not a multi-sector write. */
    public static final int SECTOR = 512;

    /** How much of the unsynced writes reach the disk before the power is gone. */
    public enum Variant {
        /** None: every file is exactly as of its last fsync (LazyFS's default "clear cache"). */
        DROP_ALL,
        /** Per file, a random number 0..n of its n unsynced writes and truncates, in order (the disk wrote some of them). */
        KEEP_PREFIX,
        /** Per file, all unsynced changes but the last; a last write keeps a random whole-sector prefix (a torn write). */
        TORN
    }

    /**
     * What a power cut took away: files that lost bytes, undone changes, torn writes, names before and after; and the
     * files whose bytes had been fsync'd but whose name was never made durable by an fsync of its directory (paths
     * relative to the mount): they are gone although every fsync of them returned, which POSIX allows and ext4 in
     * practice does not do (its journal commits the new name with the file's fsync).
     */
    public record Result(int filesRolledBack, int changesUndone, int changesKept, int tornWrites, int namesBefore, int namesAfter,
                         List<String> syncedButUnnamed) {
    }

    private PowerCut() {
    }

    /** Applies the cut to the backing tree; the caller loads a fresh model of what remains. */
    static Result apply(FsModel model, Variant variant, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Inode, List<Path>> files = model.filesAndPaths();
        int rolledBack = 0, undone = 0, kept = 0, torn = 0;
        // a fixed order, so that the random draws are replayable
        List<Inode> ordered = new ArrayList<>(files.keySet());
        ordered.sort(Comparator.comparingLong(i -> i.id));
        for (Inode file : ordered) {
            List<Inode.Undo> log = file.unsynced;
            if (log.isEmpty()) continue;
            int n = log.size();
            int keep = switch (variant) {
                case DROP_ALL -> 0;
                case KEEP_PREFIX -> random.nextInt(n + 1);
                case TORN -> n - 1;
            };
            try (RandomAccessFile raf = new RandomAccessFile(files.get(file).get(0).toFile(), "rw")) {
                Inode.Undo last = log.get(n - 1);
                byte[] lastData = variant == Variant.TORN && !last.truncate()
                        ? FsModel.read(raf.getChannel(), last.offset(), last.newLength()) : null;
                for (int i = n - 1; i >= keep; i--) undo(raf, log.get(i));
                if (lastData != null && tearAndWrite(raf.getChannel(), last, lastData, random)) torn++;
            }
            rolledBack++;
            undone += n - keep;
            kept += keep;
        }
        int[] names = {0, 0};
        Map<Inode, Path> placed = rebuildNames(model, files, names);
        List<String> unnamed = new ArrayList<>();
        for (Inode file : ordered) {
            Path live = files.get(file).get(0);
            if (file.everSynced && !placed.containsKey(file) && live.startsWith(model.backing)) {
                unnamed.add(model.backing.relativize(live).toString());
            }
        }
        unnamed.sort(null);
        return new Result(rolledBack, undone, kept, torn, names[0], names[1], List.copyOf(unnamed));
    }

    private static void undo(RandomAccessFile raf, Inode.Undo u) throws IOException {
        FileChannel ch = raf.getChannel();
        if (u.truncate()) {
            raf.setLength(u.oldLength());
            writeFully(ch, ByteBuffer.wrap(u.old()), u.offset());
        } else {
            writeFully(ch, ByteBuffer.wrap(u.old()), u.offset());
            raf.setLength(u.oldLength());
        }
    }

    /**
     * Writes a whole-sector prefix of the last write: up to a random sector boundary strictly inside it, or none of it
     * (a write within one sector is atomic: all or nothing, and "all" is not a tear). True when some bytes were kept.
     */
    private static boolean tearAndWrite(FileChannel ch, Inode.Undo last, byte[] data, SplittableRandom random) throws IOException {
        long start = last.offset(), end = start + data.length;
        long firstBoundary = (start / SECTOR + 1) * SECTOR;
        List<Long> cuts = new ArrayList<>(List.of(start)); // no sector of it written
        for (long b = firstBoundary; b < end; b += SECTOR) cuts.add(b);
        long cut = cuts.get(random.nextInt(cuts.size()));
        if (cut == start) return false;
        writeFully(ch, ByteBuffer.wrap(data, 0, (int) (cut - start)), start);
        return true;
    }

    private static void writeFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) at += ch.write(buf, at);
    }

    /**
     * Makes the backing tree hold exactly the durable names: every file's bytes are moved to a staging directory by inode,
     * the tree is emptied, and the durable tree from the root is built again, each name taking its inode's bytes (a
     * second durable name of one inode becomes a hard link). Files with no durable name are gone, as after a real cut.
     */
    private static Map<Inode, Path> rebuildNames(FsModel model, Map<Inode, List<Path>> files, int[] names) throws IOException {
        Path stage = model.state.resolve("stage");
        Directories.deleteRecursively(stage);
        Files.createDirectories(stage);
        Map<Inode, Path> staged = new HashMap<>();
        for (Map.Entry<Inode, List<Path>> e : files.entrySet()) {
            names[0] += e.getValue().size();
            Path to = stage.resolve(String.valueOf(e.getKey().id));
            Files.move(e.getValue().get(0), to, StandardCopyOption.ATOMIC_MOVE);
            staged.put(e.getKey(), to);
        }
        try (var children = Files.list(model.backing)) {
            for (Path child : children.toList()) Directories.deleteRecursively(child);
        }
        Map<Inode, Path> placed = new HashMap<>();
        names[1] = build(model.root(), model.backing, staged, placed);
        Directories.deleteRecursively(stage);
        Directories.deleteRecursively(model.state.resolve("orphans"));
        return placed;
    }

    private static int build(Inode dir, Path at, Map<Inode, Path> staged, Map<Inode, Path> placed) throws IOException {
        int count = 0;
        for (Map.Entry<String, Inode> e : dir.durable.entrySet()) {
            Path p = at.resolve(e.getKey());
            Inode node = e.getValue();
            if (node.dir) {
                Files.createDirectory(p);
                count += build(node, p, staged, placed);
                continue;
            }
            Path first = placed.get(node);
            if (first != null) {
                Files.createLink(p, first);
            } else if (staged.containsKey(node)) {
                Files.move(staged.get(node), p, StandardCopyOption.ATOMIC_MOVE);
                placed.put(node, p);
            } else {
                throw new IOException("the model lost the bytes of " + node + " (durable name " + p + ")");
            }
            count++;
        }
        return count;
    }
}
