package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.fuse.PowerCut;
import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Directories;
import io.kvbench.infra.JavaCommand;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.BitSet;
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

    /** What the known-issue children print for each key they find. */
    static final String KEY = "key ";

    /**
     * On a fresh power-cut mount under target/reorder-ENGINE: runs {@code child} {@code write ENGINE STORE}, which must
     * print {@code written}; cuts the power keeping a reordered subset of the unsynced writes (the cut of
     * {@code seed}); runs {@code child} {@code count ENGINE STORE}; and returns the keys it printed ({@value #KEY}N
     * lines).
     */
    static BitSet keysAfterAReorderingCut(Class<?> child, String engine, long seed, String written) throws Exception {
        Path dir = Path.of("target", "reorder-" + engine).toAbsolutePath();
        PowerCutFs.clearStaleMount(dir.resolve("mnt"));
        Directories.deleteRecursively(dir);
        BitSet present = new BitSet();
        try (PowerCutFs fs = PowerCutFs.mount(dir.resolve("backing"), dir.resolve("mnt"))) {
            Path store = durableStoreDir(fs);
            assertThat(run(child, List.of("write", engine, store.toString()))).contains(written);
            PowerCut.Result cut = fs.powerCut(PowerCut.Variant.REORDER, seed);
            assertThat(cut.data().reorderedFiles()).as("the cut reordered the log").isPositive();
            for (String line : run(child, List.of("count", engine, store.toString())).strip().split("\n")) {
                if (line.startsWith(KEY)) present.set(Integer.parseInt(line.substring(KEY.length())));
            }
        }
        Directories.deleteRecursively(dir);
        return present;
    }

    /** The crash loop's {@code loopFailure} is {@code issue} under the reordering cut, and new under a power cut. */
    static void knownUnderReorderOnly(String engine, String issue, String loopFailure) {
        assertThat(Verdicts.find(engine, Fault.REORDER, new Failure(FailureKind.DATA_LOSS, loopFailure)))
                .map(KnownIssues.KnownIssue::reference).contains(issue);
        assertThat(Verdicts.find(engine, Fault.POWER_CUT, new Failure(FailureKind.DATA_LOSS, loopFailure)))
                .as("the power cut keeps prefixes: there it would be new").isEmpty();
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
