package io.kvbench.report;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * One engine in full, as {@code kvbench engines ID} prints it: every declaration of its adapter, its settings, the
 * known issues recorded for it and the sources, each as a labelled paragraph wrapped at {@value EngineTable#WIDTH}
 * columns.
 */
public final class EngineDetails {

    private static final int LABEL = 22;

    private EngineDetails() {
    }

    /** One declaration of an engine: its label and its text. */
    public record Field(String label, String text) {
    }

    public static void print(PrintWriter out, KvEngine engine) {
        String nativeVersion = EngineFacts.nativeOf(engine);
        out.println(engine.id() + " " + engine.version()
                + (nativeVersion.isEmpty() ? " (written in Java)" : " (binding; native " + nativeVersion + ")"));
        for (Field f : fields(engine)) field(out, f.label(), f.text());
        out.flush();
    }

    /** What the engine declares, in reading order: the lines of {@link #print} and of the site's engine pages. */
    public static List<Field> fields(KvEngine engine) {
        Capabilities c = engine.capabilities();
        Durability d = c.durability();
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("order", EngineFacts.order(c)
                + (c.writeOnce() ? ", write-once (sealed by the first read)" : "")));
        fields.add(new Field("threads", EngineFacts.threads(c) + " (what many threads may do with one store)"));
        fields.add(new Field("limits", "key 1 B to " + EngineTable.bytes(c.maxKeyBytes()) + ", value up to "
                + EngineTable.bytes(c.maxValueBytes()) + ", empty values kept"));
        fields.add(new Field("sync", c.settings().sync()));
        fields.add(new Field("memory", c.settings().memory()));
        fields.add(new Field("compression", c.settings().compression()));
        fields.add(new Field("survives a kill", EngineFacts.guarantee(d.processKill())
                + (d.prefixConsistent() ? "; recovers a prefix of the writes" : "; recovery may not be a prefix")));
        fields.add(new Field("survives a power cut", EngineFacts.powerCutTested(engine)
                ? EngineFacts.powerCutText(engine) + "; tested by kvbench crash --fault power-cut"
                : "no promise (run as information by kvbench crash --fault power-cut)"));
        fields.add(new Field("durability setting", d.setting()));
        fields.add(new Field("durability source", d.source()));
        fields.add(new Field("checksums", checksums(d.checksums().coverage())
                + "; tested by kvbench crash --fault bit-flip,read-error"));
        fields.add(new Field("checksums source", d.checksums().source()));
        List<KnownIssues.KnownIssue> issues = EngineFacts.knownIssues(engine);
        if (issues.isEmpty()) fields.add(new Field("known issues", "none recorded"));
        for (KnownIssues.KnownIssue issue : issues) {
            fields.add(new Field("known issue", issue.reference() + (EngineFacts.breaksPowerCutPromise(issue)
                    ? " (breaks the power-cut promise)" : "") + ": " + issue.summary()));
        }
        if (!c.notes().isBlank()) fields.add(new Field("notes", c.notes()));
        return List.copyOf(fields);
    }

    private static String checksums(Durability.Coverage coverage) {
        return switch (coverage) {
            case EVERY_READ -> "every read checked: damage is an error, never data";
            case PARTIAL -> "partial (some structures checked)";
            case NONE -> "none";
        };
    }

    private static void field(PrintWriter out, String label, String text) {
        wrap(out, String.format("%-" + LABEL + "s", label + ":"), text, " ".repeat(LABEL));
    }

    /**
     * Prints {@code prefix} and {@code text} in lines of at most {@value EngineTable#WIDTH} columns, broken at spaces,
     * continuation lines starting with {@code indent}; a word longer than a line (an address) keeps a line of its own.
     */
    static void wrap(PrintWriter out, String prefix, String text, String indent) {
        StringBuilder line = new StringBuilder(prefix);
        int start = prefix.length();
        for (String word : text.strip().split("\\s+")) {
            if (line.length() > start && line.length() + 1 + word.length() > EngineTable.WIDTH) {
                out.println(line);
                line.setLength(0);
                line.append(indent);
                start = indent.length();
            }
            if (line.length() > start) line.append(' ');
            line.append(word);
        }
        out.println(line.toString().stripTrailing());
    }
}
