package io.kvbench.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A file system of its own for one side's stores: a sparse image file formatted as ext4 and loop-mounted over the
 * side's data directory ({@code interleave --store-fs loop-ext4}), instead of the host directory both sides share. Its
 * own journal and allocator, so that neither side's writes queue behind the other's in one file system; one of the
 * noise sources a measurement campaign ablates. Needs root, mkfs.ext4 and loop devices; unmounted and removed on
 * {@link #close()}.
 *
 * @param image      the image file
 * @param mountPoint the directory it is mounted on
 */
public record LoopMount(Path image, Path mountPoint) implements AutoCloseable {

    /** Why loop mounts cannot be made here, or null when they can; checked before any work. */
    public static String whyNot() {
        if (!Files.isWritable(Path.of("/dev/loop-control"))) {
            return "a loop-mounted file system needs loop devices and root (/dev/loop-control is not writable)";
        }
        boolean mkfs = Files.isExecutable(Path.of("/sbin/mkfs.ext4"))
                || Files.isExecutable(Path.of("/usr/sbin/mkfs.ext4"));
        return mkfs ? null : "mkfs.ext4 is not installed (apt-get install e2fsprogs)";
    }

    /** Creates a sparse image of {@code bytes}, formats it as ext4 and mounts it on {@code mountPoint} (created). */
    public static LoopMount create(Path image, Path mountPoint, long bytes) {
        try {
            Files.deleteIfExists(image);
            Files.createDirectories(mountPoint);
            Files.createDirectories(image.toAbsolutePath().getParent());
            run(List.of("truncate", "-s", String.valueOf(bytes), image.toString()));
            run(List.of("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", image.toString()));
            run(List.of("mount", "-o", "loop", image.toString(), mountPoint.toString()));
        } catch (IOException e) {
            throw new InfrastructureException("cannot create the loop-mounted file system " + image + ": "
                    + e.getMessage(), e);
        }
        return new LoopMount(image, mountPoint);
    }

    /** Unmounts it and removes the image. */
    @Override
    public void close() {
        try {
            run(List.of("umount", mountPoint.toString()));
            Files.deleteIfExists(image);
        } catch (IOException e) {
            throw new InfrastructureException("cannot unmount " + mountPoint + ": " + e.getMessage(), e);
        }
    }

    private static void run(List<String> command) throws IOException {
        Commands.output(command, Duration.ofMinutes(2));
    }
}
