package io.kvbench.report;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import java.io.PrintWriter;
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

    public static void print(PrintWriter out, KvEngine engine) {
        Capabilities c = engine.capabilities();
        Durability d = c.durability();
        String nativeVersion = EngineFacts.nativeOf(engine);
        out.println(engine.id() + " " + engine.version()
                + (nativeVersion.isEmpty() ? " (written in Java)" : " (binding; native " + nativeVersion + ")"));
        field(out, "order", EngineFacts.order(c) + (c.writeOnce() ? ", write-once (sealed by the first read)" : ""));
        field(out, "threads", EngineFacts.threads(c) + " (what many threads may do with one store)");
        field(out, "limits", "key 1 B to " + EngineTable.bytes(c.maxKeyBytes()) + ", value up to "
                + EngineTable.bytes(c.maxValueBytes()) + ", empty values kept");
        field(out, "sync", c.settings().sync());
        field(out, "memory", c.settings().memory());
        field(out, "compression", c.settings().compression());
        field(out, "survives a kill", EngineFacts.guarantee(d.processKill())
                + (d.prefixConsistent() ? "; recovers a prefix of the writes" : "; recovery may not be a prefix"));
        field(out, "survives a power cut", EngineFacts.powerCutTested(engine)
                ? EngineFacts.powerCutText(engine) + "; tested by kvbench crash --fault power-cut"
                : "no promise (run as information by kvbench crash --fault power-cut)");
        field(out, "durability setting", d.setting());
        field(out, "durability source", d.source());
        field(out, "checksums", checksums(d.checksums().coverage())
                + "; tested by kvbench crash --fault bit-flip,read-error");
        field(out, "checksums source", d.checksums().source());
        List<KnownIssues.KnownIssue> issues = EngineFacts.knownIssues(engine);
        if (issues.isEmpty()) field(out, "known issues", "none recorded");
        for (KnownIssues.KnownIssue issue : issues) {
            field(out, "known issue", issue.reference() + (EngineFacts.breaksPowerCutPromise(issue)
                    ? " (breaks the power-cut promise)" : "") + ": " + issue.summary());
        }
        if (!c.notes().isBlank()) field(out, "notes", c.notes());
        out.flush();
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
