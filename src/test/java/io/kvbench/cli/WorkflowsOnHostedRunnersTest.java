package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What the workflows must do to work on GitHub-hosted runners, which cannot be run here: strict shells, artifacts a
 * re-run can overwrite, uploads that survive a timeout, CI once per change, write permission only where a job writes,
 * and the pull-request A/B check shaped so that each engine's A and B share one runner.
 */
class WorkflowsOnHostedRunnersTest {

    /** Jobs that write, and what: everything else reads only. */
    private static final Map<String, Set<String>> WRITERS = Map.of(
            "nightly.yml", Set.of("history", "pages"),
            "nightly-perf.yml", Set.of("nightly"),
            "release.yml", Set.of("release"),
            "update-baselines.yml", Set.of("pull-request"),
            "pr-perf-comment.yml", Set.of("comment"));

    @Test
    void everyScriptRunsInBashWithPipefail() {
        // GitHub runs `shell: bash` as bash -e -o pipefail; its implicit default shell has no pipefail.
        assertThat(Workflows.all()).allSatisfy(w -> assertThat(w.root().path("defaults").path("run").path("shell")
                .asText())
                .as(w.file() + ": defaults.run.shell").isEqualTo("bash"));
        assertThat(Workflows.allSteps()).allSatisfy(step -> assertThat(step.node().path("shell").asText("bash"))
                .as(step + " overrides the shell").isEqualTo("bash"));
    }

    @Test
    void artifactsCanBeOverwrittenByAReRunAndUploadsSurviveFailuresAndTimeouts() {
        for (Workflows.Step step : Workflows.allSteps()) {
            if (!step.uses().startsWith("actions/upload-artifact@")) continue;
            assertThat(step.node().path("with").path("overwrite").asBoolean()).as(step + ": overwrite: true").isTrue();
        }
        // The long measuring steps have their own timeout inside the job's, so that the upload after them still runs.
        for (String file : List.of("nightly.yml", "ab.yml", "update-baselines.yml", "ci.yml")) {
            Workflows.Workflow w = Workflows.named(file);
            for (Workflows.Step step : w.steps()) {
                boolean measures = ShellWords.commands(step.run()).stream()
                        .anyMatch(words -> words.contains("interleave")
                        || words.contains("gate") || (words.contains("run") && words.contains("--runner"))
                        || words.equals(List.of("mvn", "-B", "test")) || words.equals(List.of("mvn", "-B", "verify")));
                if (!measures) continue;
                int stepTimeout = step.node().path("timeout-minutes").asInt(0);
                int jobTimeout = w.job(step.job()).path("timeout-minutes").asInt(0);
                assertThat(stepTimeout).as(step + ": a step timeout below the job's " + jobTimeout + " minutes")
                        .isPositive()
                        .isLessThan(jobTimeout);
                assertThat(w.steps()).as(step + ": an upload that runs after a failure or timeout")
                        .anyMatch(s -> s.job().equals(step.job()) && s.index() > step.index()
                                && s.uses().startsWith("actions/upload-artifact@") && s.node().path("if")
                                .asText().equals("always()"));
            }
        }
    }

    @Test
    void ciRunsOncePerChange() {
        JsonNode on = Workflows.named("ci.yml").root().path("on");
        assertThat(on.path("push").path("branches"))
                .as("push only to main: a pull request's branch is tested as the pull request")
                .extracting(JsonNode::asText).containsExactly("main");
        assertThat(on.has("pull_request")).isTrue();
    }

    @Test
    void onlyTheJobsThatWriteMayWrite() {
        for (Workflows.Workflow w : Workflows.all()) {
            assertThat(permissionsThatWrite(w.root().path("permissions"))).as(w.file() + ": workflow-level permissions")
                    .isEmpty();
            Set<String> writers = new TreeSet<>();
            for (Iterator<Map.Entry<String, JsonNode>> jobs = w.root().path("jobs").fields(); jobs.hasNext(); ) {
                Map.Entry<String, JsonNode> job = jobs.next();
                if (!permissionsThatWrite(job.getValue().path("permissions")).isEmpty()) writers.add(job.getKey());
            }
            assertThat(writers).as(w.file() + ": jobs with write permission")
                    .isEqualTo(WRITERS.getOrDefault(w.file(), Set.of()));
        }
    }

