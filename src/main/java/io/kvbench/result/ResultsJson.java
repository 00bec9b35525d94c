package io.kvbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.FlatJson;
import java.io.IOException;
import java.nio.file.Path;

/** Reads and writes results.json (and anything else of this package) with one configured Jackson mapper. */
public final class ResultsJson {

    public static final String RESULTS_FILE = "results.json";

    /**
     * Strict about unknown fields (a typo in a hand-edited file is an error, not a silent default), also in the flat
     * objects of grouped records ({@link FlatJson}). NaN is written as the string "NaN" (Jackson's default) and read
     * back as NaN.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(new FlatJson())
            .build();

    private ResultsJson() {
    }

    public static RunResults read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), RunResults.class);
    }

    /** Writes atomically (see {@link AtomicFiles}), so a reader never sees half a file. */
    public static void write(Path file, Object value) throws IOException {
        AtomicFiles.writeString(file, MAPPER.writeValueAsString(value) + System.lineSeparator());
    }
}
