package io.kvbench.report;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.Fault;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An engine's declarations in the words every engines listing uses (text, wide, details, Markdown, JSON), so that the
 * forms never disagree: order, threads, guarantees, the known issues recorded for it and which of them breaks its
 * power-cut promise.
 */
final class EngineFacts {

    private static final Pattern GITHUB_ISSUE = Pattern.compile("github\\.com/([^/]+/[^/]+)/(?:issues|pull)/(\\d+)");
    private static final Pattern GITHUB_FILE =
            Pattern.compile("github\\.com/([^/]+/[^/]+)/blob/[^/]+/(?:.*/)?([^/#]+)");

    private EngineFacts() {
    }

    /** "ordered+range", "ordered", "hash", "hash, no scans". */
    static String order(Capabilities c) {
        return c.rangeScans() ? "ordered+range" : c.ordered() ? "ordered" : c.scans() ? "hash" : "hash, no scans";
    }

    /** "read+write", "read" or "single": what many threads may do with one store object. */
    static String threads(Capabilities c) {
        return c.concurrentWriters() ? "read+write" : c.concurrentReaders() ? "read" : "single";
    }

    static String guarantee(Durability.Guarantee g) {
        return switch (g) {
            case EVERY_WRITE -> "every write";
            case AFTER_FLUSH -> "after flush()";
            case AFTER_CLOSE -> "after close()";
            case NONE -> "none";
        };
    }

    /** "no promise" where nothing is promised, else the guarantee. */
    static String promise(Durability.Guarantee g) {
        return g == Durability.Guarantee.NONE ? "no promise" : guarantee(g);
    }

    /** Every power-cut promise is tested by the power-cut loop; "no promise" is run as information only. */
    static boolean powerCutTested(KvEngine engine) {
        return engine.capabilities().durability().powerLoss() != Durability.Guarantee.NONE;
    }

    /** The recorded engine bugs of this engine, in known-issues.json's order. */
    static List<KnownIssues.KnownIssue> knownIssues(KvEngine engine) {
        return KnownIssues.all().stream().filter(i -> i.engine().equals(engine.id())).toList();
    }

    /**
     * The recorded engine bug that breaks a power-cut promise: its reasons name the fault (the power cut of cycle N).
     */
    static Optional<KnownIssues.KnownIssue> powerCutIssue(KvEngine engine) {
        if (!powerCutTested(engine)) return Optional.empty();
        return knownIssues(engine).stream().filter(EngineFacts::breaksPowerCutPromise).findFirst();
    }

    static boolean breaksPowerCutPromise(KnownIssues.KnownIssue issue) {
        return issue.recordedFor(Fault.POWER_CUT.id());
    }

    /** "after flush() (known issue)" where a recorded engine bug breaks the promise. */
    static String powerCutText(KvEngine engine) {
        Durability.Guarantee g = engine.capabilities().durability().powerLoss();
        return guarantee(g) + (powerCutIssue(engine).isPresent() ? " (known issue)" : "");
    }

    /**
     * "google/leveldb#75" for a GitHub issue, "JetBrains/xodus FileDataWriter.kt" for a source file, else the address.
     */
    static String shortReference(String url) {
        Matcher issue = GITHUB_ISSUE.matcher(url);
        if (issue.find()) return issue.group(1) + "#" + issue.group(2);
        Matcher file = GITHUB_FILE.matcher(url);
        return file.find() ? file.group(1) + " " + file.group(2) : url;
    }

    /**
     * The version as a narrow column shows it: the naive stores report the JDK's full runtime version
     * ("jdk-17.0.15+6-Debian-1deb12u1"), shortened to its release ("jdk-17.0.15"); every other version as it is.
     */
    static String shortVersion(String version) {
        if (version == null || !version.startsWith("jdk-")) return version;
        try {
            return "jdk-" + Runtime.Version.parse(version.substring(4)).version().stream().map(String::valueOf)
                    .reduce((a, b) -> a + "." + b).orElse("");
        } catch (IllegalArgumentException notAJdkVersion) {
            return version;
        }
    }

    /** "-" where a binding bundles no native engine (an engine written in Java). */
    static String nativeVersion(KvEngine engine) {
        String v = nativeOf(engine);
        return v.isEmpty() ? "-" : v;
    }

    /**
     * {@link KvEngine#nativeVersion()}, empty for an engine written in Java; a native library that cannot be loaded
     * here makes it "unknown (...)" rather than failing a listing or a report.
     */
    static String nativeOf(KvEngine engine) {
        try {
            String v = engine.nativeVersion();
            return v == null ? "" : v.strip();
        } catch (RuntimeException | LinkageError e) {
            return "unknown (" + e.getClass().getSimpleName() + ")";
        }
    }
}
