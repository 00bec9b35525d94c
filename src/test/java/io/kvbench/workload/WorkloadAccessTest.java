package io.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.input.InputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.Engines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The published names read and write with the published methods, cited; the application-style methods keep their own names. */
class WorkloadAccessTest {

    @ParameterizedTest(name = "{0} follows its source; {0}-per-op keeps the per-operation method")
    @CsvSource({"tc-random-read, PASS, JMHEnvTokyoCabinetReadBenchmark.java", "tc-seq-read, SCAN, JMHEnvTokyoCabinetReadBenchmark.java",
            "tc-random-write, PASS, JMHEnvTokyoCabinetWriteBenchmark.java", "tc-seq-write, PASS, JMHEnvTokyoCabinetBenchmarkBase.java"})
    void tcWorkloadsFollowTheirSourceAndThePerOperationMethodKeepsItsOwnName(String name, Workload.Access access, String file) {
        Workload published = Catalog.workload(name);
        assertThat(published.access()).isEqualTo(access);
        assertThat(published.accessSource()).contains("github.com/JetBrains/xodus/blob/").contains(file);
        Workload perOperation = Catalog.workload(name + "-per-op");
        assertThat(perOperation.access()).isEqualTo(Workload.Access.OPERATION);
        assertThat(perOperation).usingRecursiveComparison()
                .ignoringFields("name", "description", "source", "access", "accessSource").isEqualTo(published);
    }

    @Test
    void everyPublishedMethodIsCited() {
        assertThat(Catalog.workloads()).filteredOn(w -> w.access() != Workload.Access.OPERATION)
                .isNotEmpty().allSatisfy(w -> assertThat(w.accessSource()).as(w.name()).startsWith("https://"));
    }

    @Test
    void aPassTransactionIsForPassesAndAScanForAWholeSequentialReadAndBothNeedTheirSource() {
        assertThatThrownBy(() -> parse("\"phase\": \"OPERATIONS\", \"access\": \"PASS\", \"accessSource\": \"https://x\""))
                .isInstanceOf(InputException.class).hasMessageContaining("access PASS is for passes");
        assertThatThrownBy(() -> parse("\"phase\": \"READ_PASS\", \"access\": \"PASS\""))
                .isInstanceOf(InputException.class).hasMessageContaining("needs accessSource");
        assertThat(parse("\"phase\": \"WRITE_PASS\", \"access\": \"PASS\", \"accessSource\": \"https://x\"").access())
                .isEqualTo(Workload.Access.PASS);
        for (String bad : new String[] {"\"phase\": \"WRITE_PASS\"", "\"phase\": \"READ_PASS\", \"order\": \"RANDOM\"",
                "\"phase\": \"READ_PASS\", \"fraction\": 0.1"}) {
            assertThatThrownBy(() -> parse(bad + ", \"access\": \"SCAN\", \"accessSource\": \"https://x\"")).as(bad)
                    .isInstanceOf(InputException.class).hasMessageContaining("access SCAN is for a sequential read pass over every record");
        }
        assertThatThrownBy(() -> parse("\"phase\": \"READ_PASS\", \"access\": \"SCAN\""))
                .isInstanceOf(InputException.class).hasMessageContaining("access SCAN needs accessSource");
        assertThat(parse("\"phase\": \"READ_PASS\"").access()).as("default").isEqualTo(Workload.Access.OPERATION);
    }

    @Test
    void aScanPassIsNotForEnginesThatCannotIterate() {
        Workload scan = Catalog.workload("tc-seq-read");
        // Every shipped engine iterates: the capabilities of a point-only engine are built here.
        Capabilities pointOnly = Capabilities.builder().noScans()
                .durability(Durability.Guarantee.EVERY_WRITE, Durability.Guarantee.NONE, false, "test", "test").build();
        assertThat(scan.unsupportedReason(pointOnly)).contains("cannot iterate");
        assertThat(Catalog.workload("tc-seq-read-per-op").unsupportedReason(pointOnly)).isNull();
        assertThat(Engines.all()).allSatisfy(e -> assertThat(scan.unsupportedReason(e.capabilities())).as(e.id()).isNull());
    }

    private static Workload parse(String fields) {
        String json = "[{\"name\": \"w\", \"family\": \"tc\", \"key\": \"DECIMAL8\", \"value\": \"SAME_AS_KEY\", " + fields + "}]";
        return Catalog.parseWorkloads(Path.of("w.json"), json.getBytes(StandardCharsets.UTF_8)).get("w");
    }
}
