package io.kvbench.workflows;

import static io.kvbench.workflows.NightlyWorkflowTest.tail;
import static io.kvbench.workflows.NightlyWorkflowTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * kvbench's reusable A/B (ab.yml) and comment (pr-perf-comment.yml) called from another repository, as an engine's
 * repository would: kvbench is released (release.yml, tag v0.2.0), then a fresh repository acme/fastkv holding an
 * engine jar (H2 MVStore's, standing for the engine's own build) and a caller workflow
 * ({@code outside-caller/engine-ab.yml}) runs on a pull request. act finds
 * {@code kvbench/kvbench/.github/workflows/ab.yml@v0.2.0} in the released repository through
 * {@code --local-repository}, as the harness maps the pinned actions. The A/B downloads the release's jar from the
 * API stand-in, runs B with the engine jar in place of the engine's artifacts (b-engine-jar), and the stand-in
 * receives the comment with the verdict row; the caller reads the reusable workflow's verdict output.
 */
@Tag("workflow")
class OutsideCallerWorkflowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OUTSIDE = "acme/fastkv";
    private static final int PR = 5;

    @Test
    void anEnginesRepositoryCallsTheReusableAbThroughToThePullRequestComment() throws Exception {
        try (ActHarness h = new ActHarness("outside-caller")) {
            ActHarness.Run release = ReleaseWorkflowTest.release(h);
            assertThat(release.exitCode()).as(release + "\n" + tail(release)).isZero();

            Path engineRepo = outsideRepository(h);
            ActHarness.Run run = h.run(new ActHarness.Checkout(engineRepo, OUTSIDE), "engine-ab.yml", "pull_request",
                    pullRequest(engineRepo), List.of("--local-repository",
                            "kvbench/kvbench@v" + ReleaseWorkflowTest.VERSION + "=" + h.repo));
            assertThat(run.exitCode()).as(run + "\n" + tail(run)).isZero();
            assertThat(h.github.requests()).as("the release's jar came from the API")
                    .anySatisfy(r -> assertThat(r.toString())
                            .isEqualTo("GET /repos/kvbench/kvbench/releases/tags/v" + ReleaseWorkflowTest.VERSION));
            assertThat(text(h.artifact(run.id(), "ab-h2-mvstore"), "ab-h2-mvstore/interleave.json"))
                    .as("B runs the engine's build (b-engine-jar)").contains("with jar h2-mvstore.jar");
            assertThat(h.github.comments(PR)).as("comments on " + OUTSIDE + "#" + PR).singleElement()
                    .satisfies(c -> assertThat(c.body()).startsWith("<!-- kvbench-ab -->")
                            .contains("| h2-mvstore | tc-random-read |").contains("[Workflow run]("));
            assertThat(h.github.requests()).anySatisfy(r -> assertThat(r.toString())
                    .isEqualTo("POST /repos/" + OUTSIDE + "/issues/" + PR + "/comments"));
            assertThat(run.log()).containsPattern("kvbench A/B verdict (pass|regression)");
        }
    }

    /** A fresh repository beside the harness's: the caller workflow and the engine's jar, on a pull-request branch. */
    private static Path outsideRepository(ActHarness h) throws Exception {
        Path repo = Files.createDirectories(h.dir.resolve("fastkv"));
        Path workflows = Files.createDirectories(repo.resolve(".github/workflows"));
        try (InputStream in = OutsideCallerWorkflowTest.class.getResourceAsStream("outside-caller/engine-ab.yml")) {
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
