package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No exit code, verdict or report line depends on matching message text: what failed is a kind decided where it
 * failed (FailureKind, a verdict enum, an exception type), and reasons, messages and notes are for people. Checked on
 * the code of src/main/java (comments and strings blanked): a reason, message, note, failure, log or output tested
 * with contains, startsWith, endsWith, matches, equals or a regular expression is an error, except in the places below
 * that read text another program wrote (and have no other signal, or only reshape it for people), each with its reason.
 * Whatever a variable is called: a local variable that holds such text (assigned from an exception's message, a
 * result's reason, a container's logs, a process's output or error stream, or from another such variable, or looping
 * over one) is tested as well.
 */
class MessageTextTest {

    /** A text that says why (a reason, a message, a log) tested for what it contains. */
    private static final Pattern TEXT_TEST = Pattern.compile(
            "\\b(\\w*(?:reason|Reason|message|Message|note|Note|failure|Failure|logs|Logs|output|Output"
                    + "|summary|Summary))"
                    + "(\\(\\))?\\.(contains|startsWith|endsWith|matches|equals|equalsIgnoreCase|regionMatches)\\("
                    + "|\\.matcher\\(\\s*\\w*(?:reason|Reason|message|Message|failure|Failure|note|Note)");

    /** Expressions that yield text for people or another program's words: where a held text comes from. */
    private static final String TEXT_SOURCE = "getMessage\\(\\)|getLocalizedMessage\\(\\)|\\breason\\(\\)|\\blogs\\(\\)"
            + "|getInputStream\\(\\)|getErrorStream\\(\\)|\\bstderr\\b|\\bstdout\\b";

    /** A local variable's declaration with its initialiser, or a for-each variable with what it loops over. */
    private static final Pattern DECLARATION = Pattern.compile(
            "\\b(?:String|var|CharSequence|String\\[\\])\\s+(\\w+)\\s*=\\s*([^;]*);"
                    + "|\\bfor\\s*\\(\\s*(?:final\\s+)?(?:String|var)\\s+(\\w+)\\s*:\\s*([^)]*)\\)");

    private static final String TEXT_VERBS =
            "contains|startsWith|endsWith|matches|equals|equalsIgnoreCase|regionMatches|indexOf";

    /**
     * Places that read another program's text, by file and the text test, with the reason: it is the only signal, or
     * the text is only reshaped for people.
     */
    static final Map<String, String> EXTERNAL_TEXT = Map.of(
            "run/Failures.java: osOutput.contains(",
            "a full disk has no signal but the OS's strerror(ENOSPC) text in the error the engine or the JVM passes "
                    + "on; read here once and turned into FailureKind.INFRASTRUCTURE",
            "baseline/KnownIssues.java: .matcher(failure",
            "which recorded engine bug a failure is shows only in the engine's own error text; matched only for "
                    + "failures whose kind may be the engine's",
            "infra/DockerEngine.java: message.contains(",
            "Docker's error text, to add a hint to the message a person reads; the exit code comes from the type",
            "input/Inputs.java: getMessage().contains(",
            "the wording of an input error from the JDK's NullPointerException text; the exit code comes from the type",
            "cli/CliErrors.java: message.endsWith(",
            "picocli's message put on one line without its full stop, for people; the exit code comes from the type",
            "engine/Engines.java: message.indexOf(",
            "the adapter's class name cut out of ServiceLoader's message, for the line a person reads; the failure is "
                    + "the ServiceConfigurationError's type",
            "engine/Engines.java: rest.indexOf(",
            "the same cut, where the class name ends",
            "crash/WriterOutput.java: line.startsWith(",
            "the ledger is the line protocol of kvbench's own writer process (WriterProtocol): a line counts by its "
                    + "prefix and terminator, and a failure line's type is a protocol word; the engine's text after it "
                    + "is kept for people",
            "crash/WriterOutput.java: line.endsWith(",
            "the ledger's terminator, as above");

