package io.kvbench.crash.fuse;

import io.kvbench.infra.Directories;
import java.io.IOException;
import java.io.RandomAccessFile;
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
 * last fsync made durable (or, per {@link Variant}, keep a seeded prefix of the writes since, or a torn last write),
 * and the names go back to what each directory's last fsync made durable. Seeded: the same model history and seed give
 * the same result.
 */
public final class PowerCut {

    /** Sector size of the torn variant: a disk writes a sector entirely or not at all, but not a multi-sector write. */
    public static final int SECTOR = 512;

    /** How much of the unsynced writes reach the disk before the power is gone. */
    public enum Variant {
        /** None: every file is exactly as of its last fsync (LazyFS's default "clear cache"). */
        DROP_ALL,
        /**
         * Per file, a random number 0..n of its n unsynced writes and truncates, in order (the disk wrote some of
         * them).
         */
        KEEP_PREFIX,
        /**
         * Per file, all unsynced changes but the last; a last write keeps a random whole-sector prefix (a torn write).
         */
        TORN,
        /**
         * Per page that unsynced writes touched, in every file, a random number of that page's writes, oldest first
         * (the page as write-back took it at some moment): the kept writes are any subset of pages, not a prefix
         * (ALICE, CrashMonkey). A truncate is kept or not by a coin.
         */
        REORDER
    }

    /**
     * What a power cut took away: from the files' bytes ({@link Data}) and from the names ({@link Names}).
     *
     * @param data  what happened to unsynced and lost writes
     * @param names what happened to names
     */
    public record Result(Data data, Names names) {
        /** The fsync'd files whose name the cut removed ({@link Names#syncedButUnnamed()}). */
        public List<String> syncedButUnnamed() {
            return names.syncedButUnnamed();
        }
    }

    /**
     * What the cut did to file bytes.
     *
     * @param filesRolledBack files that had unsynced or lost changes
     * @param changesUndone   unsynced changes that did not reach the disk
     * @param changesKept     unsynced changes that did (whole, or some of their pages)
     * @param tornWrites      last writes kept in part
     * @param reorderedFiles  files whose kept writes are no prefix of their unsynced writes
     * @param lostWrites      writes before a failed fsync: dropped, although a later fsync of the file succeeded
     */
    public record Data(int filesRolledBack, int changesUndone, int changesKept, int tornWrites, int reorderedFiles,
                       int lostWrites) {
    }

    /**
     * What the cut did to names: how many before and after; and the files whose bytes had been fsync'd but whose name
     * was never made durable by an fsync of its directory (paths relative to the mount): they are gone although every
     * fsync of them returned, which POSIX allows and ext4 in practice does not do (its journal commits the new name
     * with the file's fsync).
     */
    public record Names(int before, int after, List<String> syncedButUnnamed) {
    }

    private PowerCut() {
    }

    /** Applies the cut to the backing tree; the caller loads a fresh model of what remains. */
    static Result apply(FsModel model, Variant variant, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Inode, List<Path>> files = model.filesAndPaths();
        int rolledBack = 0, undone = 0, kept = 0, torn = 0, reordered = 0, lost = 0;
        // a fixed order, so that the random draws are replayable
        List<Inode> ordered = new ArrayList<>(files.keySet());
        ordered.sort(Comparator.comparingLong(i -> i.id));
        for (Inode file : ordered) {
            if (file.log.isEmpty()) continue;
            FileCut.Outcome o;
            try (RandomAccessFile raf = new RandomAccessFile(files.get(file).get(0).toFile(), "rw")) {
                o = FileCut.apply(raf, file.log, variant, random);
            }
            rolledBack++;
            undone += o.undone();
            kept += o.kept();
            torn += o.torn();
            reordered += o.reordered();
            lost += o.lost();
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
        return new Result(new Data(rolledBack, undone, kept, torn, reordered, lost),
                new Names(names[0], names[1], List.copyOf(unnamed)));
    }

    /**
     * Makes the backing tree hold exactly the durable names: every file's bytes are moved to a staging directory by
     * inode, the tree is emptied, and the durable tree from the root is built again, each name taking its inode's bytes
     * (a second durable name of one inode becomes a hard link). Files with no durable name are gone, as after a real
     * cut.
     */
    private static Map<Inode, Path> rebuildNames(FsModel model, Map<Inode, List<Path>> files, int[] names)
            throws IOException {
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
