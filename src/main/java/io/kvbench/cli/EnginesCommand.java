package io.kvbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.report.EngineDetails;
import io.kvbench.report.EngineJson;
import io.kvbench.report.EngineTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench engines [ID] [--wide | --json | --markdown]}: every registered engine with its versions and declared
 * promises, in a table that fits 120 columns; {@code --wide} adds every declaration, {@code ID} prints one engine in
 * full. The Markdown table is the one in README.md (ReadmeTest keeps them equal); limits are exact in every form.
 */
@Command(name = "engines", mixinStandardHelpOptions = true,
        description = "List the registered engines: versions (binding and native engine), order, threads and what "
                + "survives a kill or a power cut. Give an engine id for all of its declarations.")
final class EnginesCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "ID",
            description = "One engine to describe in full: settings (sync mode, caches, compression), limits, "
                    + "durability and its sources, known issues, notes.")
    String id;

    @Option(names = "--wide", description = "Print every declaration of every engine, one row each (wider than a "
            + "terminal).")
    boolean wide;

    @Option(names = "--json", description = "Print a JSON array with every declaration and flag instead of a table.")
    boolean json;

    @Option(names = "--markdown", description = "Print the Markdown table the README shows instead of a text table.")
    boolean markdown;

    @Option(names = "--changed-from", paramLabel = "FILE",
            description = {"Print, as a JSON array, the ids of the engines whose version differs from FILE's, or that "
                    + "FILE lacks: the engines an engine upgrade concerns. FILE is the output of `kvbench engines "
                    + "--json` of another build (e.g. a pull request's base), or that build's `mvn dependency:list "
                    + "-DincludeScope=runtime -DoutputFile=FILE`, which needs no build (default: the table)."})
    Path changedFrom;

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Mixin
    EngineSwapOptions engineBuilds = new EngineSwapOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        int forms = (wide ? 1 : 0) + (json ? 1 : 0) + (markdown ? 1 : 0) + (changedFrom != null ? 1 : 0);
        if (forms > 1) throw new BadInputException("choose one of --wide, --json, --markdown, --changed-from");
        List<KvEngine> engines = id == null ? Engines.all() : List.of(Engines.byId(id));
        PrintWriter out = spec.commandLine().getOut();
        ObjectMapper mapper = new ObjectMapper();
        if (changedFrom != null) {
            List<String> changed;
            if (isJson(changedFrom)) {
                Map<String, String> before = versions(changedFrom);
                changed = engines.stream().filter(e -> !e.version().equals(before.get(e.id()))).map(KvEngine::id)
                        .toList();
            } else {
                changed = List.copyOf(OtherBuild.changedVersions(engines, changedFrom).keySet());
            }
            out.println(mapper.writeValueAsString(changed));
        } else if (json) {
            out.println(mapper.enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(EngineJson.of(engines, mapper)));
        } else if (markdown) {
            out.print(EngineTable.markdown(engines));
        } else if (wide) {
            EngineTable.printWide(out, engines);
        } else if (id != null) {
            EngineDetails.print(out, engines.get(0));
        } else {
            EngineTable.print(out, engines);
        }
        // An adapter that failed to load disables its engine only; say so (on stderr where stdout is machine-read).
        PrintWriter notes = json || markdown || changedFrom != null ? spec.commandLine().getErr() : out;
        if (id == null) {
            for (Engines.Unavailable broken : Engines.unavailable()) notes.println("unavailable: " + broken.describe());
        }
        notes.flush();
        out.flush();
        return ExitCode.OK.code();
    }

    /** Whether FILE holds JSON (`engines --json`) rather than a dependency list. */
    private static boolean isJson(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new BadInputException("--changed-from " + file + " is not a file");
        String text = Files.readString(file).stripLeading();
        return text.startsWith("[") || text.startsWith("{");
    }

    /** Engine id to version from another build's {@code engines --json}; a file that is not one is bad input. */
    private static Map<String, String> versions(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new BadInputException("--changed-from " + file + " is not a file");
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new BadInputException(file + ": not JSON (" + e.getOriginalMessage()
                    + "); give the output of `kvbench engines --json`");
        }
        Map<String, String> versions = new TreeMap<>();
        if (root == null || !root.isArray()) {
            throw new BadInputException(file + ": not a JSON array of engines (`kvbench engines --json`)");
        }
        for (int i = 0; i < root.size(); i++) {
            JsonNode id = root.get(i).get("id");
            JsonNode version = root.get(i).get("version");
            if (id == null || !id.isTextual() || version == null || !version.isTextual()) {
                throw new BadInputException(file + ": item " + i + " has no string 'id' and 'version'");
            }
            versions.put(id.asText(), version.asText());
        }
        return versions;
    }
}
