package io.kvbench.cli;

import io.kvbench.input.BadInputException;
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
        return check("--out", out);
    }

    /** The same check for any option that names a directory to be made ({@code --data-dir}). */
    static Path check(String option, Path dir) {
        Path whole = dir.toAbsolutePath().normalize();
        for (Path p = whole; p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.isDirectory(p)) {
                throw new BadInputException(option + " " + dir + ": " + (p.equals(whole)
                        ? "is a file, not a directory" : p + " is a file, so no directory can be made below it")
                        + "; give a directory (or a path where one can be made)");
            }
        }
        return dir;
    }
}
