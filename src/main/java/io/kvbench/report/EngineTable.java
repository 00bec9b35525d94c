package io.kvbench.report;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.Fault;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The engines and their declared promises as a text table ({@code kvbench engines}) and as README.md's Markdown table
 * ({@code kvbench engines --markdown}; ReadmeTest keeps them equal). Limits are exact in both.
 */
public final class EngineTable {

    private EngineTable() {
    }

    /** The text table of `kvbench engines`: one row per engine, promises as their settings name them. */
    public static void print(PrintWriter out, List<KvEngine> engines) {
        TextTable table = new TextTable("engine", "version", "order", "threads", "write-once", "max key", "max value",
                "survives kill", "survives power cut", "setting");
        for (KvEngine engine : engines) {
            Capabilities e = engine.capabilities();
            table.row(engine.id(), engine.version(), e.rangeScans() ? "ordered+range" : e.ordered() ? "ordered" : e.scans() ? "hash" : "hash, no scans",
                    e.concurrentWriters() ? "read+write" : e.concurrentReaders() ? "read" : "single",
                    e.writeOnce() ? "yes" : "no", bytes(e.maxKeyBytes()), bytes(e.maxValueBytes()),
                    guarantee(e.durability().processKill()), powerCutText(engine), e.durability().setting());
        }
        table.print(out);
        out.println(engines.size() + " engines. Durability: every write | after flush() | after close() | none. "
                + "Every power-cut promise is tested (kvbench crash --fault power-cut); '(known issue)' marks a recorded "
                + "engine bug that breaks it (--markdown names it). `kvbench engines --json` adds sources and notes.");
    }

    /** README's engine table: promises in words, limits exact. */
    public static String markdown(List<KvEngine> engines) {
        StringBuilder md = new StringBuilder("| engine | version | order | one store, many threads | limits (key / value) "
                + "| survives a process kill | survives a power cut |\n|---|---|---|---|---|---|---|\n");
        for (KvEngine engine : engines) {
            Capabilities e = engine.capabilities();
            String order = (e.rangeScans() ? "ordered, ranges" : e.ordered() ? "ordered" : e.scans() ? "hash" : "hash, no scans")
                    + (e.writeOnce() ? ", write-once" : "");
            String threads = e.concurrentWriters() ? "reads + writes" : e.concurrentReaders() ? "reads" : "one thread";
            md.append("| ").append(String.join(" | ", engine.id(), engine.version(), order, threads,
                    bytes(e.maxKeyBytes()) + " / " + bytes(e.maxValueBytes()), promise(e.durability().processKill()),
                    powerCutMarkdown(engine))).append(" |\n");
        }
        return md.toString();
    }

    /**
     * The power-cut promise and what testing it found: every engine runs in the power-cut loop (PowerCutRecoveryTest);
     * one that promises nothing is run as information, one whose promise a recorded engine bug breaks names it.
     */
    private static String powerCutMarkdown(KvEngine engine) {
        Durability.Guarantee g = engine.capabilities().durability().powerLoss();
        if (g == Durability.Guarantee.NONE) return "no promise (run as information)";
        return promise(g) + powerCutIssue(engine).map(i -> ", tested: known issue [" + shortReference(i.reference()) + "]("
                + i.reference() + ")").orElse(", tested");
    }

    private static String powerCutText(KvEngine engine) {
        Durability.Guarantee g = engine.capabilities().durability().powerLoss();
        return guarantee(g) + (g != Durability.Guarantee.NONE && powerCutIssue(engine).isPresent() ? " (known issue)" : "");
    }

    /** A recorded engine bug of the power-cut loop: its failure reasons name the fault ("after the power cut of cycle N"). */
    private static Optional<KnownIssues.KnownIssue> powerCutIssue(KvEngine engine) {
        return KnownIssues.all().stream()
                .filter(i -> i.engine().equals(engine.id()) && i.reason().contains("the " + Fault.POWER_CUT.noun() + " of cycle"))
                .findFirst();
    }

    private static final Pattern GITHUB_ISSUE = Pattern.compile("github\\.com/([^/]+/[^/]+)/(?:issues|pull)/(\\d+)");
    private static final Pattern GITHUB_FILE = Pattern.compile("github\\.com/([^/]+/[^/]+)/blob/[^/]+/(?:.*/)?([^/#]+)");

    /** "google/leveldb#196" for a GitHub issue, "JetBrains/xodus FileDataWriter.kt" for a source file, else the address. */
    private static String shortReference(String url) {
        Matcher issue = GITHUB_ISSUE.matcher(url);
        if (issue.find()) return issue.group(1) + "#" + issue.group(2);
        Matcher file = GITHUB_FILE.matcher(url);
        return file.find() ? file.group(1) + " " + file.group(2) : url;
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
