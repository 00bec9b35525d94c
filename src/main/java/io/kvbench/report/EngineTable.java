package io.kvbench.report;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import java.io.PrintWriter;
import java.util.List;

/**
 * The engines and their declared promises as {@code kvbench engines} prints them: a table that fits
 * {@value #WIDTH} columns, the same with every declaration ({@code --wide}), and README.md's Markdown table
 * ({@code --markdown}; ReadmeTest keeps them equal). One engine in full is {@link EngineDetails}, the JSON form
 * {@link EngineJson}. Limits are exact in every form.
 */
public final class EngineTable {

    /** The width the default table and its legend fit: a terminal's, and a code block's on GitHub. */
    public static final int WIDTH = 120;

    private EngineTable() {
    }

    /** The table of `kvbench engines`: who, which versions, and what each promises; fits {@value #WIDTH} columns. */
    public static void print(PrintWriter out, List<KvEngine> engines) {
        TextTable table = new TextTable("engine", "version", "native", "order", "threads", "survives kill",
                "survives power cut");
        for (KvEngine engine : engines) {
            Capabilities c = engine.capabilities();
            table.row(engine.id(), EngineFacts.shortVersion(engine.version()), EngineFacts.nativeVersion(engine),
                    EngineFacts.order(c), EngineFacts.threads(c), EngineFacts.guarantee(c.durability().processKill()),
                    EngineFacts.powerCutText(engine));
        }
        table.print(out);
        EngineDetails.wrap(out, "", engines.size() + " engines. version: the engine library on the class path (for a "
                + "binding, the binding's); native: the engine it bundles. Durability: every write | after flush() | "
                + "after close() | none. Every power-cut promise is tested (kvbench crash --fault power-cut); "
                + "'(known issue)' marks a recorded engine bug that breaks it.", "");
        EngineDetails.wrap(out, "",
                "Sync mode, caches, compression, limits, known issues and sources: `kvbench engines "
                + "ID`, or every engine with --wide; --json carries all of it.", "");
    }

    /** Every declaration of every engine, one row each; as wide as it needs to be. */
    public static void printWide(PrintWriter out, List<KvEngine> engines) {
        TextTable table = new TextTable("engine", "version", "native", "order", "threads", "write-once", "max key",
                "max value", "survives kill", "survives power cut", "known issue", "sync", "memory", "compression");
        for (KvEngine engine : engines) {
            Capabilities c = engine.capabilities();
            table.row(engine.id(), engine.version(), EngineFacts.nativeVersion(engine), EngineFacts.order(c),
                    EngineFacts.threads(c), c.writeOnce() ? "yes" : "no", bytes(c.maxKeyBytes()),
                    bytes(c.maxValueBytes()), EngineFacts.guarantee(c.durability().processKill()),
                    EngineFacts.guarantee(c.durability().powerLoss()),
                    EngineFacts.powerCutIssue(engine).map(i -> i.reference()).orElse("-"), c.settings().sync(),
                    c.settings().memory(), c.settings().compression());
        }
        table.print(out);
        out.println(engines.size() + " engines. known issue: the recorded engine bug that breaks the power-cut promise."
                + " `kvbench engines ID` adds the durability setting, sources and notes.");
    }

    /** README's engine table: promises in words, limits exact, the power-cut finding linked. */
    public static String markdown(List<KvEngine> engines) {
        StringBuilder md = new StringBuilder("| engine | version | native | order | one store, many threads "
                + "| limits (key / value) | survives a process kill | survives a power cut |\n"
                + "|---|---|---|---|---|---|---|---|\n");
        for (KvEngine engine : engines) {
            Capabilities c = engine.capabilities();
            String order = (c.rangeScans() ? "ordered, ranges" : c.ordered() ? "ordered" : c.scans() ? "hash"
                    : "hash, no scans") + (c.writeOnce() ? ", write-once" : "");
            String threads = c.concurrentWriters() ? "reads + writes" : c.concurrentReaders() ? "reads" : "one thread";
            md.append("| ").append(String.join(" | ", engine.id(), engine.version(), EngineFacts.nativeVersion(engine),
                    order, threads, bytes(c.maxKeyBytes()) + " / " + bytes(c.maxValueBytes()),
                    EngineFacts.promise(c.durability().processKill()), powerCutMarkdown(engine))).append(" |\n");
        }
        return md.toString();
    }

    /**
     * The power-cut promise and what testing it found: every engine runs in the power-cut loop (PowerCutRecoveryTest);
     * one that promises nothing is run as information, one whose promise a recorded engine bug breaks links it.
     */
    private static String powerCutMarkdown(KvEngine engine) {
        Durability.Guarantee g = engine.capabilities().durability().powerLoss();
        if (!EngineFacts.powerCutTested(engine)) return "no promise (run as information)";
        return EngineFacts.promise(g) + EngineFacts.powerCutIssue(engine)
                .map(i -> ", tested: known issue [" + EngineFacts.shortReference(i.reference()) + "](" + i.reference()
                        + ")").orElse(", tested");
    }

    private static final long[] UNITS = {1L << 30, 1L << 20, 1L << 10};
    private static final String[] UNIT_NAMES = {"GiB", "MiB", "KiB"};

    /**
     * An exact size, short: a whole number of the largest unit that divides it ("8124 KiB"), or a few bytes under a
     * whole number of MiB or GiB ("4 MiB - 122 B", "2 GiB - 9 B" for Java's array limit), else bytes. Never rounded:
     * a limit one byte off is a limit a user hits.
     */
    public static String bytes(long n) {
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
