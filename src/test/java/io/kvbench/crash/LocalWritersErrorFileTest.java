package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
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
import org.junit.jupiter.api.Test;

/**
 * A local writer whose JVM dies of a fatal error (LMDB reading a mapped page on a failing sector dies of SIGBUS) leaves
 * its JVM error file with its own output, not in the directory kvbench runs in: one file per dead writer there would
 * pile up over a campaign of corruption cycles. The child here makes the JVM write that file the cheapest way: an
 * OutOfMemoryError with -XX:+CrashOnOutOfMemoryError.
 */
class LocalWritersErrorFileTest {

    @Test
    void aWriterThatDiesOfAFatalErrorLeavesNoErrorFileInTheWorkingDirectory() throws Exception {
        Set<Path> before = errorFiles();
        List<String> command = JavaCommand.here().flags(List.of("-Xmx16m", "-XX:+CrashOnOutOfMemoryError"))
                .classPath(ClassPaths.parse(ClassPaths.current())).main(HeapFiller.class.getName(), List.of()).build();
        Optional<Long> exit;
        String stdout;
        try (WriterProcess child = LocalWriters.launch("error-file-test", command)) {
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

    private static Set<Path> errorFiles() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("").toAbsolutePath())) {
            return files.filter(f -> f.getFileName().toString().startsWith("hs_err_pid")).collect(Collectors.toSet());
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
