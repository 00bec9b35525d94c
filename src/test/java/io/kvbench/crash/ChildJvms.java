package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the known-issue pins of the power-cut file system share: a store directory made durable on the mount as
 * CrashWriter makes it, and child JVMs run as crash writers are (a JVM must not map files of a FUSE mount it serves).
 */
final class ChildJvms {

    private ChildJvms() {
    }

    /** The mount's store directory, created and its name made durable (an fsync of the mount's root). */
    static Path durableStoreDir(PowerCutFs fs) throws IOException {
        Path store = fs.mountPoint().resolve(CrashWriter.STORE_DIR);
        Files.createDirectories(store);
        try (FileChannel root = FileChannel.open(fs.mountPoint(), StandardOpenOption.READ)) {
            root.force(true);
        }
        return store;
    }

    /** Runs {@code main} with the writers' JVM options and this class path; its stdout, once it exited with 0. */
    static String run(Class<?> main, List<String> args) throws InterruptedException {
        List<String> command = JavaCommand.here().flags(WriterLauncher.WRITER_JVM_OPTIONS)
                .classPath(ClassPaths.parse(ClassPaths.current())).main(main.getName(), args).build();
        try (WriterProcess child = LocalWriters.launch(main.getSimpleName(), command)) {
            Optional<Long> exit = child.awaitExit(Duration.ofMinutes(2));
            assertThat(exit).as(main.getSimpleName() + " ended within 2 minutes: " + child.stderr()).isPresent();
            return child.stdout();
        }
    }
}
