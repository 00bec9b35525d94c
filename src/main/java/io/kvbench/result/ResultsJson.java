package io.kvbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reads and writes results.json (and anything else of this package) with one configured Jackson mapper. */
public final class ResultsJson {

    public static final String RESULTS_FILE = "results.json";

    /**
     * Strict about unknown fields (a typo in a hand-edited file is an error, not a silent default). NaN is written as
     * the string "NaN" (Jackson's default) and read back as NaN.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private ResultsJson() {
    }

    public static RunResults read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), RunResults.class);
    }

    /** Writes atomically: a temp file in the same directory, then a rename, so a reader never sees half a file. */
    public static void write(Path file, Object value) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), value);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
