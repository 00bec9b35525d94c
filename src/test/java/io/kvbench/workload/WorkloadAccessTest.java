package io.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.input.InputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The published name reads with the published method, cited; the application-style method keeps its own name. */
class WorkloadAccessTest {

    @Test
    void tcRandomReadFollowsItsSourceAndThePerOperationMethodKeepsItsOwnName() {
        Workload published = Catalog.workload("tc-random-read");
        assertThat(published.access()).isEqualTo(Workload.Access.PASS);
        assertThat(published.accessSource()).contains("github.com/JetBrains/xodus/blob/").contains("JMHEnvTokyoCabinetReadBenchmark.java");
        Workload perOperation = Catalog.workload("tc-random-read-per-op");
        assertThat(perOperation.access()).isEqualTo(Workload.Access.OPERATION);
        assertThat(perOperation).usingRecursiveComparison()
                .ignoringFields("name", "description", "source", "access", "accessSource").isEqualTo(published);
        assertThat(Catalog.workloads()).filteredOn(w -> w.access() == Workload.Access.PASS)
                .allSatisfy(w -> assertThat(w.accessSource()).as(w.name()).startsWith("https://"));
    }

    @Test
    void aPassViewIsOnlyForReadPassesAndNeedsItsSource() {
        assertThatThrownBy(() -> parse("\"phase\": \"OPERATIONS\", \"access\": \"PASS\", \"accessSource\": \"https://x\""))
                .isInstanceOf(InputException.class).hasMessageContaining("access PASS is for read passes");
        assertThatThrownBy(() -> parse("\"phase\": \"READ_PASS\", \"access\": \"PASS\""))
                .isInstanceOf(InputException.class).hasMessageContaining("needs accessSource");
        assertThat(parse("\"phase\": \"READ_PASS\"").access()).as("default").isEqualTo(Workload.Access.OPERATION);
    }

    private static Workload parse(String fields) {
        String json = "[{\"name\": \"w\", \"family\": \"tc\", \"key\": \"DECIMAL8\", \"value\": \"SAME_AS_KEY\", " + fields + "}]";
        return Catalog.parseWorkloads(Path.of("w.json"), json.getBytes(StandardCharsets.UTF_8)).get("w");
    }
}
