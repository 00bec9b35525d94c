package io.kvbench.cli;

import io.kvbench.report.EngineTable;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import org.junit.jupiter.api.Test;

class EnginesCommandTest {

    @Test
    void jsonListsEveryRegisteredEngine() throws Exception {
        CliRun run = CliRun.of("engines", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode engines = new ObjectMapper().readTree(run.out());
        assertThat(engines.isArray()).isTrue();
        assertThat(engines).hasSize(Engines.all().size());
        for (JsonNode engine : engines) {
            assertThat(engine.get("id").asText()).isNotBlank();
            assertThat(engine.get("version").asText()).isNotBlank();
            assertThat(engine.get("ordered").isBoolean()).isTrue();
            assertThat(engine.at("/durability/processKill").asText()).isNotBlank();
            assertThat(engine.at("/durability/source").asText()).isNotBlank();
        }
        assertThat(engines.findValuesAsText("id")).containsExactlyElementsOf(Engines.all().stream().map(KvEngine::id).toList());
    }

    @Test
    void tableHasOneRowPerEngine() {
        CliRun run = CliRun.of("engines");
        assertThat(run.exitCode()).isZero();
        for (KvEngine engine : Engines.all()) {
            assertThat(run.out()).containsPattern("(?m)^" + engine.id() + "\\s+" + java.util.regex.Pattern.quote(engine.version()));
        }
        assertThat(run.out()).contains(Engines.all().size() + " engines");
    }

    @Test
    void limitsArePrintedExactly() {
        assertThat(EngineTable.bytes(8_318_976)).isEqualTo("8124 KiB"); // Xodus's value limit
        assertThat(EngineTable.bytes(4_194_182)).isEqualTo("4 MiB - 122 B"); // PersistIt's
        assertThat(EngineTable.bytes(Integer.MAX_VALUE - 8)).isEqualTo("2 GiB - 9 B"); // Java's array limit
        assertThat(EngineTable.bytes(1L << 30)).isEqualTo("1 GiB");
        assertThat(EngineTable.bytes(1008L << 20)).isEqualTo("1008 MiB");
        assertThat(EngineTable.bytes(1022)).isEqualTo("1022 B");
        assertThat(EngineTable.bytes((2L << 20) + 100)).isEqualTo("2097252 B");
        CliRun table = CliRun.of("engines");
        assertThat(table.out()).containsPattern("(?m)^persistit .* 1022 B +4 MiB - 122 B ");
        assertThat(CliRun.of("engines", "--markdown").out()).contains("| persistit | ").contains(" | 1022 B / 4 MiB - 122 B | ");
    }

    /** The power-cut column says what testing found: a recorded engine bug by name, else tested, or run as information. */
    @Test
    void powerCutColumnNamesTheKnownIssueThatBreaksAPromise() {
        String md = CliRun.of("engines", "--markdown").out();
        assertThat(md).containsPattern("(?m)^\\| rocksdb \\|.*\\| after flush\\(\\), tested \\|$")
                .containsPattern("(?m)^\\| lmdb \\|.*\\| no promise \\(run as information\\) \\|$")
                .containsPattern("(?m)^\\| h2-mvstore \\|.*\\| after flush\\(\\), tested: known issue \\[google/leveldb#196\\]"
                        + "\\(https://github.com/google/leveldb/issues/196\\) \\|$")
                .containsPattern("(?m)^\\| xodus-btree \\|.*known issue \\[JetBrains/xodus FileDataWriter.kt\\]\\(https://github.com/JetBrains/xodus/blob/");
        assertThat(CliRun.of("engines").out()).containsPattern("(?m)^mapdb .* after flush\\(\\) \\(known issue\\) ")
                .containsPattern("(?m)^rocksdb .* after flush\\(\\) {2,}\\S");
    }

    @Test
    void helpWorks() {
        CliRun run = CliRun.of("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: kvbench").contains("engines");
        assertThat(CliRun.of("engines", "--help").out()).contains("--json");
    }

    @Test
    void unknownCommandExitsTwoWithAMessage() {
        CliRun run = CliRun.of("frobnicate");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("frobnicate");
    }

    @Test
    void unknownOptionAndMissingCommandExitTwo() {
        assertThat(CliRun.of("engines", "--yaml").exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        CliRun bare = CliRun.of();
        assertThat(bare.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(bare.err()).contains("missing command");
    }
}
