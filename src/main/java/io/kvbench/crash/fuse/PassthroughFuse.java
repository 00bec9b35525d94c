package io.kvbench.crash.fuse;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import jnr.ffi.Pointer;
import ru.serce.jnrfuse.ErrorCodes;
import ru.serce.jnrfuse.FuseFillDir;
import ru.serce.jnrfuse.FuseStubFS;
import ru.serce.jnrfuse.struct.FileStat;
import ru.serce.jnrfuse.struct.FuseFileInfo;
import ru.serce.jnrfuse.struct.Statvfs;
import ru.serce.jnrfuse.struct.Timespec;

/**
 * The FUSE callbacks: each operation goes through to the backing directory at once, through {@link FsModel} for
 * anything that changes bytes or names. Open files are backing descriptors held by handle number (not by path), so that
 * a file unlinked while open ({@code hard_remove}) keeps working, as POSIX requires. Operations not implemented here
 * (locks, links) are left to the kernel's defaults: locks are local to the mount, which serves one machine. The faults
 * armed in the model's {@link Faults} answer fsync, growth and reads with EIO or ENOSPC.
 */
final class PassthroughFuse extends FuseStubFS {

    private record Handle(Inode inode, RandomAccessFile file) {
    }

    private final FsModel model;
    private final Map<Long, Handle> handles = new ConcurrentHashMap<>();
    private final AtomicLong nextHandle = new AtomicLong(1);
    private final CountDownLatch destroyed = new CountDownLatch(1);

    PassthroughFuse(FsModel model) {
        this.model = model;
    }

    /** Waits until libfuse ended the session (after the kernel unmounted it). */
    boolean awaitDestroyed(long millis) throws InterruptedException {
        return destroyed.await(millis, TimeUnit.MILLISECONDS);
    }

    /** So that jnr-fuse's shutdown hook does not try to unmount a session that already ended. */
    void markUnmounted() {
        mounted.set(false);
    }

    @Override
    public void destroy(Pointer initResult) {
        destroyed.countDown();
    }

    @Override
    public int getattr(String path, FileStat stat) {
        try {
            Map<String, Object> a = Files.readAttributes(model.backingPath(path),
                    "unix:mode,ino,nlink,uid,gid,size,lastModifiedTime,lastAccessTime,ctime",
                    LinkOption.NOFOLLOW_LINKS);
            long size = (Long) a.get("size");
            stat.st_mode.set((Integer) a.get("mode"));
            stat.st_ino.set((Long) a.get("ino"));
            stat.st_nlink.set((Integer) a.get("nlink"));
            stat.st_uid.set((Integer) a.get("uid"));
            stat.st_gid.set((Integer) a.get("gid"));
            stat.st_size.set(size);
            stat.st_blksize.set(4096);
            stat.st_blocks.set((size + 511) / 512);
            time(stat.st_mtim, (FileTime) a.get("lastModifiedTime"));
            time(stat.st_atim, (FileTime) a.get("lastAccessTime"));
            time(stat.st_ctim, (FileTime) a.get("ctime"));
            return 0;
        } catch (IOException | RuntimeException e) {
            return errno(e);
        }
    }

