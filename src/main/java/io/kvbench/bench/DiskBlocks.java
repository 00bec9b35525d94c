package io.kvbench.bench;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Set;
import jnr.constants.platform.Errno;
import jnr.posix.FileStat;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/**
 * The blocks a directory tree has allocated, read with lstat(2) through jnr-posix (the JDK's file attributes have no
 * st_blocks), as {@code du -s -B1} counts them: every file, directory and link once per inode, in bytes. Measured in
 * the process rather than by forking du, so that a file deleted during the walk is known by its errno (ENOENT: it no
 * longer occupies space) instead of by du's words, and no walk has to be repeated.
 */
final class DiskBlocks {

    /** The unit of st_blocks on Linux, whatever the file system's block size. */
    private static final long BLOCK = 512;

    private static final POSIX POSIX = POSIXFactory.getNativePOSIX();

    private DiskBlocks() {
    }

    /** Allocated bytes of {@code root} and everything under it; files that vanish during the walk count nothing. */
    static long allocatedBytes(Path root) throws IOException {
        Tally tally = new Tally();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                tally.add(dir);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                tally.add(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) return FileVisitResult.CONTINUE;
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) throw e;
                return FileVisitResult.CONTINUE;
            }
        });
        return tally.bytes;
    }

    /** Bytes allocated to one inode, not following a link; 0 for a path that does not exist (any more). */
    static long allocatedBytesOf(Path path) throws IOException {
        Tally tally = new Tally();
        tally.add(path);
        return tally.bytes;
    }

    /** The inodes seen, so that a hard-linked file counts once. */
    private static final class Tally {
        private final Set<Inode> seen = new HashSet<>();
        private long bytes;

        void add(Path path) throws IOException {
            FileStat stat = POSIX.allocateStat();
            if (POSIX.lstat(path.toString(), stat) != 0) {
                int errno = POSIX.errno();
                if (errno == Errno.ENOENT.intValue()) return;
                throw new IOException("lstat " + path + " failed: " + Errno.valueOf(errno).description());
            }
            if (seen.add(new Inode(stat.dev(), stat.ino()))) bytes += stat.blocks() * BLOCK;
        }
    }

    private record Inode(long device, long number) {
    }
}
