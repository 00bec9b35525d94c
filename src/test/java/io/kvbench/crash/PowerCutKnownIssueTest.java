package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.Engines;
import io.kvbench.engine.knownissues.KnownIssuePin;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Pins the engines that never fsync their store directory (known-issues.json, reference google/leveldb#196): one
 * power cut after the first writer, on the power-cut file system, removes the files they created and fsync'd. Fails when
 * an engine stops showing it (an upgrade that syncs the directory: remove its known-issues entry) or shows it without
 * being recorded. The seed is the one that found it.
 */
@Tag("crash")
@Tag("fuse")
class PowerCutKnownIssueTest {

    private static final long SEED = 20261123L;
    /** Engine and the file the first power cut removes. */
    private static final Map<String, String> PINNED = Map.of("h2-mvstore", "store/store.mv.db", "berkeleydb-je",
            "store/00000000.jdb", "mapdb", "store/mapdb.db", "persistit", "store/journal.000000000000");

    @TestFactory
    Stream<DynamicTest> enginesThatNeverSyncTheirDirectoryLoseNewFilesInAPowerCut() {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(), () -> "skipped: " + PowerCutFs.unavailableReason().orElse(""));
        CrashSuite suite = CrashSuite.preparePowerCuts(System.out::println);
        CrashResults results = suite.runAll(PINNED.keySet().stream().sorted().map(Engines::byId).toList(), 1, SEED,
                CrashSuite.DEFAULT_MAX_KILL_DELAY, Path.of("target", "powercut-known-issues").toAbsolutePath(), 2, partial -> { });
        List<EngineCrashResult> all = results.results();
        return all.stream().map(r -> DynamicTest.dynamicTest("[" + r.engine() + "] a power cut removes its unsynced-name files", () -> {
            // A PASS means the engine now syncs its directory: the pin says to drop the entry. Anything else is what it is.
            KnownIssuePin.stillReproduces("https://github.com/google/leveldb/issues/196 for " + r.engine(), "its entry from known-issues.json",
                    () -> assertThat(r.verdict()).as(r.engine() + " loses files in a power cut").isNotEqualTo(EngineCrashResult.Verdict.PASS));
            assertThat(r.verdict()).as(r.engine() + ": " + r.reason()).isEqualTo(EngineCrashResult.Verdict.KNOWN_ISSUE);
            assertThat(r.reference()).isEqualTo("https://github.com/google/leveldb/issues/196");
            assertThat(r.reason()).contains("fsync'd files whose directory was never fsync'd").contains(PINNED.get(r.engine()));
        }));
    }
}
