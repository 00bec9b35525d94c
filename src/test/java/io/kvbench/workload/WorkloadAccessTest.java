package io.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.Durability;
import io.kvbench.engine.Engines;
import io.kvbench.input.InputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The published names read and write with the published methods, cited; the application-style methods keep their own
 * names. */
class WorkloadAccessTest {

    @ParameterizedTest(name = "{0} follows its source; {0}-per-op keeps the per-operation method")
    @CsvSource({"tc-random-read, PASS, JMHEnvTokyoCabinetReadBenchmark.java",
            "tc-seq-read, SCAN, JMHEnvTokyoCabinetReadBenchmark.java",
            "tc-random-write, PASS, JMHEnvTokyoCabinetWriteBenchmark.java",
                    "tc-seq-write, PASS, JMHEnvTokyoCabinetBenchmarkBase.java"})
    void tcWorkloadsFollowTheirSourceAndThePerOperationMethodKeepsItsOwnName(String name, Workload.Access access,
            String file) {
        Workload published = Catalog.workload(name);
        assertThat(published.access()).isEqualTo(access);
        assertThat(published.accessSource()).contains("github.com/JetBrains/xodus/blob/").contains(file);
        Workload perOperation = Catalog.workload(name + "-per-op");
        assertThat(perOperation.access()).isEqualTo(Workload.Access.OPERATION);
        assertThat(perOperation).usingRecursiveComparison()
                .ignoringFields("name", "about.description", "about.source", "calls.access", "calls.accessSource")
                .isEqualTo(published);
    }

    @Test
    void theHaloDbPlaygroundReadsThroughOneViewPerThread() {
        Workload halo = Catalog.workload("halo-random-read-8t");
        assertThat(halo.access()).isEqualTo(Workload.Access.PASS);
        assertThat(halo.accessSource()).contains("github.com/koron/java-halodb-playground/blob/")
                .contains("LMDBStorageEngine.java");
        assertThat(halo.threads()).isEqualTo(8);
        assertThat(halo.valueBytes()).isEqualTo(1024);
        assertThat(halo.key()).isEqualTo(Workload.KeyFormat.LONG8);
    }

    @Test
    void theDataStore4jWorkloadsFollowItsBenchmarkClasses() {
        assertThat(Catalog.workloads()).filteredOn(w -> w.family().equals("ds4j")).hasSize(8)
                .allSatisfy(w -> assertThat(w.source())
                .as(w.name()).contains("github.com/theuntamed839/DataStore4J/blob/"));
        Workload writes = Catalog.workload("ds4j-concurrent-write-12t");
        assertThat(writes.preload()).as("prepopulatedConcurrentWrite writes into a populated store")
                .isEqualTo(Workload.Preload.SEQUENTIAL);
        assertThat(writes.mix().insert()).as("every put is a fresh random key").isEqualTo(1.0);
        assertThat(writes.threads()).isEqualTo(12);
        assertThat(Catalog.workload("ds4j-write-fixed").access()).as("a put per entry")
                .isEqualTo(Workload.Access.OPERATION);
    }

    @Test
    void theShaOneStudyLoadsInOneBatchAndSearchesOnePercent() {
        Workload load = Catalog.workload("sha1-load-persist");
        assertThat(load.access()).isEqualTo(Workload.Access.PASS);
        assertThat(load.accessSource()).contains("LevelDBStore.java").contains("WriteBatch");
        assertThat(load.closeInPass()).isTrue();
        Workload search = Catalog.workload("sha1-search-10pct");
        assertThat(search.fraction()).as("every 100th key, whatever the name says").isEqualTo(0.01);
        assertThat(search.source()).contains("ByteDataSet.java");
        assertThat(Catalog.profile("published").records().get("sha1")).as("Store.DefaultSize = 2^18")
                .isEqualTo(262_144L);
    }

