package io.kvbench.infra;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing and copying scratch directories: a finished container's, a crash test's. */
public final class Directories {

    private Directories() {
    }

    /** Deletes {@code dir} and everything in it; nothing happens if it does not exist. */
    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Copies the tree {@code from} to {@code to} (created), files and directories; {@code to} must not hold them. */
    public static void copyRecursively(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }

    /** Leftovers (a store a benchmark did not clean up) stay for a look. */
    public static void deleteIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException kept) {
            // kept on purpose
        } catch (IOException e) {
            // not worth failing a measured benchmark for
        }
    }

    /**
     * The type of the file system a data directory lives on ("ext4", "xfs"; "unknown" if it cannot be told). Disk
     * footprints depend on it (XFS preallocates, for one), so results record it and disk baselines are only compared
     * on the same type.
     */
    public static String fileSystemType(Path dir) {
        try {
            Files.createDirectories(dir);
            return Files.getFileStore(dir).type();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
