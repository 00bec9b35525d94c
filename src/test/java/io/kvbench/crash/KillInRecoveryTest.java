package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Engines;
import io.kvbench.infra.Directories;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill-in-recovery fault with real writer processes (local child JVMs) and real SIGKILLs: a writer started to be
 * killed in recovery is ready just before it opens the store, so a kill right then lands before the store is open (a
 * writer started the usual way is ready only once it is open: the same kill finds it open); and a store that the
 * interrupted recovery leaves broken fails the loop, with the interruption in the reason.
 */
@Tag("fork")
class KillInRecoveryTest {

    private static final String ENGINE = "rocksdb"; // its reopen replays a write-ahead log: tens of milliseconds

    @TempDir
    Path work;

    @Test
    void theKillLandsBeforeTheStoreIsOpenAndOnlyWhenAskedFor() throws Exception {
        Writers writers = new Writers(Engines.byId(ENGINE), new LocalWriters(), 5);
        Path dir = Files.createDirectories(work.resolve("store-root"));
        Writers.Run fill = writers.run(dir, Writers.Job.write(1, CrashLoop.STRIDE, 2_000, -1), () -> { });
        assertThat(WriterOutput.parse(fill.stdout(), 2048).done()).as(fill.stderr()).isTrue();
        // The window between READY and OPENED is the reopen itself, tens of milliseconds, and the kill follows the
        // parent's noticing READY: on a loaded core that can come late, so up to three writers are tried. A writer
        // ready only once it is open is killed after OPENED every time.
        List<String> attempts = new ArrayList<>();
        boolean killedBeforeOpen = false;
        for (int cycle = 2; cycle <= 4 && !killedBeforeOpen; cycle++) {
            Writers.Run inRecovery = writers.run(dir, new Writers.Job(cycle, 0, 0, 0, true), () -> { });
            assertThat(inRecovery.killed()).isTrue();
            killedBeforeOpen = WriterOutput.parse(inRecovery.stdout(), 2048).openNanos() < 0;
            attempts.add(inRecovery.stdout());
        }
        assertThat(killedBeforeOpen).as("a writer killed before OPENED: " + attempts).isTrue();
        Writers.Run usual = writers.run(dir, Writers.Job.write(5, 0, 0, 0), () -> { });
        assertThat(WriterOutput.parse(usual.stdout(), 2048).openNanos()).as("the usual writer was open when killed")
                .isNotNegative();
    }

    @Test
    void aStoreTheInterruptedRecoveryBreaksFailsTheLoopWithTheInterruptionInTheReason() throws Exception {
        Fault fault = Fault.KILL_IN_RECOVERY;
        CrashLoop.Settings settings = new CrashLoop.Settings(2, 11, Duration.ofMillis(400), work, fault);
        CrashLoop loop = new CrashLoop(Engines.byId("naive-properties"), breakingRecoveries(), settings,
                System.out::println);
        EngineCrashResult result = loop.run();
        assertThat(result.verdict()).isEqualTo(Verdict.BROKEN_PROMISE);
        assertThat(result.kind()).isEqualTo(FailureKind.UNOPENABLE);
        assertThat(result.reason()).contains("unopenable after the kill of cycle 1", "into the reopen that followed");
        assertThat(result.replay().reproduce()).endsWith("--fault kill-in-recovery");
    }

    /** Local writers; after a writer killed in recovery, the store directory becomes a file, which no engine opens. */
    private static WriterLauncher breakingRecoveries() {
        return new DamagingWriters((started, args) -> args.contains(CrashWriter.READY_AT_OPEN),
                KillInRecoveryTest::breakStore);
    }

    private static void breakStore(Path store) {
        try {
            Directories.deleteRecursively(store);
            Files.writeString(store, "left broken by an interrupted recovery\n");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
