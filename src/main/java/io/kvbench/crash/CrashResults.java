package io.kvbench.crash;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.MachineInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The crash tests of one run ({@code crash-results.json}).
 *
 * @param schemaVersion {@value #SCHEMA_VERSION}
 * @param complete      every planned engine was tested (an interrupted run is not)
 * @param runner        container or local
 * @param startedAt     ISO-8601 instant
 * @param gitRevision   kvbench revision
 * @param cycles        kills per engine
 * @param seed          seed of the operation streams and kill delays
 * @param machine       the host
 * @param results       one per engine
 */
public record CrashResults(int schemaVersion, boolean complete, String runner, String startedAt, String gitRevision,
                           int cycles, long seed, MachineInfo machine, List<EngineCrashResult> results) {

    public static final int SCHEMA_VERSION = 1;
    public static final String FILE = "crash-results.json";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public CrashResults {
        results = List.copyOf(results);
    }

    /** True when some engine broke a promise or could not be tested. */
    public boolean failed() {
        return !complete || results.stream().anyMatch(EngineCrashResult::failed);
    }

    public void write(Path file) throws IOException {
        AtomicFiles.writeString(file, JSON.writeValueAsString(this) + "\n");
    }

    public static CrashResults read(Path file) throws IOException {
        CrashResults results = JSON.readValue(file.toFile(), CrashResults.class);
        if (results.schemaVersion() != SCHEMA_VERSION) {
            throw new IOException(file + ": crash results schema " + results.schemaVersion() + ", this kvbench reads " + SCHEMA_VERSION);
        }
        return results;
    }
}
