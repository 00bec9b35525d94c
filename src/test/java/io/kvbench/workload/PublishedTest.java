package io.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.input.InputException;
import io.kvbench.result.Direction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PublishedTest {

    @Test
    void theTokyoCabinetTableIsTheSourcesFourColumnsOfNineEngines() {
        Published tc = Published.named("tc");
        assertThat(tc.records()).isEqualTo(1_000_000);
        assertThat(tc.tables()).allSatisfy(t -> assertThat(Direction.of(t.unit()).higherIsBetter()).as("s/op")
                .isFalse());
        assertThat(tc.tables()).extracting(Published.Table::workload)
                .containsExactly("tc-random-read", "tc-seq-read", "tc-random-write", "tc-seq-write");
        assertThat(tc.tables()).allSatisfy(t -> assertThat(t.rows()).hasSize(9));
        Published.Row lmdb = tc.tables().get(0).rows().stream().filter(r -> "lmdb".equals(r.engine())).findFirst()
                .orElseThrow();
        assertThat(lmdb.value()).as("LMDB JNI random read, s/op").isEqualTo(0.825);
        assertThat(tc.tables().get(0).rows()).filteredOn(r -> r.engine() == null).extracting(Published.Row::label)
                .containsExactly("BDB JE database with key prefixing");
    }

    @Test
    void theHestiaStoreTableIsItsSequentialReadOfSevenEnginesAtTenMillion() {
        Published hestia = Published.named("hestia");
        assertThat(hestia.records()).isEqualTo(10_000_000);
        assertThat(Direction.of(hestia.tables().get(0).unit()).higherIsBetter()).as("ops/s").isTrue();
        assertThat(hestia.tables()).singleElement().satisfies(t -> {
            assertThat(t.workload()).isEqualTo("hestia-seq-read");
            assertThat(t.rows()).extracting(Published.Row::engine)
                    .containsExactly("chronicle-map", "h2-mvstore", null, null, "leveldb-java", "mapdb", "rocksdb");
            assertThat(t.rows().get(4).value()).as("LevelDB (the pure Java port), ops/s").isEqualTo(190_698);
        });
    }

    @Test
    void theHaloDbPlaygroundIsItsThreeEnginesReadRandomAtOneMillion() {
        Published halo = Published.named("halo");
        assertThat(halo.records()).isEqualTo(1_000_000);
        assertThat(halo.tables()).singleElement().satisfies(t -> {
            assertThat(t.workload()).isEqualTo("halo-random-read-8t");
            assertThat(t.unit()).isEqualTo("ops/s");
            assertThat(t.rows()).extracting(Published.Row::engine).containsExactly("halodb", "lmdb", "sparkey");
            assertThat(t.rows()).extracting(Published.Row::value).containsExactly(540_540.0, 1_666_666.0, 4_000_000.0);
        });
    }

    @Test
    void dataStore4jTablesKeepTheirOwnSizesAndUnits() {
        Published ds4j = Published.named("ds4j");
        assertThat(ds4j.records()).as("what reproduce runs by default").isEqualTo(1_000_000);
        assertThat(ds4j.tables()).hasSize(15);
        assertThat(ds4j.tables()).filteredOn(t -> t.records() == 1_000_000L).extracting(Published.Table::workload)
                .containsExactly("ds4j-write-fixed", "ds4j-write-variable", "ds4j-read-linear", "ds4j-read-random",
                "ds4j-read-reverse");
        Published.Table reads = ds4j.tables().stream().filter(t -> t.workload().equals("ds4j-concurrent-read-12t"))
                .findFirst().orElseThrow();
        assertThat(reads.records()).isEqualTo(5_000_000L);
        assertThat(reads.unit()).isEqualTo("ops/s");
        assertThat(Direction.of(reads.unit()).higherIsBetter()).isTrue();
        assertThat(reads.rows()).extracting(Published.Row::engine)
                .containsExactly("datastore4j", "rocksdb", "leveldb-java", "leveldb-jni");
        assertThat(ds4j.tables()).filteredOn(t -> t.records() == 10_000_000L).extracting(t -> t.rows().size())
                .containsExactly(2, 3);
    }

    @Test
    void theShaOneStudyIsAtTwoToTheEighteenInWholePassesPerSecond() {
        Published sha1 = Published.named("sha1");
        assertThat(sha1.records()).isEqualTo(262_144);
        assertThat(sha1.tables()).extracting(Published.Table::workload)
                .containsExactly("sha1-load-persist", "sha1-search-10pct");
        assertThat(sha1.tables()).allSatisfy(t -> {
            assertThat(t.unit()).isEqualTo("ops/s");
            assertThat(t.rows()).filteredOn(r -> r.engine() != null).extracting(Published.Row::engine)
                    .containsExactly("naive-json", "naive-mmap", "berkeleydb-je", "leveldb-java");
        });
    }

    @Test
    void aTableWithoutItsOwnSizeOrUnitTakesTheComparisonsAndItsOwnAreChecked() {
        Published p = parse("\"unit\": \"s/op\", \"tables\": [{\"workload\": \"tc-random-read\", \"published\": \"x\", "
                + "\"rows\": [{\"engine\": \"lmdb\", \"label\": \"L\", \"value\": 1}]}]");
        assertThat(p.tables().get(0).records()).isEqualTo(10L);
        assertThat(p.tables().get(0).unit()).isEqualTo("s/op");
        assertThatThrownBy(() -> parse("\"unit\": \"s/op\", \"tables\": [{\"workload\": \"tc-random-read\", "
                + "\"published\": \"x\", \"unit\": \"ms\", \"rows\": [{\"engine\": \"lmdb\", \"label\": \"L\", "
                + "\"value\": 1}]}]"))
                .isInstanceOf(InputException.class).hasMessageContaining("tables[0].unit");
        assertThatThrownBy(() -> parse("\"unit\": \"s/op\", \"tables\": [{\"workload\": \"tc-random-read\", "
                + "\"published\": \"x\", \"records\": 0, \"rows\": [{\"engine\": \"lmdb\", \"label\": \"L\", "
                + "\"value\": 1}]}]"))
                .isInstanceOf(InputException.class).hasMessageContaining("tables[0].records");
    }

    @Test
    void anOptInEngineMayBeNamedInAnyBuildAndAnUnknownOneMayNot() {
        assertThat(parse("\"unit\": \"ops/s\", \"tables\": [{\"workload\": \"halo-random-read-8t\", \"published\": "
                + "\"x\", \"rows\": [{\"engine\": \"halodb\", \"label\": \"H\", \"value\": 1}]}]")
                .tables().get(0).rows().get(0).engine())
                .isEqualTo("halodb");
        assertThatThrownBy(() -> parse("\"unit\": \"ops/s\", \"tables\": [{\"workload\": \"halo-random-read-8t\", "
                + "\"published\": \"x\", \"rows\": [{\"engine\": \"halo\", \"label\": \"H\", \"value\": 1}]}]"))
                .isInstanceOf(InputException.class).hasMessageContaining("unknown engine 'halo'");
    }

    @Test
    void everyShippedTableSaysHowItIsMeasuredAndWhy() {
        assertThat(Published.all()).flatMap(Published::tables).allSatisfy(t -> {
            assertThat(t.settings()).as(t.workload() + " at " + t.records()).isNotNull();
            assertThat(t.settings().reason()).as(t.workload()).isNotBlank();
            assertThat(t.settings().forks()).as("forks hold run-to-run variance: " + t.workload())
                    .isGreaterThanOrEqualTo(2);
        });
        Published.Settings seqRead = Published.named("tc").tables().get(1).settings();
        assertThat(List.of(seqRead.forks(), seqRead.warmupIterations(), seqRead.measurementIterations()))
                .containsExactly(3, 10, 10);
    }

    @Test
    void settingsAreCheckedAgainstTheirWorkload() {
        String passes = "tc-random-read";
        Published p = withSettings(passes, "\"forks\": 3, \"warmupIterations\": 4, \"measurementIterations\": 6, "
                + "\"reason\": \"r\"");
        assertThat(p.tables().get(0).settings()).isEqualTo(new Published.Settings(3, 4, 6, 0, "r"));
        assertThatThrownBy(() -> withSettings(passes, "\"forks\": 0, \"measurementIterations\": 6, \"reason\": \"r\""))
                .isInstanceOf(InputException.class).hasMessageContaining("tables[0].settings.forks");
        assertThatThrownBy(() -> withSettings(passes, "\"forks\": 2, \"measurementIterations\": 6, \"seconds\": 5, "
                + "\"reason\": \"r\"")).isInstanceOf(InputException.class)
                .hasMessageContaining("tables[0].settings.seconds").hasMessageContaining("pass workload");
        assertThatThrownBy(() -> withSettings(passes, "\"forks\": 2, \"measurementIterations\": 6"))
                .isInstanceOf(InputException.class).hasMessageContaining("tables[0].settings.reason");
        assertThatThrownBy(() -> withSettings("halo-random-read-8t", "\"forks\": 2, \"measurementIterations\": 5, "
                + "\"reason\": \"r\"")).isInstanceOf(InputException.class).hasMessageContaining("timed operations");
    }

    private static Published withSettings(String workload, String settings) {
        return parse("\"unit\": \"s/op\", \"tables\": [{\"workload\": \"" + workload + "\", \"published\": \"x\", "
                + "\"rows\": [{\"engine\": \"lmdb\", \"label\": \"L\", \"value\": 1}], "
                + "\"settings\": {" + settings + "}}]");
    }

    @Test
    void everyShippedComparisonLoadsAndNamesItsConditions() {
        assertThat(Published.all()).extracting(Published::name).containsExactlyElementsOf(Published.NAMES);
        assertThat(Published.all()).allSatisfy(p -> assertThat(List.of(p.source(), p.hardware(), p.jdk(),
                p.engineVersions(),
                p.date(), p.notes())).as(p.name()).allSatisfy(text -> assertThat(text).isNotBlank()));
    }

    @Test
    void aBadFileNamesItsFieldAndAnUnknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> parse("\"unit\": \"ms\""))
                .isInstanceOf(InputException.class).hasMessageContaining("unit").hasMessageContaining("s/op or ops/s");
        assertThatThrownBy(() -> parse("\"unit\": \"s/op\", \"tables\": [{\"workload\": \"tc-random-read\", "
                + "\"published\": \"x\", \"rows\": [{\"engine\": \"nosuchdb\", \"label\": \"N\", \"value\": 1}]}]"))
                .isInstanceOf(InputException.class).hasMessageContaining("tables[0].rows[0].engine");
        assertThatThrownBy(() -> Published.named("leveldb-paper")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown published comparison 'leveldb-paper'").hasMessageContaining("tc");
    }

    private static Published parse(String fields) {
        String json = "{\"name\": \"x\", \"title\": \"X\", \"source\": \"https://x\", \"records\": 10, " + fields + "}";
        return Published.parse(Path.of("x.json"), json.getBytes(StandardCharsets.UTF_8));
    }
}
