package io.kvbench.crash;

import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Crash writers as child JVMs of this one (where no Docker engine is available): {@link Process#destroyForcibly()} is
 * SIGKILL on Linux and macOS, so the kill is as real as in a container; only the fixed resources are missing.
 */
final class LocalWriters implements WriterLauncher {

    @Override
    public String name() {
        return "local";
    }

    @Override
    public WriterProcess start(String name, List<String> writerArgs, Path dir) {
        List<String> command = JavaCommand.here().flags(WRITER_JVM_OPTIONS).classPath(ClassPaths.parse(ClassPaths.current()))
                .main(CrashWriter.class.getName(), writerArgs).build();
        try {
            return new Child(new ProcessBuilder(command).start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a crash writer: " + String.join(" ", command), e);
        }
    }

    private static final class Child implements WriterProcess {
        private final Process process;
        private final ReadySignal signal = new ReadySignal();
        private final StringBuilder stdout = new StringBuilder();
        private final StringBuilder stderr = new StringBuilder();
        private final Thread outReader;
        private final Thread errReader;

        Child(Process process) {
            this.process = process;
            this.outReader = drain(process.getInputStream(), stdout, true);
            this.errReader = drain(process.getErrorStream(), stderr, false);
        }

        private Thread drain(InputStream in, StringBuilder into, boolean watch) {
            Thread thread = new Thread(() -> {
                byte[] buffer = new byte[8192];
                try (in) {
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        String chunk = new String(buffer, 0, n, StandardCharsets.UTF_8);
                        synchronized (into) {
                            into.append(chunk);
                        }
                        if (watch) signal.accept(chunk);
                    }
                } catch (IOException e) {
                    // the process is gone; what was read stays
                } finally {
                    if (watch) signal.ended();
                }
            }, "kvbench-crash-writer-" + (watch ? "stdout" : "stderr"));
            thread.setDaemon(true);
            thread.start();
            return thread;
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
            outReader.join(10_000); // the pipe's last bytes
            errReader.join(10_000);
            if (outReader.isAlive()) {
                // Some other process still holds the write end of the ledger pipe (a fork of this JVM that inherited it):
                // what was read may lack the last acknowledgements, and a check against it would blame the engine.
                throw new io.kvbench.infra.InfrastructureException("the writer exited but its ledger did not end within 10 s;"
                        + " the ledger may be incomplete");
            }
            return Optional.of((long) process.exitValue());
        }

        @Override
        public String stdout() {
            synchronized (stdout) {
                return stdout.toString();
            }
        }

        @Override
        public String stderr() {
            synchronized (stderr) {
                return stderr.toString();
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }
}
