package io.kvbench.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Checks at the edge, shared by every reader of a file kvbench reads: the file is a readable regular file of a sane
 * size, the numbers are finite and in range, ids are names and not paths. Each failure is an {@link InputException}
 * naming the file and the field. Depends on nothing of kvbench.
 */
public final class Inputs {

    /** No file kvbench reads is anywhere near this; a bigger one is a mistake, not data to load into the heap. */
    public static final long MAX_FILE_BYTES = 256L << 20;
    /** Ids become directory and file names and table cells. */
    public static final int MAX_ID_LENGTH = 200;
    /** Nesting deeper than any kvbench file has; deeper input is refused before it can overflow the stack. */
    public static final StreamReadConstraints READ_CONSTRAINTS = StreamReadConstraints.builder()
            .maxNestingDepth(64).maxStringLength(1 << 20).maxNumberLength(64).build();

    private Inputs() {
    }

    /** The bytes of a file that must exist and be a regular file, refused when absurdly large. */
    public static byte[] readFile(Path file, String what) {
        if (Files.isDirectory(file)) throw new InputException(file, null, "is a directory; expected " + what + " file");
        if (!Files.exists(file)) throw new InputException(file, null, "does not exist; expected " + what + " file");
        if (!Files.isRegularFile(file)) throw new InputException(file, null, "is not a regular file; expected " + what
                + " file");
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new InputException(file, null, "is " + size + " bytes; " + what + " files are below "
                        + MAX_FILE_BYTES);
            }
            if (size == 0) throw new InputException(file, null, "is empty; expected " + what + " file");
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file, null, "does not exist; expected " + what + " file");
        } catch (IOException e) {
            throw new InputException(file, null, "cannot be read: " + e.getMessage(), e);
        }
    }

    /** A directory that must exist; a file where a directory belongs is named as such. */
    public static Path directory(Path dir, String what) {
        if (!Files.exists(dir)) throw new InputException(dir, null, "does not exist; expected " + what + " directory");
        if (!Files.isDirectory(dir)) throw new InputException(dir, null, "is a file; expected " + what + " directory");
        return dir;
    }

    /**
     * JSON bytes read into {@code type}, never null: malformed JSON, bytes that decode to no text (Jackson's
     * CharConversionException for broken UTF-32, found by fuzzing) and JSON null are InputExceptions naming the file.
     *
     * @param expected what the file should hold, for the message ("a profile object")
     */
    public static <T> T parse(ObjectMapper mapper, Path file, byte[] json, Class<T> type, String expected) {
        return parse(mapper, file, json, mapper.getTypeFactory().constructType(type), expected);
    }

    /** As {@link #parse(ObjectMapper, Path, byte[], Class, String)}, for a generic type such as a list of records. */
    public static <T> T parse(ObjectMapper mapper, Path file, byte[] json, TypeReference<T> type, String expected) {
        return parse(mapper, file, json, mapper.getTypeFactory().constructType(type), expected);
    }

    private static <T> T parse(ObjectMapper mapper, Path file, byte[] json, JavaType type, String expected) {
        T value;
        try {
            value = mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw malformed(file, e);
        } catch (IOException e) {
            throw new InputException(file, null, "cannot be read: " + e.getMessage(), e);
        }
        if (value == null) throw new InputException(file, null, "is JSON null; expected " + expected);
        return value;
    }

    /**
     * A Jackson failure as an InputException naming the field path and position, on one line: "malformed JSON" when
     * the bytes are not JSON, else the field whose value does not fit (or the object a constructor check refused).
     */
    public static InputException malformed(Path file, JsonProcessingException e) {
        String field = e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty() ? path(mapping) : null;
        JsonLocation location = e.getLocation();
        String where = location != null && location.getLineNr() > 0
                ? " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")" : "";
        String message = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        if (e instanceof ValueInstantiationException && e.getCause() instanceof NullPointerException npe) {
            // requireNonNull(x, "records of profile p") names what is missing; List.copyOf of [null] names nothing.
            message = npe.getMessage() == null || npe.getMessage().contains("\"") ? "holds a null where a value belongs"
                    : "missing " + npe.getMessage();
        } else if (e instanceof ValueInstantiationException && e.getCause() != null && e.getCause()
                .getMessage() != null) {
            message = e.getCause().getMessage(); // the record's own check, e.g. "forks must be >= 1"
        }
        message = message.lines().findFirst().orElse("").strip();
        // Jackson names a position inside its own message as "[Source: REDACTED (`StreamReadFeature...` disabled);
        // line: 1, column: 33]": the user's terms are the line and the column.
        message = message.replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
        if (message.length() > 300) message = message.substring(0, 300) + "...";
        boolean notJson = e instanceof StreamReadException || e.getCause() instanceof StreamReadException
                || e instanceof StreamConstraintsException || e.getCause() instanceof StreamConstraintsException;
        String problem = notJson ? "malformed JSON" : "is invalid";
        return new InputException(file, field, problem + where + ": " + message, e);
    }

    /** "results[0].status" from the path Jackson gives. */
    public static String path(JsonMappingException e) {
        StringBuilder s = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (s.length() > 0) s.append('.');
                s.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                s.append('[').append(ref.getIndex()).append(']');
            }
        }
        return s.toString();
    }

    /** An id that is a name: not blank, no path separators, no leading dot, no control characters, not too long. */
    public static String id(Path file, String field, String value) {
        if (value == null || value.isBlank()) throw new InputException(file, field, "is missing");
        if (value.length() > MAX_ID_LENGTH) {
            throw new InputException(file, field, "is " + value.length() + " characters long; at most "
                    + MAX_ID_LENGTH);
        }
        if (value.startsWith(".") || value.contains("/") || value.contains("\\") || value.contains(":")
                || value.chars().anyMatch(Character::isISOControl) || !value.equals(value.strip())) {
            throw new InputException(file, field, "is '" + printable(value) + "'; an id has no '/', '\\', ':', "
                    + "control characters, surrounding spaces or leading '.'");
        }
        return value;
    }

    /** Text that must be present. */
    public static String text(Path file, String field, String value) {
        if (value == null || value.isBlank()) throw new InputException(file, field, "is missing");
        return value;
    }

    public static double finite(Path file, String field, double value) {
        if (!Double.isFinite(value)) throw new InputException(file, field, "is " + value
                + "; it must be a finite number");
        return value;
    }

    public static double positive(Path file, String field, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new InputException(file, field, "is " + value + "; it must be a positive finite number");
        }
        return value;
    }

    /** Non-negative and finite, or NaN where NaN means "unknown". */
    public static double nonNegativeOrNaN(Path file, String field, double value) {
        if (value < 0 || Double.isInfinite(value)) throw new InputException(file, field, "is " + value
                + "; it must be >= 0 or NaN");
        return value;
    }

    /** "512m" or "3g" in bytes, refused above {@code max} (so "9999999g" never overflows into a small number). */
    public static long size(Path file, String field, String size, long max) {
        if (size == null || !size.matches("\\d{1,9}[mMgG]")) {
            throw new InputException(file, field, "is '" + (size == null ? "missing" : printable(size))
                    + "'; it must look like 512m or 2g");
        }
        long n = Long.parseLong(size.substring(0, size.length() - 1));
        long bytes = Character.toLowerCase(size.charAt(size.length() - 1)) == 'g' ? n << 30 : n << 20;
        if (n == 0 || bytes > max) throw new InputException(file, field, "is " + size
                + "; it must be above 0 and at most " + (max >> 30) + "g");
        return bytes;
    }

    public static long range(Path file, String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new InputException(file, field, "is " + value + "; it must be between " + min + " and " + max);
        }
        return value;
    }

    /** A value quoted in a message: control characters escaped, long values cut. */
    public static String printable(String value) {
        StringBuilder s = new StringBuilder();
        value.codePoints().limit(80).forEach(c -> {
            if (Character.isISOControl(c)) s.append(String.format("\\u%04x", c));
            else s.appendCodePoint(c);
        });
        return value.codePointCount(0, value.length()) > 80 ? s + "..." : s.toString();
    }
}
