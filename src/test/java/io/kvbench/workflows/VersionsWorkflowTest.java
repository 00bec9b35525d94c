package io.kvbench.workflows;

import static io.kvbench.workflows.NightlyWorkflowTest.tail;
import static io.kvbench.workflows.NightlyWorkflowTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The version series (versions.yml) run for real by hand (workflow_dispatch) on the tiny profile: lmdbjava 0.9.0 and
 * 0.9.1 over two workloads in two shards, each shard every version of one workload on its own runner, merged into one
 * report with both workloads, its steps and its chart.
 */
@Tag("workflow")
class VersionsWorkflowTest {

    @Test
    void twoShardsOfTwoVersionsMergeIntoOneReport() throws Exception {
        try (ActHarness h = new ActHarness("versions")) {
            ActHarness.Run run = h.run("versions.yml", "workflow_dispatch", ActHarness.dispatchEvent(),
                    Map.of("engine", "lmdb", "versions", "0.9.0,0.9.1", "workloads", "ycsb-c,tc-random-read",
                            "profile", "src/test/resources/tiny-profile.json", "shards", "2", "rounds", "3"),
                    PrebuiltJar.variable(h));
            assertThat(run.exitCode()).as(run + "\n" + tail(run)).isZero();
            assertThat(run.jobs()).as(run.toString()).containsEntry("Build and plan shards", "success")
                    .containsEntry("Merge and report", "success");
            assertThat(h.artifactNames(run.id())).contains("versions-shard-1", "versions-shard-2", "versions-report");
            assertThat(h.artifact(run.id(), "versions-shard-1")).containsKey("versions-shard-1/versions.json");
            assertThat(text(h.artifact(run.id(), "versions-shard-2"), "versions-shard-2/versions.md"))
                    .contains("### tc-random-read").doesNotContain("### ycsb-c");
            Map<String, byte[]> report = h.artifact(run.id(), "versions-report");
            assertThat(text(report, "versions.md")).contains("## Versions of lmdb", "### ycsb-c", "### tc-random-read",
                    "| 0.9.0 -> 0.9.1 |");
            assertThat(text(report, "versions.html")).contains("<svg").doesNotContain("NaN");
            assertThat(text(report, "versions.json")).contains("\"engine\" : \"lmdb\"");
        }
    }
}
