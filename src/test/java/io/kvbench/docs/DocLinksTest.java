package io.kvbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The documentation holds together: every relative link of README.md, CONTRIBUTING.md, CHANGELOG.md and docs/**.md
 * names a file that exists (and a heading of it, where it gives an anchor), every external link is a well-formed https
 * URL (not fetched: the build is offline), and the README stays a map of at most 200 lines.
 */
class DocLinksTest {

    private static final int README_MAX_LINES = 200;

    @Test
    void everyRelativeLinkAndAnchorResolves() {
        List<String> broken = new ArrayList<>();
        for (Path file : Docs.files()) {
            for (String target : Docs.links(Docs.read(file))) {
                if (isExternal(target)) continue;
                String problem = problem(file, target);
                if (problem != null) broken.add(file + ": " + target + " (" + problem + ")");
            }
        }
        assertThat(broken).as("links that do not resolve").isEmpty();
    }

    @Test
    void everyExternalLinkIsAWellFormedHttpsUrl() {
        List<String> bad = new ArrayList<>();
        for (Path file : Docs.files()) {
            for (String target : Docs.links(Docs.read(file))) {
                if (isExternal(target) && !wellFormedHttps(target)) bad.add(file + ": " + target);
            }
        }
        assertThat(bad).as("external links that are not https://host/...").isEmpty();
    }

    @Test
    void theReadmeIsAMapOfAtMost200Lines() {
        long lines = Docs.read(Docs.README).lines().count();
        assertThat(lines).as("README.md lines: move details into a page under docs/ and link it")
                .isLessThanOrEqualTo(README_MAX_LINES);
    }

    /** The checks themselves see a broken link, a missing anchor and a malformed URL. */
    @Test
    void theChecksCatchWhatTheyShould() {
        Path readme = Docs.README;
        assertThat(problem(readme, "docs/no-such-page.md")).contains("no such file");
        assertThat(problem(readme, "docs/getting-started.md#no-such-heading")).contains("no heading");
        assertThat(problem(readme, "docs/getting-started.md#run-the-default-job")).isNull();
        assertThat(problem(readme, "#quick-start")).isNull();
        assertThat(wellFormedHttps("http://example.com/")).isFalse();
        assertThat(wellFormedHttps("https:/example.com")).isFalse();
        assertThat(wellFormedHttps("https://github.com/google/leveldb/issues/196")).isTrue();
        assertThat(Docs.slug("Why tables print a `95 %` interval")).isEqualTo("why-tables-print-a-95--interval");
        assertThat(Docs.slug("Where the noise is: drift, not forks")).isEqualTo("where-the-noise-is-drift-not-forks");
        assertThat(Docs.links("see [a](x.md) and `[b](y.md)`\n```\n[c](z.md)\n```\n")).containsExactly("x.md");
    }

    private static boolean isExternal(String target) {
        return target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*");
    }

    private static boolean wellFormedHttps(String target) {
        try {
            URI uri = new URI(target);
            return "https".equals(uri.getScheme()) && uri.getHost() != null && !uri.getHost().isBlank();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Why {@code target}, linked from {@code file}, does not resolve; null when it does. */
    private static String problem(Path file, String target) {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = path.isEmpty() ? file : file.toAbsolutePath().getParent().resolve(path).normalize();
        if (!Files.exists(resolved)) return "no such file";
        if (anchor == null) return null;
        if (!resolved.toString().endsWith(".md")) return "an anchor into a file that is not Markdown";
        return Docs.anchors(Docs.read(resolved)).contains(anchor) ? null : "no heading #" + anchor;
    }
}
