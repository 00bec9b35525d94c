package io.kvbench.workflows;

import static io.kvbench.workflows.NightlyWorkflowTest.tail;
import static io.kvbench.workflows.PullRequestWorkflowTest.edit;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The release workflow (release.yml) runs for real on a pushed version tag: a tag without its CHANGELOG.md section is
 * refused before the build and publishes nothing; the tag of a commit that cut "## Unreleased" into "## 0.2.0 - date"
 * publishes a release at the API stand-in named after the version, with that section as its notes and the jar and its
 * checksum as assets, and the downloaded jar prints the tag's version and the tagged commit.
 */
@Tag("workflow")
class ReleaseWorkflowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String VERSION = "0.2.0";
    static final String HEADING = "## " + VERSION + " - 2026-11-26";

    @Test
    void aVersionTagPublishesTheJarItsChecksumAndItsChangelogSection() throws Exception {
        try (ActHarness h = new ActHarness("release")) {
            ActHarness.git(h.repo, "tag", "v0.3.0");
            ActHarness.Run refused = h.run("release.yml", "push", tagPush(h, "v0.3.0"), Map.of(), List.of());
            assertThat(refused.exitCode()).as(refused + "\n" + tail(refused)).isNotZero();
            assertThat(refused.log()).contains("has no section '## 0.3.0 - <date>'").doesNotContain("BUILD SUCCESS");
            assertThat(h.github.releases()).as("nothing published for a tag without notes").isEmpty();

            ActHarness.Run run = release(h);
            assertThat(run.exitCode()).as(run + "\n" + tail(run)).isZero();
            GitHubStandIn.Release release = h.github.releases().get(0);
            assertThat(release.tag()).isEqualTo("v" + VERSION);
            assertThat(release.name()).isEqualTo("kvbench " + VERSION);
            assertThat(release.prerelease()).isFalse();
            String changelog = Files.readString(h.repo.resolve("CHANGELOG.md"));
            String section = changelog.substring(changelog.indexOf(HEADING) + HEADING.length());
            section = section.substring(0, section.indexOf("\n## ")).strip();
            assertThat(release.body().strip()).as("the notes are the version's CHANGELOG section").isEqualTo(section)
                    .contains("### Command line");
            String jarName = "kvbench-" + VERSION + ".jar";
            assertThat(release.assets()).containsOnlyKeys(jarName, jarName + ".sha256");
            byte[] jar = release.assets().get(jarName);
            String sum = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(jar));
            assertThat(new String(release.assets().get(jarName + ".sha256"), StandardCharsets.UTF_8))
                    .isEqualTo(sum + "  " + jarName + "\n");
            Path downloaded = h.repo.resolveSibling(jarName);
            Files.write(downloaded, jar);
            String tagged = ActHarness.git(h.repo, "rev-parse", "v" + VERSION + "^{commit}").strip();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            assertThat(ActHarness.command(java, "-jar", downloaded.toString(), "--version"))
                    .contains("kvbench " + VERSION + " (git revision " + tagged);
        }
    }

    /**
     * Cuts the release section from "## Unreleased" as a maintainer does, commits, tags v0.2.0, pushes the tag and
     * runs the release workflow for it; the release is the stand-in's last.
     */
    static ActHarness.Run release(ActHarness h) throws Exception {
        edit(h.repo.resolve("CHANGELOG.md"), "## Unreleased\n", "## Unreleased\n\n" + HEADING + "\n");
        ActHarness.git(h.repo, "commit", "--quiet", "-am", "Release " + VERSION);
        ActHarness.git(h.repo, "tag", "-a", "v" + VERSION, "-m", "kvbench " + VERSION);
        ActHarness.git(h.repo, "push", "--quiet", "origin", "main", "v" + VERSION);
        return h.run("release.yml", "push", tagPush(h, "v" + VERSION), Map.of(), List.of());
    }

    private static ObjectNode tagPush(ActHarness h, String tag) throws Exception {
        ObjectNode event = JSON.createObjectNode().put("ref", "refs/tags/" + tag)
                .put("after", ActHarness.git(h.repo, "rev-parse", tag + "^{commit}").strip());
        event.putObject("repository").put("full_name", ActHarness.REPOSITORY).put("default_branch", "main");
        return event;
    }
}
