package io.kvbench.crash.fuse;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Writes a file through a shared mapping, in its own process: a process that maps a file of a FUSE mount it serves
 * itself deadlocks in msync (the kernel waits for the write-back while the serving threads wait for the address-space
 * lock that msync holds). The crash writers are separate processes for the same reason.
 */
public final class MapWriter {

    /** {@code MapWriter <file> <length> <force: true|false>}: fills the first length bytes with 'm' through a mapping.
     * */
    public static void main(String[] args) throws IOException {
        int length = Integer.parseInt(args[1]);
        try (FileChannel ch = FileChannel.open(Path.of(args[0]), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, length);
            for (int i = 0; i < length; i++) map.put(i, (byte) 'm');
            if (Boolean.parseBoolean(args[2])) map.force(); // msync(MS_SYNC): write-back of the dirty pages, then fsync
        }
        // exits with the mapping dirty: the kernel writes it back later, as unsynced writes
    }

    static void run(Path file, int length, boolean force) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"), MapWriter.class.getName(), file.toString(),
                        String.valueOf(length),
                String.valueOf(force))).inheritIO().start();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("MapWriter failed on "
                + file);
    }
}