    @Test
    void noDecisionReadsMessageText() {
        List<String> found = textTests();
        List<String> unexplained = new ArrayList<>();
        for (String place : found) {
            if (!EXTERNAL_TEXT.containsKey(place)) unexplained.add(place);
        }
        assertThat(unexplained).as("message text tested in src/main: decide by a kind (FailureKind, a verdict, an "
                + "exception type) where the failure happens, or add the place to EXTERNAL_TEXT with why the text is "
                + "another program's and the only signal").isEmpty();
    }

    @Test
    void everyExceptionIsStillNeeded() {
        Set<String> found = new TreeSet<>(textTests());
        Set<String> listed = new TreeSet<>(EXTERNAL_TEXT.keySet());
        listed.removeAll(found);
        assertThat(listed).as("listed places that no longer test message text: remove them from the list").isEmpty();
    }

    @Test
    void theCheckSeesCodeNotCommentsOrStrings() {
        String code = "class A { boolean b(BenchmarkResult r, String m) {\n"
                + "  // r.reason().contains(\"x\") in a comment\n"
                + "  String s = \"reason.startsWith(\";\n"
                + "  return r.reason().startsWith(PREFIX) || e.getMessage().contains(\"y\") || status.equals(OK); } }";
        assertThat(textTests("x/A.java", code)).containsExactly("x/A.java: reason().startsWith(",
                "x/A.java: getMessage().contains(");
    }

    /** The du retry this check once missed: a process's output held in a variable named for nothing. */
    @Test
    void theCheckFollowsTextIntoVariablesOfAnyName() {
        String code = "class B { long b(Process p, Throwable e) throws Exception {\n"
                + "  String out = new String(p.getInputStream().readAllBytes()).trim();\n"
                + "  String first = out.lines().findFirst().orElse(\"\");\n"
                + "  for (String word : first.split(\" \")) if (word.equals(\"No\")) return 1;\n"
                + "  var why = String.valueOf(e.getMessage());\n"
                + "  String name = p.toString();\n"
                + "  return out.contains(\"No such file\") || why.indexOf(':') > 0\n"
                + "      || name.contains(\"x\") ? 1 : 0; } }";
        assertThat(textTests("x/B.java", code)).containsExactlyInAnyOrder("x/B.java: word.equals(",
                "x/B.java: out.contains(", "x/B.java: why.indexOf(");
    }

    private static List<String> textTests() {
        List<String> found = new ArrayList<>();
        Path root = Path.of("src", "main", "java", "io", "kvbench");
        for (Path file : PackageDependenciesTest.sources()) {
            try {
                found.addAll(textTests(root.relativize(file).toString().replace('\\', '/'), Files.readString(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return found;
    }

    private static List<String> textTests(String file, String code) {
        String bare = PackageDependenciesTest.withoutCommentsAndStrings(code);
        Set<String> found = new LinkedHashSet<>();
        Matcher m = TEXT_TEST.matcher(bare);
        while (m.find()) found.add(file + ": " + m.group().replaceAll("\\s+", ""));
        for (String held : heldTexts(bare)) {
            Matcher use = Pattern.compile("\\b" + held + "\\.(?:" + TEXT_VERBS + ")\\(|\\.matcher\\(\\s*" + held
                    + "\\b").matcher(bare);
            while (use.find()) found.add(file + ": " + use.group().replaceAll("\\s+", ""));
        }
        return new ArrayList<>(found);
    }

    /** The local variables of a file that hold message or output text, followed from variable to variable. */
    private static Set<String> heldTexts(String bare) {
        Set<String> held = new TreeSet<>();
        for (boolean grew = true; grew; ) {
            grew = false;
            Pattern source = Pattern.compile(held.isEmpty() ? TEXT_SOURCE
                    : TEXT_SOURCE + "|\\b(?:" + String.join("|", held) + ")\\b");
            Matcher m = DECLARATION.matcher(bare);
            while (m.find()) {
                String name = m.group(1) != null ? m.group(1) : m.group(3);
                String from = m.group(1) != null ? m.group(2) : m.group(4);
                if (source.matcher(from).find() && held.add(name)) grew = true;
            }
        }
        return held;
    }
}