    @Test
    void aWorkloadsOwnWarmUpPassesRaiseAProfilesAndNeverLowerThemAndReadPassesHaveTheirOwn() {
        Profile ci = Catalog.profile("ci");
        assertThat(ci.passes().warmupIterations()).isEqualTo(2);
        assertThat(ci.iterations(Catalog.workload("sha1-search-10pct")).warmupIterations()).as("the source's warm-up")
                .isEqualTo(200);
        assertThat(ci.iterations(Catalog.workload("sha1-search-10pct")).measurementIterations())
                .isEqualTo(ci.passes().measurementIterations());
        assertThat(ci.iterations(Catalog.workload("ds4j-write-fixed")).warmupIterations())
                .as("the source's 3 over the profile's 2").isEqualTo(3);
        assertThat(ci.iterations(Catalog.workload("ds4j-read-random")).warmupIterations())
                .as("the profile's 8 read passes over the source's 3").isEqualTo(8);
        assertThat(ci.iterations(Catalog.workload("tc-seq-write")).warmupIterations())
                .as("a write pass: the profile's passes").isEqualTo(2);
        assertThat(ci.iterations(Catalog.workload("tc-random-read")).warmupIterations())
                .as("a read pass: the profile's read passes")
                .isEqualTo(ci.readPasses().warmupIterations()).isEqualTo(8);
        assertThat(ci.iterations(Catalog.workload("tc-random-read")).measurementIterations())
                .isEqualTo(ci.passes().measurementIterations());
        assertThat(Catalog.profile("smoke").readPasses()).as("a profile without read passes uses its passes").isNull();
        assertThat(Catalog.profile("smoke").iterations(Catalog.workload("tc-random-read")))
                .isEqualTo(Catalog.profile("smoke").passes());
        assertThatThrownBy(() -> parse("\"phase\": \"OPERATIONS\", \"warmupPasses\": 5"))
                .isInstanceOf(InputException.class).hasMessageContaining("warmupPasses is a number of passes");
    }

    @Test
    void everyPublishedMethodIsCited() {
        assertThat(Catalog.workloads()).filteredOn(w -> w.access() != Workload.Access.OPERATION)
                .isNotEmpty().allSatisfy(w -> assertThat(w.accessSource()).as(w.name()).startsWith("https://"));
    }

    @Test
    void aPassTransactionIsForPassesAndAScanForAWholeSequentialReadAndBothNeedTheirSource() {
        assertThatThrownBy(() -> parse("\"phase\": \"OPERATIONS\", \"access\": \"PASS\", \"accessSource\": "
                + "\"https://x\", \"mix\": {\"read\": 0.5, \"update\": 0.5, \"insert\": 0, \"scan\": 0, "
                + "\"readModifyWrite\": 0}"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("access PASS over operations is for reads only");
        assertThat(parse("\"phase\": \"OPERATIONS\", \"access\": \"PASS\", \"accessSource\": \"https://x\"").access())
                .as("read-only operations: one read view per thread").isEqualTo(Workload.Access.PASS);
        assertThatThrownBy(() -> parse("\"phase\": \"READ_PASS\", \"access\": \"PASS\""))
                .isInstanceOf(InputException.class).hasMessageContaining("needs accessSource");
        assertThat(parse("\"phase\": \"WRITE_PASS\", \"access\": \"PASS\", \"accessSource\": \"https://x\"").access())
                .isEqualTo(Workload.Access.PASS);
        for (String bad : new String[] {"\"phase\": \"WRITE_PASS\"", "\"phase\": \"READ_PASS\", \"order\": \"RANDOM\"",
                "\"phase\": \"READ_PASS\", \"fraction\": 0.1"}) {
            assertThatThrownBy(() -> parse(bad + ", \"access\": \"SCAN\", \"accessSource\": \"https://x\"")).as(bad)
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("access SCAN is for a sequential read pass over every record");
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
                .durability(Durability.Guarantee.EVERY_WRITE, Durability.Guarantee.NONE, false, "test", "test")
                .checksums(Durability.Coverage.NONE, "test").settings("test", "test", "test").build();
        assertThat(scan.unsupportedReason(pointOnly)).contains("cannot iterate");
        assertThat(Catalog.workload("tc-seq-read-per-op").unsupportedReason(pointOnly)).isNull();
        assertThat(Engines.all()).allSatisfy(e -> assertThat(scan.unsupportedReason(e.capabilities())).as(e.id())
                .isNull());
    }

    private static Workload parse(String fields) {
        String json = "[{\"name\": \"w\", \"family\": \"tc\", \"key\": \"DECIMAL8\", \"value\": \"SAME_AS_KEY\", "
                + fields + "}]";
        return Catalog.parseWorkloads(Path.of("w.json"), json.getBytes(StandardCharsets.UTF_8)).get("w");
    }
}