    @Override
    public int fgetattr(String path, FileStat stat, FuseFileInfo fi) {
        int result = getattr(path, stat);
        Handle h = handles.get(fi.fh.get());
        if (result != -ErrorCodes.ENOENT() || h == null) return result;
        try { // open but unlinked: what the descriptor says
            stat.st_mode.set(FileStat.S_IFREG | 0644);
            stat.st_nlink.set(0);
            stat.st_size.set(h.file().length());
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    private static void time(Timespec t, FileTime time) {
        long nanos = time.to(TimeUnit.NANOSECONDS);
        t.tv_sec.set(nanos / 1_000_000_000L);
        t.tv_nsec.set(nanos % 1_000_000_000L);
    }

    @Override
    public int readdir(String path, Pointer buf, FuseFillDir filter, long offset, FuseFileInfo fi) {
        Inode dir = model.lookup(path);
        if (dir == null) return -ErrorCodes.ENOENT();
        if (!dir.dir) return -ErrorCodes.ENOTDIR();
        filter.apply(buf, ".", null, 0);
        filter.apply(buf, "..", null, 0);
        for (String name : model.list(dir)) filter.apply(buf, name, null, 0);
        return 0;
    }

    @Override
    public int opendir(String path, FuseFileInfo fi) {
        Inode dir = model.lookup(path);
        return dir == null ? -ErrorCodes.ENOENT() : dir.dir ? 0 : -ErrorCodes.ENOTDIR();
    }

    @Override
    public int releasedir(String path, FuseFileInfo fi) {
        return 0;
    }

    @Override
    public int fsyncdir(String path, FuseFileInfo fi) {
        Inode dir = model.lookup(path);
        if (dir == null) return -ErrorCodes.ENOENT();
        try {
            model.syncDir(dir);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int mkdir(String path, long mode) {
        try {
            model.create(path, true);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int rmdir(String path) {
        try {
            model.remove(path, true);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int unlink(String path) {
        try {
            model.remove(path, false);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int rename(String from, String to) {
        try {
            model.rename(from, to);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int create(String path, long mode, FuseFileInfo fi) {
        try {
            return register(model.create(path, false), path, fi);
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int open(String path, FuseFileInfo fi) {
        Inode file = model.lookup(path);
        if (file == null) return -ErrorCodes.ENOENT();
        if (file.dir) return -ErrorCodes.EISDIR();
        return register(file, path, fi);
    }

    private int register(Inode inode, String path, FuseFileInfo fi) {
        try {
            long id = nextHandle.getAndIncrement();
            handles.put(id, new Handle(inode, new RandomAccessFile(model.backingPath(path).toFile(), "rw")));
            fi.fh.set(id);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int release(String path, FuseFileInfo fi) {
        Handle h = handles.remove(fi.fh.get());
        if (h == null) return 0;
        try {
            h.file().close();
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int flush(String path, FuseFileInfo fi) {
        return 0; // close(2) is not a durability point
    }

    @Override
    public int read(String path, Pointer buf, long size, long offset, FuseFileInfo fi) {
        Handle h = handles.get(fi.fh.get());
        if (h == null) return -ErrorCodes.EBADF();
        if (model.faults.readFails(h.inode(), offset, size)) return -ErrorCodes.EIO();
        try {
            ByteBuffer into = ByteBuffer.allocate((int) size);
            while (into.hasRemaining() && h.file().getChannel().read(into, offset + into.position()) > 0) {
                // until the end of the file or the size asked for
            }
            buf.put(0, into.array(), 0, into.position());
            return into.position();
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int write(String path, Pointer buf, long size, long offset, FuseFileInfo fi) {
        Handle h = handles.get(fi.fh.get());
        if (h == null) return -ErrorCodes.EBADF();
        if (model.faults.heldAndReleased(path, offset, size)) return -ErrorCodes.EIO();
        byte[] data = new byte[(int) size];
        buf.get(0, data, 0, data.length);
        try {
            model.write(h.inode(), h.file(), offset, ByteBuffer.wrap(data));
            return data.length;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int fsync(String path, int isdatasync, FuseFileInfo fi) {
        Handle h = handles.get(fi.fh.get());
        Inode file = h != null ? h.inode() : model.lookup(path);
        if (file == null) return -ErrorCodes.EBADF();
        if (model.faults.fsyncFails()) { // fdatasync too
            FsModel.failSync(file);
            return -ErrorCodes.EIO();
        }
        try {
            if (h != null) {
                FsModel.syncFile(file, h.file()); // fdatasync too: the model's length is data
            } else {
                try (RandomAccessFile raf = new RandomAccessFile(model.backingPath(path).toFile(), "r")) {
                    FsModel.syncFile(file, raf);
                }
            }
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int fallocate(String path, int mode, long offset, long length, FuseFileInfo fi) {
        Handle h = handles.get(fi.fh.get());
        if (h == null) return -ErrorCodes.EBADF();
        try {
            model.allocate(h.inode(), h.file(), mode, offset, length);
            return 0;
        } catch (UnsupportedOperationException e) {
            return -ErrorCodes.EOPNOTSUPP();
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int truncate(String path, long size) {
        Inode file = model.lookup(path);
        if (file == null) return -ErrorCodes.ENOENT();
        if (file.dir) return -ErrorCodes.EISDIR();
        try (RandomAccessFile raf = new RandomAccessFile(model.backingPath(path).toFile(), "rw")) {
            model.truncate(file, raf, size);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int ftruncate(String path, long size, FuseFileInfo fi) {
        Handle h = handles.get(fi.fh.get());
        if (h == null) return truncate(path, size);
        try {
            model.truncate(h.inode(), h.file(), size);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int utimens(String path, Timespec[] timespec) {
        try {
            long nanos = timespec[1].tv_sec.get() * 1_000_000_000L + timespec[1].tv_nsec.longValue();
            Files.setLastModifiedTime(model.backingPath(path), FileTime.from(nanos, TimeUnit.NANOSECONDS));
            return 0;
        } catch (IOException | RuntimeException e) {
            return 0; // times are not what a crash test checks; UTIME_NOW/OMIT encodings are not worth an error
        }
    }

    @Override
    public int chmod(String path, long mode) {
        try {
            Files.setAttribute(model.backingPath(path), "unix:mode", (int) (mode & 07777), LinkOption.NOFOLLOW_LINKS);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    @Override
    public int chown(String path, long uid, long gid) {
        return 0;
    }

    @Override
    public int access(String path, int mask) {
        return model.lookup(path) == null ? -ErrorCodes.ENOENT() : 0;
    }

    @Override
    public int statfs(String path, Statvfs stbuf) {
        try {
            FileStore store = Files.getFileStore(model.backing);
            stbuf.f_bsize.set(4096);
            stbuf.f_frsize.set(4096);
            stbuf.f_blocks.set(store.getTotalSpace() / 4096);
            long free = model.faults.reportFree(); // a full disk says so here too: some engines check before writing
            stbuf.f_bfree.set(Math.min(store.getUnallocatedSpace(), free) / 4096);
            stbuf.f_bavail.set(Math.min(store.getUsableSpace(), free) / 4096);
            stbuf.f_namemax.set(255);
            return 0;
        } catch (IOException e) {
            return errno(e);
        }
    }

    private static int errno(Exception e) {
        if (e instanceof Faults.NoSpaceException) return -ErrorCodes.ENOSPC();
        if (e instanceof NoSuchFileException) return -ErrorCodes.ENOENT();
        if (e instanceof FileAlreadyExistsException) return -ErrorCodes.EEXIST();
        if (e instanceof DirectoryNotEmptyException) return -ErrorCodes.ENOTEMPTY();
        if (e instanceof NotDirectoryException) return -ErrorCodes.ENOTDIR();
        if (e instanceof AccessDeniedException) return -ErrorCodes.EACCES();
        if (e instanceof java.io.FileNotFoundException) return -ErrorCodes.ENOENT();
        return -ErrorCodes.EIO();
    }
}