    private static Set<String> permissionsThatWrite(JsonNode permissions) {
        Set<String> write = new TreeSet<>();
        permissions.fields().forEachRemaining(e -> {
            if (e.getValue().asText().equals("write")) write.add(e.getKey());
        });
        return write;
    }

    @Test
    void pullRequestAbRunsEachEngineOnOneRunnerAndOnlyTheBumpedEnginesForDependabot() {
        // pr-perf.yml calls the reusable A/B, which other repositories call too.
        Workflows.Workflow caller = Workflows.named("pr-perf.yml");
        assertThat(caller.job("ab").path("uses").asText()).isEqualTo("./.github/workflows/ab.yml");
        Workflows.Workflow ab = Workflows.named("ab.yml");
        assertThat(ab.root().path("on").has("workflow_call")).isTrue();
        assertThat(ab.job("ab").path("strategy").path("matrix").path("engine").asText())
                .isEqualTo("${{ fromJSON(needs.build.outputs.engines) }}");
        List<WorkflowsTest.Invocation> calls = WorkflowsTest.invocations().stream()
                .filter(inv -> inv.step().workflow().equals(ab.file())).toList();
        assertThat(calls).anySatisfy(inv -> {
            assertThat(inv.step().job()).isEqualTo("ab");
            assertThat(inv.args()).startsWith("interleave").contains("--a-classpath", "base/target/kvbench.jar",
                    "--b-classpath", "target/kvbench.jar", "--runner", "container", "--budget-minutes");
            assertThat(inv.args()).as("the measured defaults: the sequential test, not fixed rounds")
                    .doesNotContain("--rounds", "--confirmations");
            int budget = Integer.parseInt(inv.args().get(inv.args().indexOf("--budget-minutes") + 1));
            assertThat(budget).as("the budget ends the session with a verdict well inside the step's timeout")
                    .isLessThanOrEqualTo(inv.step().node().path("timeout-minutes").asInt() - 10);
        });
        assertThat(calls).anySatisfy(inv -> assertThat(inv.args()).startsWith("engines", "--changed-from"));
        assertThat(calls).anySatisfy(inv -> assertThat(inv.args()).startsWith("report", "--interleaved"));
        // The comment is written by a workflow that never runs the pull request's code.
        Workflows.Workflow comment = Workflows.named("pr-perf-comment.yml");
        assertThat(comment.root().path("on").path("workflow_run").path("workflows")).extracting(JsonNode::asText)
                .containsExactly(caller.root().path("name").asText());
        assertThat(comment.steps()).noneMatch(s -> s.uses().startsWith("actions/checkout@")
                || s.run().contains("java"));
    }

    @Test
    void nightlyJudgesEachShardAgainstItsOwnMachineClassHistory() {
        Workflows.Workflow nightly = Workflows.named("nightly.yml");
        List<WorkflowsTest.Invocation> calls = WorkflowsTest.invocations().stream()
                .filter(inv -> inv.step().workflow().equals(nightly.file())).toList();
        assertThat(calls).anySatisfy(inv -> {
            assertThat(inv.step().job()).isEqualTo("shard");
            assertThat(inv.args()).startsWith("gate").contains("--history", "--confirmations");
        });
        assertThat(calls).anySatisfy(inv -> assertThat(inv.args()).startsWith("history", "append"));
        assertThat(calls).anySatisfy(inv -> assertThat(inv.args()).startsWith("history", "changes"));
        assertThat(calls).noneMatch(inv -> inv.args().get(0).equals("compare"));
    }
}
