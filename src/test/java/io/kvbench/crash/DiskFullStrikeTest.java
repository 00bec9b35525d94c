package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.crash.fuse.PowerCutFs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk-full fault strikes where an engine learns of it: at a write refused with ENOSPC, or at a statfs that tells
 * the disk is full. Berkeley DB JE refuses writes once statfs shows less free space than je.freeDisk
 * (DiskLimitException) before anything reaches ENOSPC; the writer's error is then the engine reporting the fault, not
 * an engine failure.
 */
@Tag("fuse")
class DiskFullStrikeTest {

    @TempDir
    Path work;

    @Test
    void aStatfsThatToldOfTheFullDiskIsTheFaultStrikingTheWriter() throws Exception {
        var missing = PowerCutFs.unavailableReason();
        assumeTrue(missing.isEmpty(), () -> "needs FUSE: " + missing.orElse(""));
        try (CrashStorage storage = CrashStorage.of(Fault.DISK_FULL, Files.createDirectories(work.resolve("d")), 7)) {
            storage.writesStarted(1);
            CrashStorage.CycleFault quiet = storage.endCycle(1, false);
            assertThat(quiet.hitWriter()).as("armed, nothing written, no statfs").isFalse();

            storage.writesStarted(2);
            Files.getFileStore(storage.writerRoot()).getUsableSpace();
            CrashStorage.CycleFault told = storage.endCycle(2, false);
            assertThat(told.hitWriter()).as("a statfs while armed").isTrue();
            assertThat(told.injected()).isTrue();
            assertThat(told.note()).contains("statfs calls told so");

            Files.getFileStore(storage.writerRoot()).getUsableSpace();
            assertThat(storage.endCycle(3, false).hitWriter()).as("a statfs with nothing armed").isFalse();
        }
    }
}
