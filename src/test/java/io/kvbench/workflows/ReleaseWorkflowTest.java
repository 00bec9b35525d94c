package io.kvbench.workflows;

import static io.kvbench.workflows.NightlyWorkflowTest.tail;
import static io.kvbench.workflows.NightlyWorkflowTest.text;
import static io.kvbench.workflows.PullRequestWorkflowTest.edit;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The release workflow (release.yml) run for real on pushed version tags, and the release used by another repository,
 * in one scenario repository and API stand-in: a tag without its CHANGELOG.md section is refused before the build and
 * publishes nothing; the tag of a commit that cut "## Unreleased" into "## 0.2.0 - date" publishes a release named
 * after the version, with that section as its notes and the jar and its checksum as assets, and the downloaded jar
 * prints the tag's version and the tagged commit. Then kvbench's reusable A/B (ab.yml) and comment
 * (pr-perf-comment.yml) are called from a fresh repository acme/fastkv, as an engine's repository would call them: it
 * holds an engine jar (H2 MVStore's, standing for the engine's own build) and a caller workflow
 * ({@code outside-caller/engine-ab.yml}) that runs on a pull request. act finds
 * {@code kvbench/kvbench/.github/workflows/ab.yml@v0.2.0} in the released repository through
 * {@code --local-repository}, as the harness maps the pinned actions. The A/B downloads the release's jar from the
 * API stand-in, runs B with the engine jar in place of the engine's artifacts (b-engine-jar), and the stand-in
 * receives the comment with the verdict row; the caller reads the reusable workflow's verdict output.
 */
@Tag("workflow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReleaseWorkflowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String VERSION = "0.2.0";
    static final String HEADING = "## " + VERSION + " - 2026-11-26";
    private static final String OUTSIDE = "acme/fastkv";
    private static final int PR = 5;

    private ActHarness h;
    private ActHarness.Run refused;
    /** The releases at the stand-in after the refused tag's run. */
    private List<GitHubStandIn.Release> afterRefusal;
    private ActHarness.Run released;

    /** The refused tag first, then the release v0.2.0 that the tests check and the outside repository uses. */
    @BeforeAll
    void tagTwice() throws Exception {
        h = new ActHarness("release");
        ActHarness.git(h.repo, "tag", "v0.3.0");
        refused = h.run("release.yml", "push", tagPush(h, "v0.3.0"), Map.of(), List.of());
        afterRefusal = List.copyOf(h.github.releases());
        released = release(h);
    }

    @AfterAll
    void close() {
        if (h != null) h.close();
    }

    @Test
    void aTagWithoutItsChangelogSectionIsRefusedBeforeTheBuild() {
        assertThat(refused.exitCode()).as(refused + "\n" + tail(refused)).isNotZero();
        assertThat(refused.log()).contains("has no section '## 0.3.0 - <date>'").doesNotContain("BUILD SUCCESS");
        assertThat(afterRefusal).as("nothing published for a tag without notes").isEmpty();
    }

    @Test
    void aVersionTagPublishesTheJarItsChecksumAndItsChangelogSection() throws Exception {
        assertThat(released.exitCode()).as(released + "\n" + tail(released)).isZero();
        assertThat(h.github.releases()).as("one release").hasSize(1);
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

    @Test
    void anEnginesRepositoryCallsTheReleasedAbThroughToThePullRequestComment() throws Exception {
        assertThat(released.exitCode()).as("the release the caller uses: " + released + "\n" + tail(released))
                .isZero();
        Path engineRepo = outsideRepository(h);
        ActHarness.Run run = h.run(new ActHarness.Checkout(engineRepo, OUTSIDE), "engine-ab.yml", "pull_request",
                pullRequest(engineRepo), List.of("--local-repository", "kvbench/kvbench@v" + VERSION + "=" + h.repo));
        // What is checked is the path from the engine's build to the comment, not the verdict: B is A's own jar, and a
        // one-minute duet on this shared 2-core machine may still find it slower at alpha 0.01 (1.87x in one CI run),
        // a false alarm the A/B is allowed at that rate. Then, and only then, the reusable workflow fails the run.
        boolean falseAlarm = run.log().contains("B is slower than A on at least one benchmark");
        assertThat(run.exitCode()).as(run + "\n" + tail(run)).isEqualTo(falseAlarm ? 1 : 0);
        assertThat(h.github.requests()).as("the release's jar came from the API")
                .anySatisfy(r -> assertThat(r.toString())
                        .isEqualTo("GET /repos/kvbench/kvbench/releases/tags/v" + VERSION));
        assertThat(text(h.artifact(run.id(), "ab-h2-mvstore"), "ab-h2-mvstore/interleave.json"))
                .as("B runs the engine's build (b-engine-jar)").contains("with jar h2-mvstore.jar");
        assertThat(h.github.comments(PR)).as("comments on " + OUTSIDE + "#" + PR).singleElement()
                .satisfies(c -> assertThat(c.body()).startsWith("<!-- kvbench-ab -->")
                        .contains("| h2-mvstore | tc-random-read |").contains("[Workflow run]("));
        assertThat(h.github.requests()).anySatisfy(r -> assertThat(r.toString())
                .isEqualTo("POST /repos/" + OUTSIDE + "/issues/" + PR + "/comments"));
        if (!falseAlarm) assertThat(run.log()).containsPattern("kvbench A/B verdict pass");
    }

    /**
     * Cuts the release section from "## Unreleased" as a maintainer does, commits, tags v0.2.0, pushes the tag and
     * runs the release workflow for it; the release is the stand-in's last.
     */
    private static ActHarness.Run release(ActHarness h) throws Exception {
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

    /** A fresh repository beside the harness's: the caller workflow and the engine's jar, on a pull-request branch. */
    private static Path outsideRepository(ActHarness h) throws Exception {
        Path repo = Files.createDirectories(h.dir.resolve("fastkv"));
        Path workflows = Files.createDirectories(repo.resolve(".github/workflows"));
        try (InputStream in = ReleaseWorkflowTest.class.getResourceAsStream("outside-caller/engine-ab.yml")) {
            Files.copy(in, workflows.resolve("engine-ab.yml"));
        }
        Path jar = Path.of(System.getProperty("user.home"), ".m2/repository/com/h2database/h2-mvstore/2.4.240",
                "h2-mvstore-2.4.240.jar");
        Files.copy(jar, Files.createDirectories(repo.resolve("build")).resolve("h2-mvstore.jar"));
        ActHarness.git(repo, "init", "--quiet", "-b", "main");
        ActHarness.git(repo, "add", "-A");
        ActHarness.git(repo, "commit", "--quiet", "-m", "fastkv with kvbench's A/B");
        ActHarness.git(repo, "checkout", "--quiet", "-b", "faster-gets");
        return repo;
    }

    private static ObjectNode pullRequest(Path repo) throws Exception {
        String head = ActHarness.git(repo, "rev-parse", "HEAD").strip();
        ObjectNode event = JSON.createObjectNode().put("action", "opened").put("number", PR);
        ObjectNode pr = event.putObject("pull_request").put("number", PR);
        pr.putObject("head").put("ref", "faster-gets").put("sha", head).putObject("repo").put("full_name", OUTSIDE);
        pr.putObject("base").put("ref", "main").put("sha", head);
        pr.putObject("user").put("login", "acme-dev");
        event.putObject("repository").put("full_name", OUTSIDE);
        return event;
    }
}
