package io.kvbench.workflows;

import static io.kvbench.workflows.NightlyWorkflowTest.tail;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The baseline update (update-baselines.yml) run for real on the smoke profile: bad inputs stop at its plan job with
 * a clear error (the unknown engine found with the prebuilt jar of the commit, {@link PrebuiltJar}); two engines (one
 * of them with recorded known issues, leveldb-java) are built for real, measured three times each and proposed in a
 * pull request that the GitHub stand-in receives, whose branch on the remote holds the pooled baselines and whose
 * body is the changes table.
 */
@Tag("workflow")
class UpdateBaselinesWorkflowTest {

    @Test
    void badInputsStopAtThePlanJob() throws Exception {
        try (ActHarness h = new ActHarness("update-baselines-bad")) {
            ActHarness.Run unknown = h.run("update-baselines.yml", "workflow_dispatch", ActHarness.dispatchEvent(),
                    inputs("rocksdb,nosuch-engine", "smoke", "engine upgrade"), PrebuiltJar.variable(h));
            assertThat(unknown.exitCode()).isNotZero();
            assertThat(unknown.jobs()).as(unknown.toString()).containsEntry("Build and check inputs", "failure")
                    .doesNotContainKey("Open a pull request");
            assertThat(unknown.log()).contains("::error::unknown engines [\"nosuch-engine\"]")
                    .as("the commit's prebuilt jar, not a build").contains("in place of the build")
                    .doesNotContain("BUILD SUCCESS");
            ActHarness.Run noReason = h.run("update-baselines.yml", "workflow_dispatch", ActHarness.dispatchEvent(),
                    inputs("rocksdb", "smoke", "  "), List.of());
            assertThat(noReason.jobs()).as(noReason.toString()).containsEntry("Build and check inputs", "failure");
            assertThat(noReason.log()).contains("::error::reason is empty: say why the baselines change")
                    .as("refused before the build").doesNotContain("Run Main Build");
            assertThat(h.github.pullRequests()).isEmpty();
        }
    }

    /**
     * Two engines, so that each engine's artifact must hold its own directory and only its own baselines (one
     * engine's copies would otherwise overwrite the other's). One engine alone is not run: its lone artifact is
     * downloaded into the same place as several are (merge-multiple, which WorkflowsTest requires of every pattern
     * download), so it takes no other path. No prebuilt jar: this run is the plan job's real build.
     */
    @Test
    void twoEnginesEndInAPullRequestWithTheirBaselines() throws Exception {
        try (ActHarness h = new ActHarness("update-baselines")) {
            ActHarness.Run two = h.run("update-baselines.yml", "workflow_dispatch", ActHarness.dispatchEvent(),
                    inputs("h2-mvstore, leveldb-java", "smoke", "engine upgrade"), List.of());
            assertThat(two.exitCode()).as(two + "\n" + tail(two)).isZero();
            assertThat(two.log()).as("built by the plan job").contains("BUILD SUCCESS");
            assertProposed(h, two, "engine upgrade", List.of("h2-mvstore", "leveldb-java"));
            assertThat(h.github.pullRequests()).hasSize(1);
        }
    }

    private static void assertProposed(ActHarness h, ActHarness.Run run, String reason, List<String> engines)
            throws Exception {
        String branch = "baselines/smoke-" + run.id();
        // create-pull-request names the head as owner:branch.
        GitHubStandIn.PullRequest pr = h.github.pullRequests().stream()
                .filter(p -> p.head().equals("kvbench:" + branch)).findFirst()
                .orElseThrow(() -> new AssertionError("no pull request from " + branch + "; the stand-in was asked "
                        + h.github.requests()));
        assertThat(pr.title()).isEqualTo("Baselines (smoke): " + reason);
        assertThat(pr.base()).isEqualTo("main");
        assertThat(pr.labels()).contains("baselines");
        for (String engine : engines) assertThat(pr.body()).as("the changes table").contains("| " + engine + " |");
        assertThat(pr.body()).contains("workflow run " + run.id());
        String changed = ActHarness.git(h.remote, "diff", "--name-only", "main", branch);
        assertThat(changed.lines().toList()).as("files of " + branch).isNotEmpty()
                .allSatisfy(f -> assertThat(f).startsWith("perf-baselines/"));
        for (String engine : engines) {
            String file = changed.lines()
                    .filter(f -> f.startsWith("perf-baselines/smoke/") && f.contains("/" + engine + "/")).findFirst()
                    .orElseThrow(() -> new AssertionError("no smoke baseline of " + engine + " in " + changed));
            String baseline = ActHarness.git(h.remote, "show", branch + ":" + file);
            assertThat(baseline).as(file).contains(reason);
        }
    }

    static Map<String, String> inputs(String engines, String profile, String reason) {
        return Map.of("engines", engines, "profile", profile, "reason", reason);
    }
}
