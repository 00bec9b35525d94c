package io.kvbench.crash.fuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A held write waits in the file system until released and is then refused with EIO, not done: only the chosen one
 * (the nth write of that file over that byte), while every other write goes through.
 */
class HeldWriteTest extends FuseTest {

    @Test
    void theChosenWriteWaitsThenFailsUndoneAndTheOthersGoThrough() throws Exception {
        try (PowerCutFs fs = PowerCutFs.mount(tmp.resolve("b"), tmp.resolve("m"))) {
            Path f = fs.mountPoint().resolve("log");
            Path other = fs.mountPoint().resolve("other");
            Files.write(f, new byte[8]);
            Files.write(other, new byte[8]);
            Faults.HeldWrite held = fs.faults().holdWrite("log", 3, 2);
            FsOps.pwrite(f, 3, new byte[] {1}); // the first write over byte 3
            FsOps.pwrite(f, 4, new byte[] {2}); // not over byte 3
            FsOps.pwrite(other, 3, new byte[] {3}); // another file
            CompletableFuture<IOException> second = CompletableFuture.supplyAsync(() -> {
                try {
                    FsOps.pwrite(f, 0, new byte[] {9, 9, 9, 9});
                    return null;
                } catch (IOException e) {
                    return e;
                }
            });
            assertThat(held.awaitHeld(Duration.ofSeconds(30))).as("the second write over byte 3 is held").isTrue();
            assertThat(second).as("still waiting").isNotDone();
            held.release();
            assertThat(second.get()).as("refused").isNotNull().hasMessageContaining("Input/output error");
            assertThat(Files.readAllBytes(f)).as("not done").containsExactly(0, 0, 0, 1, 2, 0, 0, 0);
            FsOps.pwrite(f, 0, new byte[] {7});
            assertThat(Files.readAllBytes(f)[0]).as("one write only").isEqualTo((byte) 7);
        }
    }
}
