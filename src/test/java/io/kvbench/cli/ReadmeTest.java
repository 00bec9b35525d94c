package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.engine.LibraryVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md says what the CLI does: its engine table is {@code kvbench engines --markdown}, its description of
 * {@code report --merge} matches the command's own help and behaviour (ReportMergeTest), and every engine bug in
 * known-issues.json is pinned where the README says it is.
 */
class ReadmeTest {

    /** What the README writes for the naive stores' version, which is the JDK that runs `kvbench engines`. */
    static final String README_JDK = "JDK (the running one)";

    private static final Path KNOWN_ISSUE_TESTS = Path.of("src/test/java/io/kvbench/engine/knownissues");
    /** The power-cut findings need the power-cut file system, so their pin lives beside the crash tests. */
    private static final Path POWER_CUT_PIN = Path.of("src/test/java/io/kvbench/crash/PowerCutKnownIssueTest.java");

    private final String readme = read(Path.of("README.md"));

    @Test
    void engineTableIsWhatTheCliPrints() {
        CliRun run = CliRun.of("engines", "--markdown");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String expected = run.out().replace(LibraryVersion.jdk(), README_JDK);
        int start = readme.indexOf(expected.lines().findFirst().orElseThrow());
        assertThat(start).as("README has the engine table's heading row").isNotNegative();
        int end = readme.indexOf("\n\n", start);
        assertThat(readme.substring(start, end + 1))
                .as("README's engine table; replace it with `kvbench engines --markdown` (the JDK version as \"%s\")", README_JDK)
                .isEqualTo(expected);
    }

    @Test
    void reportMergeIsDescribedAsItBehaves() {
        String paragraph = paragraph("`kvbench report --merge DIR... --out DIR`");
        assertThat(paragraph).contains("crash-results.json").doesNotContain("reads `results.json` only");
        String help = CliRun.of("report", "--help").out().replaceAll("\\s+", " ");
        assertThat(help.toLowerCase(Locale.ROOT)).contains("crash results").contains("merged").doesNotContain("crash/, logs/) are ignored");
    }

    @Test
    void everyKnownEngineIssueIsPinnedWhereTheReadmeSaysSo() throws IOException {
        String pinnedOnlyByTheCrashCheck = paragraph("Engine bugs the suite found are recorded in").toLowerCase(Locale.ROOT);
        for (KnownIssues.KnownIssue issue : KnownIssues.all()) {
            boolean test;
            try (Stream<Path> files = Files.list(KNOWN_ISSUE_TESTS)) {
                test = files.anyMatch(f -> read(f).contains(issue.reference()));
            }
            // One reference is shared by the engines the power-cut pin covers: it must name the engine too.
            test |= read(POWER_CUT_PIN).contains(issue.reference()) && read(POWER_CUT_PIN).contains("\"" + issue.engine() + "\"");
            boolean crashCheckOnly = Arrays.stream(pinnedOnlyByTheCrashCheck.split("(?<=[.;]) "))
                    .anyMatch(s -> s.contains("pinned only by its `known-issues.json` entry") && s.contains(issue.engine()));
            assertThat(test || crashCheckOnly)
                    .as("%s (%s): a test in %s names it, or README says it is pinned only by known-issues.json",
                            issue.engine(), issue.reference(), KNOWN_ISSUE_TESTS)
                    .isTrue();
        }
    }

    /** The README paragraph that contains {@code text}, on one line. */
    private String paragraph(String text) {
        int at = readme.indexOf(text);
        assertThat(at).as("README contains " + text).isNotNegative();
        int start = readme.lastIndexOf("\n\n", at) + 2;
        int end = readme.indexOf("\n\n", at);
        return readme.substring(start, end < 0 ? readme.length() : end).replaceAll("\\s+", " ");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
