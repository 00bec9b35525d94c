package io.kvbench.input;

import java.nio.file.Path;

/**
 * A file kvbench reads that it cannot use, with the file and the offending field named, on one line: bad input (exit
 * code 2).
 */
public class InputException extends BadInputException {

    private final transient Path file;
    private final String field;

    /**
     * @param file    the file at fault
     * @param field the field at fault ("results[2].score"), or null when the file as a whole is (unreadable, not JSON)
     * @param problem what is wrong, e.g. "is -1; it must be positive"
     */
    public InputException(Path file, String field, String problem) {
        super(message(file, field, problem));
        this.file = file;
        this.field = field;
    }

    public InputException(Path file, String field, String problem, Throwable cause) {
        super(message(file, field, problem), cause);
        this.file = file;
        this.field = field;
    }

    public Path file() {
        return file;
    }

    /** The field at fault, or null when the file as a whole is. */
    public String field() {
        return field;
    }

    private static String message(Path file, String field, String problem) {
        String text = file + ": " + (field == null || field.isEmpty() ? "" : "field '" + field + "' ") + problem;
        // One line: a problem quoting a file's content must not break the one-line message.
        return text.replaceAll("[\\r\\n]+", " ");
    }
}
