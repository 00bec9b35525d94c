package io.kvbench.workflows;

import static io.kvbench.workflows.NightlyWorkflowTest.tail;
import static io.kvbench.workflows.NightlyWorkflowTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CI (ci.yml) run for real on a push to main: the lint job (actionlint and shellcheck over the workflows, with the
 * machine's Go through the setup-go stand-in) and the test job's steps around the full check, {@code mvn -B verify},
 * narrowed through the scratch repository's {@code .mvn/maven.config} to the perf gate of one engine, without the
 * integration tests ({@code -DskipITs}; {@code .ci/run} runs the whole command itself): verify goes on past the test
 * phase to build the jar, and the gate's summary and the test reports are uploaded.
 */
@Tag("workflow")
class CiWorkflowTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void lintAndTestJobsRun() throws Exception {
        try (ActHarness h = new ActHarness("ci")) {
            Files.createDirectories(h.repo.resolve(".mvn"));
            Files.writeString(h.repo.resolve(".mvn/maven.config"), "-Dtest=PerfGateTest\n-Dkvbench.engines=h2-mvstore\n"
                    + "-DskipITs\n-Dsurefire.failIfNoSpecifiedTests=false\n");
            ActHarness.git(h.repo, "add", "-A");
            ActHarness.git(h.repo, "commit", "--quiet", "-m", "narrow mvn verify to one engine's perf gate");

            ObjectNode push = JSON.createObjectNode().put("ref", "refs/heads/main");
            push.putObject("repository").put("full_name", ActHarness.REPOSITORY).put("default_branch", "main");
            ActHarness.Run run = h.run("ci.yml", "push", push, Map.of(), List.of());
            assertThat(run.exitCode()).as(run + "\n" + tail(run)).isZero();
            assertThat(run.jobs()).containsEntry("Lint workflows (actionlint + shellcheck)", "success")
                    .containsEntry("Full check (mvn -B verify)", "success");
            assertThat(run.log()).contains("setup-go stand-in: go-version=stable")
                    .containsPattern("actionlint: \\d+ workflow files, no problems")
                    .containsPattern("Tests run: [1-9]\\d*, Failures: 0, Errors: 0, Skipped: \\d+, "
                            + "Time elapsed: .* in io\\.kvbench\\.perf\\.PerfGateTest")
                    .as("verify goes on past the test phase: the jar is built")
                    .containsPattern("--- (maven-)?shade(-plugin)?:[\\d.]+:shade ");
            Map<String, byte[]> reports = h.artifact(run.id(), "test-reports");
            assertThat(reports.keySet()).anySatisfy(f -> assertThat(f).startsWith("surefire-reports/")
                    .contains("PerfGateTest"));
            assertThat(text(reports, "perf-results/smoke/summary.md")).contains("h2-mvstore");
        }
    }
}
