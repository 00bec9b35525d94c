package io.kvbench.engine.knownissues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.kvbench.baseline.KnownIssues;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every entry of known-issues.json names a test that pins it, and every pin names a recorded entry: a known issue
 * without a pin could outlive its bug and hide a new failure with the same message forever.
 */
class KnownIssuesArePinnedTest {

    /** The engines that never fsync their store directory: each links the source line that shows it. */
    private static final String H2_SYNC = "https://github.com/h2database/h2database/blob/version-2.4.240/"
            + "h2/src/main/org/h2/mvstore/SingleFileStore.java#L172-L186";
    private static final String JE_FORCE =
            "https://github.com/berkeleydb/je/blob/v7.5.11/src/com/sleepycat/je/log/FileManager.java#L3082-L3112";
    private static final String MAPDB_SYNC = "https://github.com/jankotek/mapdb/blob/mapdb-3.1.0/"
            + "src/main/java/org/mapdb/volume/MappedFileVol.java#L198-L225";
    private static final String PERSISTIT_FORCE = "https://github.com/pbeaman/persistit/blob/"
            + "553139f005ec0e110d85e3472ec0f80655e31a97/src/main/java/com/persistit/JournalManager.java#L1435-L1450";
    private static final String LEVELDB_203 = "https://github.com/google/leveldb/issues/203";
    private static final String XODUS_DIRECTORY_CHANNEL = "https://github.com/JetBrains/xodus/blob/v2.0.1/"
            + "environment/src/main/kotlin/jetbrains/exodus/io/FileDataWriter.kt";

    /**
     * "engine reference" -> the test that shows the bug still there. The MapDB write-ahead-log corruptions cannot be
     * provoked on demand (they need a SIGKILL at the wrong moment of a log replay); their test pins the failure shapes
     * the crash loop met, and the nightly crash run keeps meeting them.
     */
    private static final Map<String, String> PINS = Map.ofEntries(
            Map.entry("leveldb-java https://github.com/dain/leveldb/issues/78",
                    LevelDbJavaKnownIssueTest.class.getName()),
            Map.entry("chronicle-map https://github.com/OpenHFT/Chronicle-Map/issues/82",
                    ChronicleMapKnownIssueTest.class.getName()),
            Map.entry("mapdb https://github.com/jankotek/mapdb/issues/897",
                    "io.kvbench.crash.MapDbKillFailureShapesTest"),
            Map.entry("mapdb https://github.com/jankotek/mapdb/issues/944",
                    "io.kvbench.crash.MapDbKillFailureShapesTest"),
            Map.entry("h2-mvstore " + H2_SYNC, "io.kvbench.crash.PowerCutKnownIssueTest"),
            Map.entry("berkeleydb-je " + JE_FORCE, "io.kvbench.crash.PowerCutKnownIssueTest"),
            Map.entry("mapdb " + MAPDB_SYNC, "io.kvbench.crash.PowerCutKnownIssueTest"),
            Map.entry("persistit " + PERSISTIT_FORCE, "io.kvbench.crash.PowerCutKnownIssueTest"),
            Map.entry("leveldb-jni https://github.com/google/leveldb/issues/75",
                    "io.kvbench.crash.LevelDbJniPowerCutKnownIssueTest"),
            Map.entry("xodus-btree " + XODUS_DIRECTORY_CHANNEL, "io.kvbench.crash.XodusPowerCutKnownIssueTest"),
            Map.entry("xodus-patricia " + XODUS_DIRECTORY_CHANNEL, "io.kvbench.crash.XodusPowerCutKnownIssueTest"),
            Map.entry("leveldb-jni " + LEVELDB_203, "io.kvbench.crash.ReorderedLogKnownIssueTest"),
            Map.entry("leveldb-java " + LEVELDB_203, "io.kvbench.crash.ReorderedLogKnownIssueTest"),
            Map.entry("xodus-patricia https://github.com/JetBrains/xodus/pull/30",
                    "io.kvbench.crash.XodusReorderKnownIssueTest"),
            Map.entry("chronicle-map https://github.com/OpenHFT/Chronicle-Wire/issues/179",
                    "io.kvbench.crash.ChronicleMapRecoveryKnownIssueTest"),
            Map.entry("sparkey https://github.com/spotify/sparkey-java/blob/sparkey-3.2.5/src/main/java/com/spotify/"
                    + "sparkey/LogHeader.java#L90-L115", "io.kvbench.crash.SparkeyHeaderKnownIssueTest"),
            Map.entry("rocksdb https://github.com/facebook/rocksdb/blob/v11.8.1/db/log_reader.cc#L611-L619",
                    "io.kvbench.crash.ReorderedLogKnownIssueTest"));

    @Test
    void everyRecordedIssueHasAPinAndEveryPinARecordedIssue() {
        var recorded = KnownIssues.all().stream().map(i -> i.engine() + " " + i.reference())
                .collect(Collectors.toSet());
        assertThat(recorded).as("known-issues.json entries (engine reference); add a pin for a new one, drop the pin"
                + " of a removed one").containsExactlyInAnyOrderElementsOf(PINS.keySet());
    }

    @Test
    void everyPinExists() {
        for (String pin : PINS.values()) {
            assertThatCode(() -> Class.forName(pin)).as("pin test " + pin).doesNotThrowAnyException();
        }
    }
}
