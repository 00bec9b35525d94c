package io.kvbench.baseline;

import java.nio.file.Path;

/**
 * A baseline file that cannot be used, with the file and the offending field named. An IllegalArgumentException so that
 * the CLI maps it to exit code 2 (bad input).
 */
public final class BaselineFormatException extends IllegalArgumentException {

    private final transient Path file;
    private final String field;

    public BaselineFormatException(Path file, String field, String problem) {
        super(file + ": " + (field == null ? "" : "field '" + field + "' ") + problem);
        this.file = file;
        this.field = field;
    }

    public BaselineFormatException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.field = null;
    }

    public Path file() {
        return file;
    }

    /** The field at fault, or null when the file as a whole is (unreadable, not JSON). */
    public String field() {
        return field;
    }
}
