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
import io.kvbench.report.TextTable;
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
            out.print(markdownTable(engines));
        } else {
            printTable(out, engines);
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

    private static void printTable(PrintWriter out, List<EngineInfo> engines) {
        TextTable table = new TextTable("engine", "version", "order", "threads", "write-once", "max key", "max value",
                "survives kill", "survives power cut", "setting");
        for (EngineInfo e : engines) {
            table.row(e.id(), e.version(), e.rangeScans() ? "ordered+range" : e.ordered() ? "ordered" : e.scans() ? "hash" : "hash, no scans",
                    e.concurrentWriters() ? "read+write" : e.concurrentReaders() ? "read" : "single",
                    e.writeOnce() ? "yes" : "no", bytes(e.maxKeyBytes()), bytes(e.maxValueBytes()),
                    guarantee(e.durability().processKill()), guarantee(e.durability().powerLoss()),
                    e.durability().setting());
        }
        table.print(out);
        out.println(engines.size() + " engines. Durability: every write | after flush() | after close() | none. "
                + "`kvbench engines --json` adds sources and notes.");
    }

    /** README's engine table: promises in words, limits exact. */
    static String markdownTable(List<EngineInfo> engines) {
        StringBuilder md = new StringBuilder("| engine | version | order | one store, many threads | limits (key / value) "
                + "| survives a process kill | survives a power cut |\n|---|---|---|---|---|---|---|\n");
        for (EngineInfo e : engines) {
            String order = (e.rangeScans() ? "ordered, ranges" : e.ordered() ? "ordered" : e.scans() ? "hash" : "hash, no scans")
                    + (e.writeOnce() ? ", write-once" : "");
            String threads = e.concurrentWriters() ? "reads + writes" : e.concurrentReaders() ? "reads" : "one thread";
            md.append("| ").append(String.join(" | ", e.id(), e.version(), order, threads,
                    bytes(e.maxKeyBytes()) + " / " + bytes(e.maxValueBytes()), promise(e.durability().processKill()),
                    promise(e.durability().powerLoss()))).append(" |\n");
        }
        return md.toString();
    }

    private static String promise(Durability.Guarantee g) {
        return g == Durability.Guarantee.NONE ? "no promise" : guarantee(g);
    }

    private static String guarantee(Durability.Guarantee g) {
        return switch (g) {
            case EVERY_WRITE -> "every write";
            case AFTER_FLUSH -> "after flush()";
            case AFTER_CLOSE -> "after close()";
            case NONE -> "none";
        };
    }

    private static final long[] UNITS = {1L << 30, 1L << 20, 1L << 10};
    private static final String[] UNIT_NAMES = {"GiB", "MiB", "KiB"};

    /**
     * An exact size, short: a whole number of the largest unit that divides it ("8124 KiB"), or a few bytes under a
     * whole number of MiB or GiB ("4 MiB - 122 B", "2 GiB - 9 B" for Java's array limit), else bytes. Never rounded:
     * a limit one byte off is a limit a user hits.
     */
    static String bytes(long n) {
        for (int i = 0; i < UNITS.length; i++) {
            long unit = UNITS[i];
            long whole = (n + unit - 1) / unit; // units at or above n
            long under = whole * unit - n;
            if (whole >= 1 && under == 0) return whole + " " + UNIT_NAMES[i];
            if (whole >= 1 && unit > 1024 && under < 1024) return whole + " " + UNIT_NAMES[i] + " - " + under + " B";
        }
        return n + " B";
    }
}
