package io.kvbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * No doc claims a release that does not exist: every kvbench version tag a doc names where a user would use it (a
 * {@code gh release download}, a {@code kvbench-version:} input, a {@code kvbench/kvbench/...@} pin, a
 * {@code kvbench-X.Y.Z.jar}) is a tag that {@code git tag} lists and a version with its CHANGELOG.md section.
 * Placeholders ({@code vX.Y.Z}, {@code <commit SHA>}) name no tag.
 */
class ReleaseTagsTest {

    private static final String VERSION = "\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.]+)?";
    /** Where a doc names a kvbench release: group 1 is the version, without its "v". */
    private static final List<Pattern> NAMED = List.of(
            Pattern.compile("gh release download v(" + VERSION + ")"),
            Pattern.compile("kvbench-version:\\s*['\"]?v(" + VERSION + ")"),
            Pattern.compile("kvbench/kvbench/\\S*@v(" + VERSION + ")"),
            Pattern.compile("\\bkvbench-(" + VERSION + ")\\.jar"));
    /** A release's CHANGELOG heading, as scripts/changelog-section.sh reads it: "## 0.2.0 - 2026-12-01". */
    private static final Pattern SECTION = Pattern.compile("(?m)^## \\[?(" + VERSION + ")\\]?(?: - .*)?$");
    /** It describes the workflow harness, whose scratch repositories are released under a test tag of their own. */
    private static final Path HARNESS_PAGE = Path.of("docs/workflow-harness.md");

    @Test
    void everyReleaseTagADocNamesExists() {
        Set<String> tags = gitTags();
        Set<String> sections = changelogVersions(Docs.read(Path.of("CHANGELOG.md")));
        List<String> problems = new ArrayList<>();
        for (Path file : Docs.files()) {
            if (file.equals(HARNESS_PAGE)) continue;
            for (String version : versionsNamed(Docs.read(file))) {
                String problem = problem(version, tags, sections);
                if (problem != null) problems.add(file + ": " + problem);
            }
        }
        assertThat(problems).as("docs that name a release that does not exist (docs/releasing.md says what to write "
                + "before the first release)").isEmpty();
    }

    /** The checks see each way of naming a release, and each way one can be missing. */
    @Test
    void theChecksCatchWhatTheyShould() {
        assertThat(versionsNamed("gh release download v0.2.0 -R kvbench/kvbench\n"
                + "    uses: kvbench/kvbench/.github/workflows/ab.yml@v1.0.0-rc.1\n"
                + "      kvbench-version: v0.3.1\njava -jar kvbench-0.4.0.jar\n"))
                .containsExactly("0.2.0", "1.0.0-rc.1", "0.3.1", "0.4.0");
        assertThat(versionsNamed("gh release download vX.Y.Z; ab.yml@<commit SHA> # vX.Y.Z; kvbench-X.Y.Z.jar; "
                + "actions/checkout@abc # v6.1.0; https://github.com/x/y/blob/v7.5.11/z")).isEmpty();
        assertThat(changelogVersions("# Changelog\n## Unreleased\n## 0.2.0 - 2026-12-01\n## [0.1.0] - 2026-11-01\n"))
                .containsExactly("0.2.0", "0.1.0");
        assertThat(problem("0.2.0", Set.of("v0.2.0"), Set.of("0.2.0"))).isNull();
        assertThat(problem("0.2.0", Set.of(), Set.of("0.2.0"))).contains("git tag");
        assertThat(problem("0.2.0", Set.of("v0.2.0"), Set.of())).contains("CHANGELOG");
    }

    static List<String> versionsNamed(String markdown) {
        Set<String> found = new LinkedHashSet<>();
        for (String line : markdown.lines().toList()) {
            for (Pattern named : NAMED) {
                Matcher m = named.matcher(line);
                while (m.find()) found.add(m.group(1));
            }
        }
        return List.copyOf(found);
    }

    static Set<String> changelogVersions(String changelog) {
        Set<String> versions = new LinkedHashSet<>();
        Matcher m = SECTION.matcher(changelog);
        while (m.find()) versions.add(m.group(1));
        return versions;
    }

    /** Why the release {@code version} cannot be named; null when it can. */
    static String problem(String version, Set<String> tags, Set<String> sections) {
        if (!tags.contains("v" + version)) {
            return "v" + version + " is not a tag (`git tag` lists " + tags + "; in a clone without tags, "
                    + "`git fetch --tags`)";
        }
        if (!sections.contains(version)) return "v" + version + " has no '## " + version + " - <date>' in CHANGELOG";
        return null;
    }

    private static Set<String> gitTags() {
        try {
            Process git = new ProcessBuilder("git", "tag", "--list").redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = git.waitFor(30, TimeUnit.SECONDS);
            Assumptions.assumeTrue(done && git.exitValue() == 0, "not a git checkout: no tags to check against ("
                    + out.strip() + ")");
            return new LinkedHashSet<>(out.lines().map(String::strip).filter(t -> !t.isEmpty()).toList());
        } catch (IOException e) {
            Assumptions.abort("git is not installed: no tags to check against (" + e.getMessage() + ")");
            return Set.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while listing tags", e);
        }
    }
}
