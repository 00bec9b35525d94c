package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.engine.LibraryVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md and the docs pages say what the code does: the README's engine table is {@code kvbench engines --markdown},
 * docs/ci.md describes {@code report --merge} as the command's help and behaviour have it (ReportMergeTest), and
 * docs/correctness.md lists every engine bug of known-issues.json with the test that pins it.
 */
class ReadmeTest {

    /** What the README writes for the naive stores' version, which is the JDK that runs `kvbench engines`. */
    static final String README_JDK = "JDK (the running one)";

    private static final Path README = Path.of("README.md");
    private static final Path CI_PAGE = Path.of("docs/ci.md");
    private static final Path CORRECTNESS_PAGE = Path.of("docs/correctness.md");
    private static final Path TESTS = Path.of("src/test/java");
    /** A row of the known-issues table: | engine | issue | [label](reference) | `PinTest` |. */
    private static final Pattern ISSUE_ROW =
            Pattern.compile("(?m)^\\| ([a-z0-9-]+) \\| [^|]+ \\| \\[[^\\]]+\\]\\((https://[^)]+)\\) \\| `(\\w+)` \\|$");

    @Test
    void engineTableIsWhatTheCliPrints() {
        CliRun run = CliRun.of("engines", "--markdown");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String expected = run.out().replace(LibraryVersion.jdk(), README_JDK);
        String readme = read(README);
        int start = readme.indexOf(expected.lines().findFirst().orElseThrow());
        assertThat(start).as("README has the engine table's heading row").isNotNegative();
        int end = readme.indexOf("\n\n", start);
        assertThat(readme.substring(start, end + 1))
                .as("README's engine table; replace it with `kvbench engines --markdown` (the JDK version as \"%s\")",
                        README_JDK)
                .isEqualTo(expected);
    }

    @Test
    void reportMergeIsDescribedAsItBehaves() {
        String paragraph = paragraph(read(CI_PAGE), "`kvbench report --merge DIR... --out DIR`");
        assertThat(paragraph).contains("crash-results.json").doesNotContain("reads `results.json` only");
        String help = CliRun.of("report", "--help").out().replaceAll("\\s+", " ");
        assertThat(help.toLowerCase(Locale.ROOT)).contains("crash results").contains("merged")
                .doesNotContain("crash/, logs/) are ignored");
    }

    /**
     * Each entry of known-issues.json has its row in docs/correctness.md (engine, upstream reference, pin test), the
     * pin test exists and cites the reference (and names the engine where several engines share one reference), and the
     * table has no row for an issue that is no longer recorded.
     */
    @Test
    void everyKnownEngineIssueIsListedWithTheTestThatPinsIt() throws IOException {
        List<Row> rows = new ArrayList<>();
        Matcher m = ISSUE_ROW.matcher(read(CORRECTNESS_PAGE));
        while (m.find()) rows.add(new Row(m.group(1), m.group(2), m.group(3)));
        List<KnownIssues.KnownIssue> issues = KnownIssues.all();
        assertThat(rows).as("rows of the known-issues table in %s, one per known-issues.json entry", CORRECTNESS_PAGE)
                .hasSameSizeAs(issues);
        for (KnownIssues.KnownIssue issue : issues) {
            Optional<Row> row = rows.stream()
                    .filter(r -> r.engine().equals(issue.engine()) && r.reference().equals(issue.reference()))
                    .findFirst();
            assertThat(row).as("%s: a row '| %s | ... | [..](%s) | `PinTest` |'", CORRECTNESS_PAGE, issue.engine(),
                    issue.reference()).isPresent();
            Optional<Path> pin = testSource(row.get().pin());
            assertThat(pin).as("%s names %s as the pin of %s; no such test", CORRECTNESS_PAGE, row.get().pin(),
                    issue.reference()).isPresent();
            String code = read(pin.get());
            assertThat(code).as("%s cites %s", pin.get(), issue.reference()).contains(issue.reference());
            boolean shared = issues.stream().filter(i -> i.reference().equals(issue.reference())).count() > 1;
            if (shared) {
                assertThat(code).as("%s names engine %s", pin.get(), issue.engine())
                        .contains("\"" + issue.engine() + "\"");
            }
        }
    }

    private record Row(String engine, String reference, String pin) {
    }

    private static Optional<Path> testSource(String className) throws IOException {
        try (Stream<Path> files = Files.walk(TESTS)) {
            return files.filter(f -> f.getFileName().toString().equals(className + ".java")).findFirst();
        }
    }

    /** The paragraph of {@code page} that contains {@code text}, on one line. */
    private static String paragraph(String page, String text) {
        int at = page.indexOf(text);
        assertThat(at).as("the page contains " + text).isNotNegative();
        int start = page.lastIndexOf("\n\n", at) + 2;
        int end = page.indexOf("\n\n", at);
        return page.substring(start, end < 0 ? page.length() : end).replaceAll("\\s+", " ");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
