package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * crash-results.json across versions: files written by kvbench before the result was built from nested records and
 * before failure kinds (schema 1, real output of `kvbench crash` at that revision) read into the new shape field for
 * field, and a file written now keeps every old field flat where old readers look for it.
 */
class CrashResultsFormatTest {

    @TempDir
    Path dir;

    @Test
    void aProcessKillRunWrittenBeforeReadsTheSame() throws IOException {
        CrashResults old = fixture("crash-results-v1-process-kill.json");
        assertThat(old.schemaVersion()).isEqualTo(1);
        assertThat(old.runner()).isEqualTo("local");
        assertThat(old.seed()).isEqualTo(7);
        assertThat(old.cycles()).isEqualTo(2);
        assertThat(old.run().machine().machineClass()).isEqualTo("amd-epyc-f26-m2-s1-2c-24g");
        EngineCrashResult rocksdb = old.results().get(1);
        assertThat(rocksdb.engine()).isEqualTo("rocksdb");
        assertThat(rocksdb.fault()).as("no fault field: a process kill").isEqualTo(Fault.PROCESS_KILL);
        assertThat(rocksdb.declared().guarantee()).isEqualTo("EVERY_WRITE");
        assertThat(rocksdb.declared().prefixPromised()).isTrue();
        assertThat(rocksdb.counts().cycles()).isEqualTo(2);
        assertThat(rocksdb.counts().acknowledged()).isEqualTo(24_964);
        assertThat(rocksdb.counts().promised()).isEqualTo(24_964);
        assertThat(rocksdb.counts().effects()).isEqualTo(EngineCrashResult.FaultEffects.NONE);
        assertThat(rocksdb.recovery().medianMillis()).isEqualTo(39.4772315);
        assertThat(rocksdb.verdict()).isEqualTo(Verdict.PASS);
        assertThat(rocksdb.kind()).isNull();
        assertThat(rocksdb.replay().reproduce()).endsWith("--runner local");
        assertThat(roundTrip(withCurrentSchema(old))).isEqualTo(withCurrentSchema(old));
    }

    @Test
    void aPowerCutRunWithAKnownIssueWrittenBeforeReadsTheSame() throws IOException {
        CrashResults old = fixture("crash-results-v1-power-cut.json");
        EngineCrashResult h2 = old.results().get(0);
        assertThat(h2.fault()).isEqualTo(Fault.POWER_CUT);
        assertThat(h2.verdict()).isEqualTo(Verdict.KNOWN_ISSUE);
        assertThat(h2.kind()).as("written before kinds were recorded").isEqualTo(FailureKind.UNRECORDED);
        assertThat(h2.judgement().reference()).isEqualTo("https://github.com/google/leveldb/issues/196");
        assertThat(h2.counts().damage().lost()).isEqualTo(3186);
        assertThat(h2.counts().damage().prefixBreaks()).isEqualTo(2);
        assertThat(h2.judgement().examples()).hasSize(5);
        EngineCrashResult lmdb = old.results().get(1);
        assertThat(lmdb.verdict()).isEqualTo(Verdict.INFORMATION);
        assertThat(lmdb.declared().guarantee()).isEqualTo("NONE");
        assertThat(lmdb.replay().keptDirectory()).isEqualTo("/tmp/kvbench-fixture/crash-data/lmdb");
        assertThat(roundTrip(withCurrentSchema(old))).isEqualTo(withCurrentSchema(old));
    }

    @Test
    void aFileWrittenNowKeepsTheOldFieldsFlat() throws IOException {
        CrashResults now = withCurrentSchema(fixture("crash-results-v1-power-cut.json"));
        Path file = dir.resolve(CrashResults.FILE);
        now.write(file);
        JsonNode json = JsonMapper.builder().build().readTree(file.toFile());
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(CrashResults.SCHEMA_VERSION);
        assertThat(json.get("seed").asLong()).isEqualTo(20261123L);
        JsonNode h2 = json.get("results").get(0);
        for (String field : new String[] {"engine", "version", "promise", "prefixPromised", "setting", "runner", "seed",
            "cycles", "acknowledged", "promised", "pendingKept", "lost", "resurrected", "corrupt", "prefixBreaks",
            "unopenable", "recoveryMillisMedian", "recoveryMillisMax", "verdict", "reason", "examples", "reference",
            "keptDirectory", "reproduce", "seconds", "fault", "kind"}) {
            assertThat(h2.has(field)).as("field %s", field).isTrue();
        }
        assertThat(h2.get("promise").asText()).isEqualTo("AFTER_FLUSH");
        assertThat(h2.get("effects").get("injected").asInt()).isZero();
    }

    private static CrashResults fixture(String name) throws IOException {
        try (InputStream in = CrashResultsFormatTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return CrashResults.parse(Path.of(name), in.readAllBytes());
        }
    }

    private CrashResults roundTrip(CrashResults results) throws IOException {
        Path file = dir.resolve("round-trip.json");
        results.write(file);
        return CrashResults.read(file);
    }

    private static CrashResults withCurrentSchema(CrashResults old) {
        return new CrashResults(CrashResults.SCHEMA_VERSION, old.complete(), old.run(), old.results());
    }
}
