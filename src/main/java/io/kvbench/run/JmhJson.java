package io.kvbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.kvbench.result.ResultsJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Collects JMH's JSON of every benchmark of a run into one array, the format JMH writes and JMH Visualizer reads.
 * Rewritten after every benchmark so that an interrupted run still leaves valid JSON of what finished.
 */
public final class JmhJson {

    private final Path file;
    private final ArrayNode all = ResultsJson.MAPPER.createArrayNode();

    JmhJson(Path file) {
        this.file = file;
    }

    void append(Path jmhResult) {
        try {
            if (!Files.exists(jmhResult) || Files.size(jmhResult) == 0) return;
            JsonNode node = ResultsJson.MAPPER.readTree(jmhResult.toFile());
            if (node.isArray()) node.forEach(all::add);
            ResultsJson.write(file, all);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge " + jmhResult + " into " + file, e);
        }
    }
}
