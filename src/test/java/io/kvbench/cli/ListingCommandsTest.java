package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Workload;
import org.junit.jupiter.api.Test;

/** `kvbench workloads` and `kvbench profiles`: everything --workloads, --profile and --resources take, described. */
class ListingCommandsTest {

    @Test
    void workloadsListsEveryWorkloadWithItsDescription() throws Exception {
        CliRun text = CliRun.of("workloads");
        assertThat(text.exitCode()).as(text.err()).isZero();
        for (Workload w : Catalog.workloads()) {
            assertThat(text.out()).containsPattern("(?m)^" + w.name() + " +family " + w.family() + ", ");
        }
        assertThat(text.out()).contains("family ycsb, timed operations, zipfian, 1 thread, value random 1000 B");
        assertFits(text.out());

        JsonNode json = new ObjectMapper().readTree(CliRun.of("workloads", "--json").out());
        assertThat(json.size()).isEqualTo(Catalog.workloads().size());
        assertThat(json.get(0).get("name").asText()).isEqualTo(Catalog.workloads().get(0).name());
        assertThat(json.get(0).get("description").asText()).isEqualTo(Catalog.workloads().get(0).description());
    }

    @Test
    void profilesListsBenchmarkAndResourceProfiles() throws Exception {
        CliRun text = CliRun.of("profiles");
        assertThat(text.exitCode()).as(text.err()).isZero();
        for (String name : Catalog.PROFILES) assertThat(text.out())
                .containsPattern("(?m)^" + name + " +\\d+ forks?, heap ");
        for (String name : ContainerResources.SHIPPED) assertThat(text.out()).containsPattern("(?m)^" + name
                + " +cpusets ");
        assertThat(text.out()).contains("Records: ds4j 2000, halo 10000");
        assertFits(text.out());

        JsonNode json = new ObjectMapper().readTree(CliRun.of("profiles", "--json").out());
        assertThat(json.get("profiles").size()).isEqualTo(Catalog.PROFILES.size());
        assertThat(json.get("profiles").get(2).get("records").get("tc").asLong())
                .isEqualTo(Catalog.profile("ci").records("tc"));
        assertThat(json.get("resourceProfiles").get(0).get("name").asText()).isEqualTo(ContainerResources.DEFAULT);
    }

    private static void assertFits(String text) {
        for (String line : text.lines().toList()) assertThat(line.length()).as(line).isLessThanOrEqualTo(Listing.WIDTH);
    }
}
