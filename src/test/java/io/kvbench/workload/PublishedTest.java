package io.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.input.InputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PublishedTest {

    @Test
    void theTokyoCabinetTableIsTheSourcesFourColumnsOfNineEngines() {
        Published tc = Published.named("tc");
        assertThat(tc.records()).isEqualTo(1_000_000);
        assertThat(tc.lowerIsBetter()).isTrue();
        assertThat(tc.tables()).extracting(Published.Table::workload)
                .containsExactly("tc-random-read", "tc-seq-read", "tc-random-write", "tc-seq-write");
        assertThat(tc.tables()).allSatisfy(t -> assertThat(t.rows()).hasSize(9));
        Published.Row lmdb = tc.tables().get(0).rows().stream().filter(r -> "lmdb".equals(r.engine())).findFirst().orElseThrow();
        assertThat(lmdb.value()).as("LMDB JNI random read, s/op").isEqualTo(0.825);
        assertThat(tc.tables().get(0).rows()).filteredOn(r -> r.engine() == null).extracting(Published.Row::label)
                .containsExactly("BDB JE database with key prefixing");
    }

    @Test
    void theHestiaStoreTableIsItsSequentialReadOfSevenEnginesAtTenMillion() {
        Published hestia = Published.named("hestia");
        assertThat(hestia.records()).isEqualTo(10_000_000);
        assertThat(hestia.lowerIsBetter()).as("ops/s").isFalse();
        assertThat(hestia.tables()).singleElement().satisfies(t -> {
            assertThat(t.workload()).isEqualTo("hestia-seq-read");
            assertThat(t.rows()).extracting(Published.Row::engine)
                    .containsExactly("chronicle-map", "h2-mvstore", null, null, "leveldb-java", "mapdb", "rocksdb");
            assertThat(t.rows().get(4).value()).as("LevelDB (the pure Java port), ops/s").isEqualTo(190_698);
        });
    }

    @Test
    void everyShippedComparisonLoadsAndNamesItsConditions() {
        assertThat(Published.all()).extracting(Published::name).containsExactlyElementsOf(Published.NAMES);
        assertThat(Published.all()).allSatisfy(p -> assertThat(List.of(p.source(), p.hardware(), p.jdk(), p.engineVersions(),
                p.date(), p.notes())).as(p.name()).allSatisfy(text -> assertThat(text).isNotBlank()));
    }

    @Test
    void aBadFileNamesItsFieldAndAnUnknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> parse("\"unit\": \"ms\""))
                .isInstanceOf(InputException.class).hasMessageContaining("unit").hasMessageContaining("s/op or ops/s");
        assertThatThrownBy(() -> parse("\"unit\": \"s/op\", \"tables\": [{\"workload\": \"tc-random-read\", \"published\": \"x\", "
                + "\"rows\": [{\"engine\": \"nosuchdb\", \"label\": \"N\", \"value\": 1}]}]"))
                .isInstanceOf(InputException.class).hasMessageContaining("tables[0].rows[0].engine");
        assertThatThrownBy(() -> Published.named("leveldb-paper")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown published comparison 'leveldb-paper'").hasMessageContaining("tc");
    }

    private static Published parse(String fields) {
        String json = "{\"name\": \"x\", \"title\": \"X\", \"source\": \"https://x\", \"records\": 10, " + fields + "}";
        return Published.parse(Path.of("x.json"), json.getBytes(StandardCharsets.UTF_8));
    }
}
