package io.kvbench.baseline;

import io.kvbench.input.InputException;
import java.nio.file.Path;

/** A baseline file that cannot be used, with the file and the offending field named (exit code 2, bad input). */
public final class BaselineFormatException extends InputException {

    public BaselineFormatException(Path file, String field, String problem) {
        super(file, field, problem);
    }

    public BaselineFormatException(Path file, String problem, Throwable cause) {
        super(file, null, problem, cause);
    }
}
