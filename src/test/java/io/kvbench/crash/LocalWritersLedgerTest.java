package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A killed local writer's ledger is complete: every line the child printed before the SIGKILL reaches the harness.
 * The child here prints numbered lines as fast as it can, as the crash writer prints acknowledgements, and writes each
 * line to a side file first; after the kill the ledger must hold every line of the side file but at most the last one
 * (printed to the file, killed before stdout). Reading the child's stdout through the JDK's pipe failed this: the
 * reaper thread closes the pipe's stream under the reader at the kill, and some kills lost the last lines, which the
 * power-cut loop reported as engines keeping "operations never issued".
 */
@Tag("fork")
class LocalWritersLedgerTest {

    private static final int KILLS = 12;
    /** Lines 0 to 999 of the child's side file ("line 0\n" to "line 999\n") take 8,890 bytes. */
    private static final long GOING_BYTES = 8_890;

    @Test
    void aKilledWritersLedgerHoldsEveryLineItPrinted(@TempDir Path dir) throws Exception {
        SplittableRandom delays = new SplittableRandom(20261124);
        for (int kill = 0; kill < KILLS; kill++) {
            Path side = dir.resolve("side-" + kill + ".log");
            List<String> command = JavaCommand.here().flags(List.of("-Xmx64m", "-XX:+UseSerialGC"))
                    .classPath(ClassPaths.parse(ClassPaths.current()))
                    .main(LinePrinter.class.getName(), List.of(side.toString()))
                    .build();
            String ledger;
            try (WriterProcess child = LocalWriters.launch("ledger-test", command)) {
                assertThat(child.awaitReady(Duration.ofSeconds(30))).as("the child printed READY: " + child.stderr())
                        .isTrue();
                // a loaded machine starts the child slowly: kill once it got going, then at a random point
                await().atMost(Duration.ofSeconds(30)).until(() -> Files.size(side) > GOING_BYTES);
                Thread.sleep(delays.nextInt(250));
                child.kill();
                assertThat(child.awaitExit(Duration.ofSeconds(30))).as("the child exited after the kill").isPresent();
                ledger = child.stdout();
            }
            long printed = ledger.lines().filter(l -> l.startsWith("line ")).count();
            long written = Files.readAllLines(side).stream().filter(l -> l.startsWith("line ")).count();
            assertThat(printed)
                    .as("kill %d: lines in the ledger of the %d the child wrote to its side file first", kill, written)
                    .isBetween(written - 1, written);
        }
    }

    /**
     * The child: READY, then numbered lines on stdout (a flushed PrintStream, as CrashWriter's), each after its
     * side-file copy.
     */
    public static final class LinePrinter {
        public static void main(String[] args) throws IOException {
            PrintStream out = new PrintStream(
                    new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 12), true,
                    StandardCharsets.US_ASCII);
            out.println(WriterProtocol.line(WriterProtocol.READY));
            try (FileOutputStream side = new FileOutputStream(args[0])) {
                for (long i = 0; ; i++) {
                    String line = "line " + i;
                    side.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
                    out.println(line);
                }
            }
        }
    }
}
