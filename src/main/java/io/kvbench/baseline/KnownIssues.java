package io.kvbench.baseline;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Status;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Engine bugs kvbench has found and recorded ({@code kvbench/known-issues.json}), each with an upstream reference. A
 * benchmark that fails with a recorded engine bug is reported as that bug, not as an infrastructure error or a
 * regression, so that a gate fails only on what is new. Only a failure whose kind says the engine may be at fault
 * ({@link FailureKind#mayBeTheEngine()}) can be one; its reason is then the engine's own error text, which is what an
 * issue's regular expression is matched against (there is no other signal of which bug it is).
 */
public final class KnownIssues {

    /**
     * @param engine    engine id
     * @param reason    regular expression found in the failure reason (the engine's or the OS's words it quotes)
     * @param reference upstream issue or source line
     * @param summary   one sentence for people
     * @param faults    the crash faults ({@code kvbench crash --fault}) it shows under; absent: a benchmark failure, or
     *                  any fault
     * @param kinds     the failure kinds it shows as (DATA_LOSS, ...); absent: any
     */
    public record KnownIssue(String engine, String reason, String reference, String summary, List<String> faults,
                             List<FailureKind> kinds) {

        public KnownIssue {
            faults = faults == null ? null : List.copyOf(faults);
            // Kept as given, a null too ("NONE" reads as no kind): parse() refuses it, naming the field.
            kinds = kinds == null ? null : Collections.unmodifiableList(new ArrayList<>(kinds));
        }

        /** Recorded for this crash fault by name (an entry without faults applies to benchmarks and any fault). */
        public boolean recordedFor(String fault) {
            return faults != null && faults.contains(fault);
        }

        /** "known engine issue <reference>: <summary>": what compare, gate and the run's reports say about it. */
        public String describe() {
            return "known engine issue " + reference + ": " + summary;
        }

        boolean matches(BenchmarkResult result) {
            return result.kind() != null && result.kind().mayBeTheEngine() && matches(result.engine(), result.reason());
        }

        boolean matches(String engineId, String failure) {
            return engine.equals(engineId) && failure != null && Pattern.compile(reason).matcher(failure).find();
        }

        boolean matches(CrashFailure failure) {
            return (faults == null || faults.contains(failure.fault()))
                    && (kinds == null || kinds.contains(failure.kind()))
                    && matches(failure.engine(), failure.reason());
        }
    }

    /**
     * A crash test's failure, as known issues are matched against it.
     *
     * @param engine engine id
     * @param fault  the fault's id (process-kill, power-cut, ...)
     * @param kind   the failure's kind, decided where it was found
     * @param reason the failure reason
     */
    public record CrashFailure(String engine, String fault, FailureKind kind, String reason) {
    }

    private static final List<KnownIssue> ALL = load();

    private KnownIssues() {
    }

    public static List<KnownIssue> all() {
        return ALL;
    }

    /** The recorded engine bug an ERROR result shows, if any. */
    public static Optional<KnownIssue> of(BenchmarkResult result) {
        if (result.status() != Status.ERROR) return Optional.empty();
        return ALL.stream().filter(issue -> issue.matches(result)).findFirst();
    }

    /** The recorded engine bug a crash test's failure shows, if any: same engine, fault and kind, reason matching. */
    public static Optional<KnownIssue> find(CrashFailure failure) {
        return ALL.stream().filter(issue -> issue.matches(failure)).findFirst();
    }

    private static List<KnownIssue> load() {
        try (InputStream in = KnownIssues.class.getClassLoader().getResourceAsStream("kvbench/known-issues.json")) {
            if (in == null) throw new IllegalStateException("kvbench/known-issues.json is missing from the class path");
            return parse(Path.of("kvbench/known-issues.json"), in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("kvbench/known-issues.json is unreadable", e);
        }
    }

    /**
     * The known issues of a known-issues.json, validated: every field present, engine ids that are names, reasons that
     * compile as regular expressions, no entry twice; anything else is an {@link InputException} naming file and field.
     */
    public static List<KnownIssue> parse(Path file, byte[] json) {
        List<KnownIssue> issues = Inputs.parse(JsonMapper.builder().build(), file, json,
                new TypeReference<List<KnownIssue>>() { },
                "an array of known issues");
        Set<KnownIssue> seen = new HashSet<>();
        for (int i = 0; i < issues.size(); i++) {
            KnownIssue issue = issues.get(i);
            String at = "[" + i + "]";
            if (issue == null) throw new InputException(file, at, "is null");
            Inputs.id(file, at + ".engine", issue.engine());
            Inputs.text(file, at + ".reason", issue.reason());
            Inputs.text(file, at + ".reference", issue.reference());
            Inputs.text(file, at + ".summary", issue.summary());
            try {
                Pattern.compile(issue.reason());
            } catch (PatternSyntaxException e) {
                throw new InputException(file, at + ".reason", "is not a regular expression: "
                        + e.getDescription(), e);
            }
            names(file, at + ".faults", issue.faults());
            kinds(file, at + ".kinds", issue.kinds());
            if (!seen.add(issue)) throw new InputException(file, at, "repeats an earlier entry");
        }
        return List.copyOf(issues);
    }

    private static void kinds(Path file, String at, List<FailureKind> kinds) {
        if (kinds == null) return;
        if (kinds.isEmpty()) throw new InputException(file, at, "is empty; leave it out to mean any");
        if (kinds.stream().anyMatch(Objects::isNull)) {
            throw new InputException(file, at, "names no failure kind (NONE is no failure)");
        }
    }

    private static void names(Path file, String at, List<String> names) {
        if (names == null) return;
        if (names.isEmpty()) throw new InputException(file, at, "is empty; leave it out to mean any");
        for (int i = 0; i < names.size(); i++) Inputs.id(file, at + "[" + i + "]", names.get(i));
    }
}
