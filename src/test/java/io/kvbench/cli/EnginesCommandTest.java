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
            assertThat(engine.get("nativeVersion").isTextual()).isTrue();
            assertThat(engine.get("ordered").isBoolean()).isTrue();
            assertThat(engine.get("maxKeyBytes").isInt()).isTrue();
            assertThat(engine.at("/durability/processKill").asText()).isNotBlank();
            assertThat(engine.at("/durability/source").asText()).isNotBlank();
            assertThat(engine.at("/settings/sync").asText()).isNotBlank();
            assertThat(engine.at("/settings/memory").asText()).isNotBlank();
            assertThat(engine.at("/settings/compression").asText()).isNotBlank();
            assertThat(engine.at("/powerCut/tested").isBoolean()).isTrue();
            assertThat(engine.get("knownIssues").isArray()).isTrue();
        }
        assertThat(engines.findValuesAsText("id")).containsExactlyElementsOf(Engines.all().stream().map(KvEngine::id)
                .toList());
    }

    /** Every flag the text shows is in the JSON: "(known issue)" on the power-cut column is powerCut.knownIssue. */
    @Test
    void jsonCarriesEveryFlagTheTextShows() throws Exception {
        JsonNode engines = new ObjectMapper().readTree(CliRun.of("engines", "--json").out());
        String text = CliRun.of("engines").out();
        for (JsonNode engine : engines) {
            String id = engine.get("id").asText();
            String row = text.lines().filter(l -> l.startsWith(id + " ")).findFirst().orElseThrow();
            assertThat(row.endsWith("(known issue)")).as(id + ": the text's flag and the JSON's")
                    .isEqualTo(!engine.at("/powerCut/knownIssue").isNull());
            assertThat(row).contains(engine.get("nativeVersion").asText().isEmpty() ? " - "
                    : engine.get("nativeVersion").asText());
        }
        JsonNode h2 = find(engines, "h2-mvstore");
        assertThat(h2.at("/powerCut/knownIssue").asText()).startsWith("https://github.com/h2database/h2database/blob/");
        assertThat(h2.at("/knownIssues/0/breaksPowerCutPromise").asBoolean()).isTrue();
        JsonNode lmdb = find(engines, "lmdb");
        assertThat(lmdb.at("/powerCut/tested").asBoolean()).as("no promise: run as information").isFalse();
        assertThat(lmdb.at("/settings/sync").asText()).contains("MDB_NOSYNC");
    }

    /** The default table fits a 120-column terminal; details need --wide or an engine id. */
    @Test
    void theTableFits120ColumnsAndNamesBindingAndNativeVersionsApart() {
        CliRun run = CliRun.of("engines");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().lines()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(120));
        for (KvEngine engine : Engines.all()) {
            assertThat(run.out()).containsPattern("(?m)^" + engine.id() + "\\s+\\S+\\s");
        }
        assertThat(run.out()).contains(Engines.all().size() + " engines").contains("`kvbench engines ID`");
        assertThat(run.out()).as("lmdbjava is the binding, LMDB the engine it bundles")
                .containsPattern("(?m)^lmdb\\s+0\\.9\\.3\\s+LMDB 0\\.9\\.\\d+\\s")
                .containsPattern("(?m)^leveldb-jni\\s+1\\.8\\s+LevelDB 1\\.13\\s")
                .containsPattern("(?m)^rocksdb\\s+\\S+\\s+RocksDB \\S+\\s")
                .containsPattern("(?m)^h2-mvstore\\s+\\S+\\s+-\\s");
    }

    @Test
    void oneEngineInFullWithItsSettingsKnownIssuesAndSources() {
        CliRun run = CliRun.of("engines", "h2-mvstore");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("h2-mvstore 2.4.240 (written in Java)")
                .containsPattern("(?m)^sync:\\s+background commit")
                .containsPattern("(?m)^memory:\\s+page cache 16 MiB")
                .containsPattern("(?m)^compression:\\s+none")
                .containsPattern("SingleFileStore\\.java#L172-L186\\s+\\(breaks the power-cut promise\\)")
                .doesNotContain("google/leveldb");
        // Wrapped at 120 columns; only an address longer than a line may stand alone past it.
        assertThat(run.out().lines()).allSatisfy(line -> assertThat(line.length() <= 120
                || !line.substring(22).strip().contains(" ")).as(line).isTrue());
        assertThat(CliRun.of("engines", "lmdb").out()).startsWith("lmdb 0.9.3 (binding; native LMDB 0.9.")
                .contains("known issues:         none recorded");
        CliRun unknown = CliRun.of("engines", "nosuch");
        assertThat(unknown.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(unknown.err()).startsWith("kvbench: ").contains("nosuch");
        assertThat(CliRun.of("engines", "--json", "--wide").exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
    }

    @Test
    void wideShowsEveryDeclarationOfEveryEngine() {
        CliRun run = CliRun.of("engines", "--wide");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().lines().findFirst().orElseThrow()).contains("max key", "sync", "memory", "compression",
                "known issue");
        assertThat(run.out()).containsPattern("(?m)^lmdb .*no fsync per commit \\(MDB_NOSYNC\\)")
                .containsPattern("(?m)^rocksdb .*WAL, no fsync per write");
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
        CliRun table = CliRun.of("engines", "--wide");
        assertThat(table.out()).containsPattern("(?m)^persistit .* 1022 B +4 MiB - 122 B ");
        assertThat(CliRun.of("engines", "--markdown")
                .out()).contains("| persistit | ").contains(" | 1022 B / 4 MiB - 122 B | ");
    }

    /**
     * The power-cut column says what testing found: a recorded engine bug by name, else tested, or run as information.
     * The link is the engine's own: its source line or tracker issue, never another engine's.
     */
    @Test
    void powerCutColumnLinksTheEnginesOwnKnownIssue() {
        String md = CliRun.of("engines", "--markdown").out();
        assertThat(md).containsPattern("(?m)^\\| rocksdb \\|.*\\| after flush\\(\\), tested \\|$")
                .containsPattern("(?m)^\\| lmdb \\|.*\\| no promise \\(run as information\\) \\|$")
                .containsPattern("(?m)^\\| h2-mvstore \\|.*\\| after flush\\(\\), tested: known issue "
                        + "\\[h2database/h2database SingleFileStore.java\\]"
                        + "\\(https://github.com/h2database/h2database/blob/version-2.4.240/.*\\) \\|$")
                .containsPattern("(?m)^\\| berkeleydb-je \\|.*known issue \\[berkeleydb/je FileManager.java\\]")
                .containsPattern("(?m)^\\| mapdb \\|.*known issue \\[jankotek/mapdb MappedFileVol.java\\]")
                .containsPattern("(?m)^\\| persistit \\|.*known issue \\[pbeaman/persistit JournalManager.java\\]")
                .containsPattern("(?m)^\\| xodus-btree \\|.*known issue \\[JetBrains/xodus "
                        + "FileDataWriter.kt\\]\\(https://github.com/JetBrains/xodus/blob/")
                .doesNotContain("google/leveldb#196");
        for (KvEngine engine : Engines.all()) {
            String row = md.lines().filter(l -> l.startsWith("| " + engine.id() + " |")).findFirst().orElseThrow();
            if (row.contains("known issue [")) {
                String owner = row.replaceAll(".*known issue \\[([^/]+/[^ #\\]]+).*", "$1")
                        .toLowerCase(java.util.Locale.ROOT);
                String id = engine.id().replace("-", "").replace("berkeleydbje", "je").replace("h2mvstore", "h2")
                        .replace("leveldbjni", "leveldb").replace("xodusbtree", "xodus")
                        .replace("xoduspatricia", "xodus");
                assertThat(owner.replace("-", "")).as(engine.id() + " links its own project").contains(id);
            }
        }
        assertThat(CliRun.of("engines").out()).containsPattern("(?m)^mapdb .* after flush\\(\\) \\(known issue\\)$")
                .containsPattern("(?m)^rocksdb .* after flush\\(\\)$");
    }

    private static JsonNode find(JsonNode engines, String id) {
        for (JsonNode e : engines) if (e.get("id").asText().equals(id)) return e;
        throw new AssertionError("no engine " + id);
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
