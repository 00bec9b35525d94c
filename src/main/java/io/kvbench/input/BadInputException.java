package io.kvbench.input;

/**
 * What the user gave kvbench is wrong: an option, a value, a file or a combination of them, refused by kvbench's own
 * checks (the records' checks too, which see values read from options and files). With picocli's and Jackson's parse
 * errors the only exception that means bad input (exit code 2): an IllegalArgumentException from a library is not
 * one. An IllegalArgumentException itself, so that code validating values the JDK's way keeps reading as it does.
 */
public class BadInputException extends IllegalArgumentException {

    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
