package io.kvbench.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writing files so that no reader (a CI upload, a comparison, a person) ever sees half of one, and a failure leaves the
 * old file intact: write a temp file beside the target, then rename it over the target.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes {@code text} to {@code file} atomically, creating parent directories. */
    public static void writeString(Path file, String text) throws IOException {
        Path tmp = stage(file, text);
        try {
            replace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * First half of an atomic write, for writing several files all-or-nothing: the complete content in a temp file
     * beside {@code file}, readable by others (temp files are created owner-only; results are meant to be shared).
     */
    public static Path stage(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString() + ".", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            if (Files.getFileStore(tmp).supportsFileAttributeView(PosixFileAttributeView.class)) {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            }
            return tmp;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /**
     * Writes several files all-or-nothing as far as the file system allows: every content is first staged in full, and
     * only when all are on disk is each renamed over its target; a failure before that leaves every old file intact.
     */
    public static void writeAll(Map<Path, String> contents) throws IOException {
        Map<Path, Path> temps = new LinkedHashMap<>();
        try {
            for (var e : contents.entrySet()) temps.put(e.getKey(), stage(e.getKey(), e.getValue()));
            for (var it = temps.entrySet().iterator(); it.hasNext(); ) {
                var e = it.next();
                replace(e.getValue(), e.getKey());
                it.remove();
            }
        } finally {
            for (Path tmp : temps.values()) Files.deleteIfExists(tmp);
        }
    }

    /** Second half: renames a staged temp file over its target in one step. */
    public static void replace(Path staged, Path file) throws IOException {
        Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
