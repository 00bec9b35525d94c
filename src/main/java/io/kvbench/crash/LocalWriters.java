package io.kvbench.crash;

import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Directories;
import io.kvbench.infra.JavaCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Crash writers as child JVMs of this one (where no Docker engine is available, and for power cuts):
 * {@link Process#destroyForcibly()} is SIGKILL on Linux and macOS, so the kill is as real as in a container; only the
 * fixed resources are missing.
 *
 * <p>The writer's stdout (its ledger) goes to a file, not a pipe: when a child is killed, the JDK's reaper thread
 * closes the pipe's stream under a reader, which then fails with "Stream closed" and never sees the bytes the child
 * wrote last (LocalWritersLedgerTest kills a child printing lines and fails when they arrive through a pipe). A ledger
 * short of its last acknowledgements makes a correct engine look as if it kept writes that were never issued. A file
 * holds every byte a write(2) returned for, whatever happens to the process.
 */
final class LocalWriters implements WriterLauncher {

    static final String NAME = "local";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public WriterProcess start(String name, List<String> writerArgs, Path dir) {
        return launch(name, JavaCommand.here().flags(WRITER_JVM_OPTIONS)
                .classPath(ClassPaths.parse(ClassPaths.current()))
                .main(CrashWriter.class.getName(), writerArgs).build());
    }

    /**
     * Starts {@code command} (a java command line) as a writer process: stdout and stderr to files in a temporary
     * directory, which is also its java.io.tmpdir and where its JVM error file goes. An engine's native library is
     * extracted to java.io.tmpdir by every JVM that loads it and deleted at a normal exit only: writers are killed, so
     * each would leave its copy in /tmp, and a crash campaign of thousands of writers would fill the disk. A writer
     * that dies in native code (an engine reading a mapped page whose sector fails: SIGBUS) leaves its error file there
     * too, not in the directory kvbench was started from; its summary reaches stdout. All of it goes with the
     * directory when the writer is closed.
     */
    static WriterProcess launch(String name, List<String> command) {
        Path output = null;
        try {
            output = Files.createTempDirectory(name + "-");
            Path stdout = output.resolve("stdout.log");
            Path stderr = output.resolve("stderr.log");
            List<String> java = new ArrayList<>(command);
            java.addAll(1, List.of("-Djava.io.tmpdir=" + output,
                    "-XX:ErrorFile=" + output.resolve("hs_err_pid%p.log")));
            Process process = new ProcessBuilder(java).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
                    .start();
            return new Child(process, output, stdout, stderr);
        } catch (IOException e) {
            deleteQuietly(output);
            throw new UncheckedIOException("cannot start a crash writer: " + String.join(" ", command), e);
        }
    }

    private static void deleteQuietly(Path output) {
        if (output == null) return;
        try {
            Directories.deleteRecursively(output);
        } catch (IOException e) {
            // a temporary directory; the system cleans it eventually
        }
    }

    private static final class Child implements WriterProcess {
        private static final long POLL_MILLIS = 2;

        private final Process process;
        private final Path output;
        private final Path stdout;
        private final Path stderr;
        private final ReadySignal signal = new ReadySignal();
        private final Thread watcher;

        Child(Process process, Path output, Path stdout, Path stderr) {
            this.process = process;
            this.output = output;
            this.stdout = stdout;
            this.stderr = stderr;
            this.watcher = new Thread(this::watch, "kvbench-crash-writer-stdout");
            watcher.setDaemon(true);
            watcher.start();
        }

        /** Follows the stdout file for READY or a failure line until the process has ended and the file is read. */
        private void watch() {
            try (FileChannel in = FileChannel.open(stdout)) {
                ByteBuffer buffer = ByteBuffer.allocate(8192);
                while (true) {
                    boolean alive = process.isAlive(); // read after checking: what a dead process wrote is all there
                    buffer.clear();
                    int n = in.read(buffer);
                    if (n > 0) {
                        signal.accept(new String(buffer.array(), 0, n, StandardCharsets.UTF_8));
                    } else if (!alive) {
                        break;
                    } else {
                        Thread.sleep(POLL_MILLIS);
                    }
                }
            } catch (IOException e) {
                // cannot follow: the ledger is read from the file once the process has exited
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                signal.ended();
            }
        }

        @Override
        public boolean awaitReady(Duration timeout) throws InterruptedException {
            return signal.await(timeout.toMillis());
        }

        @Override
        public void kill() {
            process.destroyForcibly();
        }

        @Override
        public Optional<Long> awaitExit(Duration timeout) throws InterruptedException {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) return Optional.empty();
            return Optional.of((long) process.exitValue());
        }

        @Override
        public String stdout() {
            return read(stdout);
        }

        @Override
        public String stderr() {
            return read(stderr);
        }

        private static String read(Path file) {
            try {
                // bytes, then decoded leniently: a kill can cut stderr inside a multi-byte character
                return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the crash writer's output " + file, e);
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
                watcher.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            deleteQuietly(output);
        }
    }
}
