package io.kvbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The one wording of --out, and the check that it can become a directory, before any work starts. */
final class OutOption {

    static final String DESCRIPTION = "Output directory, created if needed (default: "
            + "kvbench-results/<command>-<yyyyMMdd-HHmmss>).";

    private OutOption() {
    }

    /**
     * Refuses (bad input, exit 2) an output directory that cannot be made: an existing file, or a path below a regular
     * file. Nothing is created here, so a refused run leaves nothing behind.
     */
    static Path check(Path out) {
        for (Path p = out.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.isDirectory(p)) {
                throw new IllegalArgumentException("--out " + out + ": " + (p.equals(out.toAbsolutePath().normalize())
                        ? "is a file, not a directory" : p + " is a file, so no directory can be made below it"));
            }
        }
        return out;
    }
}
