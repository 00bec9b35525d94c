package io.kvbench.crash.fuse;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The durability model over a backing directory: every operation goes through to the live backing tree at once (so the
 * mount reads and behaves like any local file system), and the model remembers what is not yet durable, so that a
 * {@link PowerCut} can take it back. A file's unsynced writes are kept as undo records (the bytes each write
 * overwrote), cleared by fsync of that file; a directory's durable names are the live names as of its last fsync. A
 * file unlinked while a durable name still refers to it is moved aside (an orphan), not deleted, because a power cut
 * brings that name and its bytes back.
 *
 * <p>Namespace operations hold one lock; writes to different files run in parallel (each file's undo log is guarded by
 * its inode).
 */
final class FsModel {

    /** The page size of write-back: an fsync after a failed one writes whole pages. */
    static final int PAGE = 4096;
    static final int FALLOC_FL_KEEP_SIZE = 1;

    final Path backing;
    /**
     * Scratch beside the backing directory, on the same file system so that moves are renames: orphans, power-cut
     * staging.
     */
    final Path state;
    /** The faults the file system injects; they outlive a remount. */
    final Faults faults;
    private final Object namespace = new Object();
    private final Inode root;
    private final List<Inode> orphans = new ArrayList<>();
    private long nextId;
    private long loadedBytes;

    private FsModel(Path backing, Path state, Faults faults) {
        this.backing = backing;
        this.state = state;
        this.faults = faults;
        this.root = new Inode(nextId++, true);
    }

    /**
     * The model of a backing tree as it is now: everything in it is durable (it is what survived the last power cut).
     */
    static FsModel load(Path backing, Path state, Faults faults) throws IOException {
        FsModel model = new FsModel(backing.toAbsolutePath(), state.toAbsolutePath(), faults);
        Files.createDirectories(model.state.resolve("orphans"));
        model.loadDir(model.backing, model.root, new HashMap<>());
        faults.usage(model.loadedBytes);
        return model;
    }

