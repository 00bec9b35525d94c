package io.kvbench.crash.fuse;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The system calls the file-system tests need that java.nio.file.Files does not name: fsync of a file or directory,
 * pwrite. */
final class FsOps {

    private FsOps() {
    }

    static void fsync(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    /** Linux lets a directory be opened read-only and fsync'd: that is what makes its names durable. */
    static void fsyncDir(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    static void pwrite(Path file, long offset, byte[] data) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer buf = ByteBuffer.wrap(data);
            while (buf.hasRemaining()) ch.write(buf, offset + buf.position());
        }
    }
}
