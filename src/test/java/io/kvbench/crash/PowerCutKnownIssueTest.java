package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.engine.Engines;
import io.kvbench.engine.knownissues.KnownIssuePin;
import io.kvbench.result.Verdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Pins the engines that never fsync their store directory (known-issues.json; each entry links the engine's own source
 * line that shows it, no upstream report exists): one
 * power cut after the first writer, on the power-cut file system, removes the files they created and fsync'd. Fails
 * when an engine stops showing it (an upgrade that syncs the directory: remove its known-issues entry) or shows it
 * without being recorded. The seed is the one that found it.
 */
@Tag("crash")
@Tag("fuse")
class PowerCutKnownIssueTest {

    private static final long SEED = 20261123L;
    /** Engine and the file the first power cut removes. */
    private static final Map<String, String> PINNED = Map.of("h2-mvstore", "store/store.mv.db", "berkeleydb-je",
            "store/00000000.jdb", "mapdb", "store/mapdb.db", "persistit", "store/journal.000000000000");
    /**
     * Engine and the known-issues.json reference: the source line where it fsyncs a file but not the directory. Whole
     * addresses, one a line (ReadmeTest looks for each reference in this file).
     */
    private static final Map<String, String> REFERENCES = Map.of(
            "h2-mvstore",
            "https://github.com/h2database/h2database/blob/version-2.4.240/h2/src/main/org/h2/mvstore/SingleFileStore.java#L172-L186",
            "berkeleydb-je",
            "https://github.com/berkeleydb/je/blob/v7.5.11/src/com/sleepycat/je/log/FileManager.java#L3082-L3112",
            "mapdb",
            "https://github.com/jankotek/mapdb/blob/mapdb-3.1.0/src/main/java/org/mapdb/volume/MappedFileVol.java#L198-L225",
            "persistit",
            "https://github.com/pbeaman/persistit/blob/553139f005ec0e110d85e3472ec0f80655e31a97/src/main/java/com/persistit/JournalManager.java#L1435-L1450");

    @TestFactory
    Stream<DynamicTest> enginesThatNeverSyncTheirDirectoryLoseNewFilesInAPowerCut() {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "skipped: " + PowerCutFs.unavailableReason().orElse(""));
        List<Fault> powerCut = List.of(Fault.POWER_CUT);
        CrashSuite suite = CrashSuite.prepare(CrashSuite.Where.LOCAL, null, null, powerCut, System.out::println);
        CrashResults results = suite.runAll(PINNED.keySet().stream().sorted().map(Engines::byId).toList(),
                new CrashSuite.Plan(1, SEED, CrashSuite.DEFAULT_MAX_KILL_DELAY,
                        Path.of("target", "powercut-known-issues").toAbsolutePath(), 2), partial -> { });
        List<EngineCrashResult> all = results.results();
        return all.stream().map(r -> DynamicTest.dynamicTest("[" + r.engine() + "] a power cut removes its "
                + "unsynced-name files", () -> {
            // A PASS means the engine now syncs its directory: the pin says to drop the entry. Anything else is what
            // it is.
            KnownIssuePin.stillReproduces(REFERENCES.get(r.engine()), "its entry from known-issues.json",
                    () -> assertThat(r.verdict()).as(r.engine() + " loses files in a power cut")
                            .isNotEqualTo(Verdict.PASS));
            assertThat(r.verdict()).as(r.engine() + ": " + r.reason()).isEqualTo(Verdict.KNOWN_ISSUE);
            assertThat(r.judgement().reference()).isEqualTo(REFERENCES.get(r.engine()));
            assertThat(r.reason()).contains("fsync'd files whose directory was never fsync'd")
                    .contains(PINNED.get(r.engine()));
        }));
    }
}
