package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A local writer leaves nothing behind once it is closed, however it died: its temporary files (engines extract their
 * native libraries there and delete them only at a normal exit; writers are killed) and its JVM error file (LMDB
 * reading a mapped page on a failing sector dies of SIGBUS) stay in its own output directory, not in /tmp or the
 * directory kvbench runs in, where one per writer piles up over a campaign of cycles.
 */
@Tag("fork")
class LocalWritersLeftoversTest {

    @Test
    void aKilledWritersTemporaryFilesGoWhenItIsClosed() throws Exception {
        Path temporary;
        try (WriterProcess child = LocalWriters.launch("leftovers-test", command(TempFileMaker.class, List.of()))) {
            assertThat(child.awaitReady(Duration.ofSeconds(30))).as("READY: " + child.stderr()).isTrue();
            temporary = Path.of(child.stdout().lines().filter(l -> l.startsWith(TempFileMaker.MADE)).findFirst()
                    .orElseThrow().substring(TempFileMaker.MADE.length()));
            assertThat(temporary).exists();
            assertThat(temporary.getParent()).as("not the system's temporary directory")
                    .isNotEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
            child.kill();
            assertThat(child.awaitExit(Duration.ofSeconds(30))).isPresent();
        }
        assertThat(temporary).as("gone with the writer's output").doesNotExist();
    }

    @Test
    void aWriterThatDiesOfAFatalErrorLeavesNoErrorFileInTheWorkingDirectory() throws Exception {
        Set<Path> before = errorFiles();
        Optional<Long> exit;
        String stdout;
        List<String> flags = List.of("-Xmx16m", "-XX:+CrashOnOutOfMemoryError");
        try (WriterProcess child = LocalWriters.launch("error-file-test", command(HeapFiller.class, flags))) {
            exit = child.awaitExit(Duration.ofMinutes(1));
            stdout = child.stdout();
        }
        Set<Path> left = errorFiles();
        left.removeAll(before);
        for (Path file : left) {
            Files.delete(file);
        }
        assertThat(exit).as("the child died").isPresent().get().isNotEqualTo(0L);
        assertThat(stdout).as("the JVM's fatal error summary").contains("A fatal error has been detected");
        assertThat(left).as("JVM error files the child left in the working directory").isEmpty();
    }

    private static List<String> command(Class<?> main, List<String> flags) {
        return JavaCommand.here().flags(flags).classPath(ClassPaths.parse(ClassPaths.current()))
                .main(main.getName(), List.of()).build();
    }

    private static Set<Path> errorFiles() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("").toAbsolutePath())) {
            return files.filter(f -> f.getFileName().toString().startsWith("hs_err_pid")).collect(Collectors.toSet());
        }
    }

    /** The child: makes a temporary file as a native library loader does, prints where, READY, then waits. */
    public static final class TempFileMaker {
        static final String MADE = "made ";

        public static void main(String[] args) throws Exception {
            File file = File.createTempFile("kvbench-leftovers", ".so");
            file.deleteOnExit();
            System.out.println(MADE + file.getAbsolutePath());
            System.out.println(WriterProtocol.line(WriterProtocol.READY));
            Thread.sleep(Duration.ofMinutes(5).toMillis());
        }
    }

    /** The child: fills its heap until the JVM gives up. */
    public static final class HeapFiller {
        public static void main(String[] args) {
            List<long[]> kept = new ArrayList<>();
            while (true) {
                kept.add(new long[1 << 16]);
            }
        }
    }
}
