package io.kvbench.crash.fuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.infra.Commands;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The disk-full fault: from the chosen byte on, every growth of a file (write, ftruncate, fallocate) fails with ENOSPC,
 * writes within a file's length still work, and once the space is given back growth works again. Each check runs with
 * the fault armed and without it, and must come out differently.
 */
class DiskFullTest extends FuseTest {

    private static final int K = 1024;

    /** 8 KiB of room: a 4 KiB append fits, a second 8 KiB append does not. Returns the error of the second, or null. */
    private IOException appendPastTheLimit(PowerCutFs fs, boolean armed) throws IOException {
        Path f = fs.mountPoint().resolve("log");
        Files.write(f, new byte[0]);
        if (armed) fs.faults().fillDiskAfter(8 * K);
        FsOps.pwrite(f, 0, new byte[4 * K]);
        try {
            FsOps.pwrite(f, 4 * K, new byte[8 * K]);
            return null;
        } catch (IOException e) {
            return e;
        }
    }

    @Test
    void growthPastTheChosenByteFailsWithEnospcUntilTheSpaceComesBack() throws IOException {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            assertThat(appendPastTheLimit(fs, true)).as("armed").isNotNull()
                    .hasMessageContaining("No space left on device");
            Path f = fs.mountPoint().resolve("log");
            assertThat(Files.size(f)).isEqualTo(4 * K);
            FsOps.pwrite(f, 0, new byte[4 * K]); // an overwrite needs no space
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                assertThatThrownBy(() -> raf.setLength(64 * K)).as("ftruncate growth").isInstanceOf(IOException.class);
                raf.setLength(K); // shrinking gives space back
            }
            assertThat(Files.getFileStore(f).getUsableSpace()).as("statfs tells the room left")
                    .isLessThanOrEqualTo(8 * K);
            Faults.Counts armed = fs.faults().take();
            assertThat(armed.noSpace()).isEqualTo(2);
            assertThat(armed.fullReports()).as("statfs calls that told of the full disk").isPositive();
            fs.faults().clear();
            FsOps.pwrite(f, K, new byte[64 * K]);
            assertThat(Files.size(f)).isEqualTo(65 * K);
        }
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b2"), tmp.resolve("m2"))) {
            assertThat(appendPastTheLimit(fs, false)).as("without the fault").isNull();
            assertThat(Files.getFileStore(fs.mountPoint()).getUsableSpace()).isGreaterThan(64 * K);
            Faults.Counts unarmed = fs.faults().take();
            assertThat(unarmed.noSpace()).isZero();
            assertThat(unarmed.fullReports()).as("statfs with no fault armed").isZero();
        }
    }

    /** fallocate(1) (util-linux) through the mount: growth and KEEP_SIZE reservations are refused when full. */
    @Test
    void fallocateIsRefusedWhenFull() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/fallocate")), "no /usr/bin/fallocate (util-linux)");
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Path f = fs.mountPoint().resolve("pre");
            Files.write(f, new byte[0]);
            assertThat(fallocate(List.of("-l", "64KiB", f.toString()))).isZero();
            assertThat(Files.size(f)).isEqualTo(64 * K);
            fs.faults().fillDiskAfter(16 * K);
            assertThat(fallocate(List.of("-l", "1MiB", f.toString()))).as("growth").isNotZero();
            assertThat(fallocate(List.of("-n", "-l", "1MiB", f.toString()))).as("KEEP_SIZE").isNotZero();
            assertThat(Files.size(f)).isEqualTo(64 * K);
            fs.faults().clear();
            assertThat(fallocate(List.of("-l", "1MiB", f.toString()))).isZero();
            assertThat(Files.size(f)).isEqualTo(1024 * K);
        }
    }

    private static int fallocate(List<String> args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/fallocate"));
        command.addAll(args);
        return Commands.run(command, Duration.ofSeconds(30)).exit();
    }
}