    private void loadDir(Path dir, Inode inode, Map<Object, Inode> byFileKey) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : children.toList()) {
                BasicFileAttributes attrs = Files.readAttributes(child, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                Inode node;
                if (attrs.isDirectory()) {
                    node = new Inode(nextId++, true);
                    loadDir(child, node, byFileKey);
                } else {
                    // a power cut can leave two durable names of one file (a rename whose old directory was not
                    // synced): they are hard links, one inode
                    node = byFileKey.computeIfAbsent(attrs.fileKey(), k -> new Inode(nextId++, false));
                    loadedBytes += attrs.size();
                }
                String name = child.getFileName().toString();
                inode.live.put(name, node);
                inode.durable.put(name, node);
                node.durableRefs++;
            }
        }
    }

    Inode root() {
        return root;
    }

    Path backingPath(String path) {
        return path.equals("/") ? backing : backing.resolve(path.substring(1));
    }

    /** The inode at a mount path, or null. */
    Inode lookup(String path) {
        synchronized (namespace) {
            return find(path);
        }
    }

    /** Live names of a directory. */
    List<String> list(Inode dir) {
        synchronized (namespace) {
            return new ArrayList<>(dir.live.keySet());
        }
    }

    /** Creates a file or directory in the backing tree and records its (not yet durable) name. */
    Inode create(String path, boolean dir) throws IOException {
        synchronized (namespace) {
            Inode parent = parentOf(path);
            if (parent == null) throw new java.nio.file.NoSuchFileException(path);
            Path p = backingPath(path);
            if (dir) Files.createDirectory(p);
            else if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) Files.createFile(p);
            Inode existing = parent.live.get(name(path));
            if (existing != null) return existing;
            Inode node = new Inode(nextId++, dir);
            parent.live.put(name(path), node);
            return node;
        }
    }

    /** unlink or rmdir. */
    void remove(String path, boolean dir) throws IOException {
        synchronized (namespace) {
            Inode parent = parentOf(path);
            Inode node = parent == null ? null : parent.live.get(name(path));
            if (node == null) throw new java.nio.file.NoSuchFileException(path);
            if (node.dir != dir) throw new IOException(dir ? "not a directory" : "is a directory");
            Path p = backingPath(path);
            if (dir) {
                Files.delete(p); // fails unless empty, as rmdir does
            } else {
                faults.grow(-Files.size(p));
                detach(node, p);
            }
            parent.live.remove(name(path));
        }
    }

    /**
     * rename(2): replaces the target, like the system call; the displaced file becomes an orphan if a durable name
     * holds it.
     */
    void rename(String from, String to) throws IOException {
        synchronized (namespace) {
            Inode fromParent = parentOf(from);
            Inode toParent = parentOf(to);
            Inode node = fromParent == null ? null : fromParent.live.get(name(from));
            if (node == null || toParent == null) throw new java.nio.file.NoSuchFileException(from);
            Inode displaced = toParent.live.get(name(to));
            Path target = backingPath(to);
            if (displaced != null && displaced != node && !displaced.dir) {
                faults.grow(-Files.size(target));
                detach(displaced, target);
            }
            Files.move(backingPath(from), target, StandardCopyOption.ATOMIC_MOVE);
            fromParent.live.remove(name(from));
            toParent.live.put(name(to), node);
        }
    }

    /** fsync of a directory: its live names become its durable names. */
    void syncDir(Inode dir) throws IOException {
        synchronized (namespace) {
            for (Inode old : dir.durable.values()) release(old);
            dir.durable = new HashMap<>(dir.live);
            for (Inode now : dir.durable.values()) now.durableRefs++;
        }
    }

    /**
     * fsync/fdatasync of a file that succeeded: everything written to it so far is durable. After a failed fsync the
     * log stays (the lost writes must still be undone by a power cut), and records the pages written back now.
     */
    static void syncFile(Inode file, RandomAccessFile raf) throws IOException {
        synchronized (file) {
            file.everSynced = true;
            if (!file.hasFailedSync()) {
                file.log.clear();
                return;
            }
            TreeSet<Long> pages = new TreeSet<>();
            for (Inode.Undo u : unsyncedTail(file)) {
                long end = u.truncate() ? u.offset() : u.offset() + u.newLength();
                for (long p = (u.offset() / PAGE) * PAGE; p < Math.max(end, u.offset() + 1); p += PAGE) pages.add(p);
            }
            long length = raf.length();
            List<Inode.Page> images = new ArrayList<>();
            for (long p : pages) {
                if (p >= length) continue;
                images.add(new Inode.Page(p, read(raf.getChannel(), p, (int) Math.min(PAGE, length - p))));
            }
            file.log.add(new Inode.Sync(length, List.copyOf(images)));
        }
    }

    /** An fsync that failed: the writes since the previous sync never reach the disk. */
    static void failSync(Inode file) {
        synchronized (file) {
            if (!unsyncedTail(file).isEmpty()) file.log.add(new Inode.FailedSync());
        }
    }

    /** The changes after the last sync or failed sync of the log. */
    static List<Inode.Undo> unsyncedTail(Inode file) {
        List<Inode.Undo> tail = new ArrayList<>();
        for (Inode.Entry e : file.log) {
            if (e instanceof Inode.Undo u) tail.add(u);
            else tail.clear();
        }
        return tail;
    }

    /** pwrite through to the backing file, remembering what it overwrote; ENOSPC when the growth does not fit. */
    void write(Inode file, RandomAccessFile raf, long offset, ByteBuffer data) throws IOException {
        FileChannel ch = raf.getChannel();
        synchronized (file) {
            long oldLength = ch.size();
            int length = data.remaining();
            faults.grow(Math.max(0, offset + length - oldLength));
            byte[] old = read(ch, offset, (int) Math.max(0, Math.min(offset + length, oldLength) - offset));
            file.log.add(new Inode.Undo(false, offset, old, oldLength, length));
            for (long at = offset; data.hasRemaining(); ) at += ch.write(data, at);
            faults.written(file, offset, length);
        }
    }

    /** ftruncate through to the backing file, remembering what it cut off; growth needs space, as on a disk. */
    void truncate(Inode file, RandomAccessFile raf, long size) throws IOException {
        synchronized (file) {
            long oldLength = raf.length();
            faults.grow(size - oldLength);
            byte[] cut = size < oldLength ? read(raf.getChannel(), size, (int) (oldLength - size)) : new byte[0];
            file.log.add(new Inode.Undo(true, size, cut, oldLength, 0));
            raf.setLength(size);
        }
    }

    /**
     * fallocate: mode 0 grows the file to {@code offset + length} like a truncate; KEEP_SIZE (1) only reserves space,
     * which the disk-full fault may refuse. Other modes (punching holes, ...) are not supported.
     */
    void allocate(Inode file, RandomAccessFile raf, int mode, long offset, long length) throws IOException {
        synchronized (file) {
            long end = offset + length;
            long size = raf.length();
            if (mode == 0 && end > size) {
                truncate(file, raf, end);
            } else if (mode == FALLOC_FL_KEEP_SIZE && end > size) {
                faults.grow(end - size);
                faults.grow(size - end); // reserved, not counted: the disk-full fault counts apparent sizes
            } else if (mode != 0 && mode != FALLOC_FL_KEEP_SIZE) {
                throw new UnsupportedOperationException("fallocate mode " + mode);
            }
        }
    }

    static byte[] read(FileChannel ch, long offset, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length);
        while (buf.hasRemaining()) {
            if (ch.read(buf, offset + buf.position()) < 0) break; // past the end reads as zeros, like a hole
        }
        return buf.array();
    }

    /** Every file inode with its current bytes' location (live path or orphan), for a power cut. Unmounted only. */
    Map<Inode, List<Path>> filesAndPaths() {
        synchronized (namespace) {
            Map<Inode, List<Path>> out = new HashMap<>();
            collect(root, backing, out);
            for (Inode o : orphans) out.computeIfAbsent(o, k -> new ArrayList<>()).add(o.orphan);
            return out;
        }
    }

    private void collect(Inode dir, Path at, Map<Inode, List<Path>> out) {
        for (Map.Entry<String, Inode> e : dir.live.entrySet()) {
            Path p = at.resolve(e.getKey());
            if (e.getValue().dir) collect(e.getValue(), p, out);
            else out.computeIfAbsent(e.getValue(), k -> new ArrayList<>()).add(p);
        }
    }

    /** Takes a file's live name away: keeps its bytes aside while a durable name refers to it, else deletes them. */
    private void detach(Inode node, Path livePath) throws IOException {
        if (node.durableRefs > 0 && node.orphan == null) {
            node.orphan = state.resolve("orphans").resolve(String.valueOf(node.id));
            Files.move(livePath, node.orphan, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            orphans.add(node);
        } else {
            // an open descriptor keeps working on the unlinked file, as on any POSIX file system
            Files.delete(livePath);
        }
    }

    private void release(Inode node) throws IOException {
        if (--node.durableRefs == 0 && node.orphan != null) {
            Files.deleteIfExists(node.orphan);
            orphans.remove(node);
            node.orphan = null;
        }
    }

    private Inode find(String path) {
        if (path.equals("/")) return root;
        Inode at = root;
        for (String part : path.substring(1).split("/")) {
            if (at == null || !at.dir) return null;
            at = at.live.get(part);
        }
        return at;
    }

    private Inode parentOf(String path) {
        int slash = path.lastIndexOf('/');
        Inode parent = find(slash == 0 ? "/" : path.substring(0, slash));
        return parent != null && parent.dir ? parent : null;
    }

    private static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
