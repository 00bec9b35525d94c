package io.kvbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.report.EngineTable;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code kvbench engines [--json | --markdown]}: every registered engine with its version and declared promises. The
 * Markdown table is the one in README.md (ReadmeTest keeps them equal); limits are exact in every form.
 */
@Command(name = "engines", mixinStandardHelpOptions = true,
        description = "List the registered engines, their versions and declared capabilities.")
final class EnginesCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print a JSON array instead of a table.")
    boolean json;

    @Option(names = "--markdown", description = "Print a Markdown table (the one in README.md) instead of a text table.")
    boolean markdown;

    @Option(names = "--changed-from", paramLabel = "FILE",
            description = {"Print, as a JSON array, the ids of the engines whose version differs from FILE's (the output of "
                    + "`kvbench engines --json` of another build, e.g. a pull request's base), or that FILE lacks: the "
                    + "engines an engine upgrade concerns."})
    Path changedFrom;

    @Spec
    CommandSpec spec;

    /** The JSON shape of one engine: flat, stable field names. */
    record EngineInfo(String id, String version, boolean scans, boolean ordered, boolean rangeScans, boolean concurrentReaders,
                      boolean concurrentWriters, boolean writeOnce, int maxKeyBytes, int maxValueBytes,
                      boolean emptyValues, Durability durability, String notes) {

        static EngineInfo of(KvEngine engine) {
            Capabilities c = engine.capabilities();
            return new EngineInfo(engine.id(), engine.version(), c.scans(), c.ordered(), c.rangeScans(), c.concurrentReaders(),
                    c.concurrentWriters(), c.writeOnce(), c.maxKeyBytes(), c.maxValueBytes(), c.emptyValues(),
                    c.durability(), c.notes());
        }
    }

    @Override
    public Integer call() throws Exception {
        List<EngineInfo> engines = Engines.all().stream().map(EngineInfo::of).toList();
        PrintWriter out = spec.commandLine().getOut();
        if (changedFrom != null) {
            Map<String, String> before = versions(changedFrom);
            List<String> changed = engines.stream().filter(e -> !e.version().equals(before.get(e.id()))).map(EngineInfo::id).toList();
            out.println(new ObjectMapper().writeValueAsString(changed));
        } else if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(engines));
        } else if (markdown) {
            out.print(EngineTable.markdown(Engines.all()));
        } else {
            EngineTable.print(out, Engines.all());
        }
        // An adapter that failed to load disables its engine only; say so (on stderr where stdout is machine-read).
        PrintWriter notes = json || markdown || changedFrom != null ? spec.commandLine().getErr() : out;
        for (Engines.Unavailable broken : Engines.unavailable()) notes.println("unavailable: " + broken.describe());
        notes.flush();
        out.flush();
        return ExitCode.OK.code();
    }

    /** Engine id to version from another build's {@code engines --json}; a file that is not one is bad input. */
    private static Map<String, String> versions(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("--changed-from " + file + " is not a file");
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not JSON (" + e.getOriginalMessage() + "); give the output of `kvbench engines --json`");
        }
        Map<String, String> versions = new TreeMap<>();
        if (root == null || !root.isArray()) throw new IllegalArgumentException(file + ": not a JSON array of engines (`kvbench engines --json`)");
        for (int i = 0; i < root.size(); i++) {
            JsonNode id = root.get(i).get("id");
            JsonNode version = root.get(i).get("version");
            if (id == null || !id.isTextual() || version == null || !version.isTextual()) {
                throw new IllegalArgumentException(file + ": item " + i + " has no string 'id' and 'version'");
            }
            versions.put(id.asText(), version.asText());
        }
        return versions;
    }
}
