package io.kvbench.infra;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Short external commands kvbench waits for (mount, umount, taskset, sync, git): run to completion within a time
 * bound, their output (stdout and stderr together) kept for the caller's message. The output goes to a temporary file,
 * not a pipe, so that neither a command that prints more than a pipe holds nor one that hangs with its output open can
 * block the caller past the bound.
 */
public final class Commands {

    /** What a command printed, stripped, and its exit code. */
    public record Result(int exit, String output) {

        public boolean ok() {
            return exit == 0;
        }
    }

    private Commands() {
    }

    /**
     * Runs {@code command} and waits up to {@code timeout} for it to exit.
     *
     * @throws IOException when it cannot start, does not exit in time (it is then killed), or the wait is interrupted
     *                     (the interrupt flag is set again)
     */
    public static Result run(List<String> command, Duration timeout) throws IOException {
        String shown = String.join(" ", command);
        Path output = Files.createTempFile("kvbench-command-", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    throw new IOException(shown + " did not finish in " + (timeout.toMillis() % 1000 == 0
                            ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms"));
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while running " + shown, e);
            }
            return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8).strip());
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /**
     * Runs {@code command} like {@link #run} and returns its output.
     *
     * @throws IOException also when it exits with a code other than 0: "{@code <command>} failed (exit N): output"
     */
    public static String output(List<String> command, Duration timeout) throws IOException {
        Result result = run(command, timeout);
        if (!result.ok()) {
            throw new IOException(String.join(" ", command) + " failed (exit " + result.exit() + "): "
                    + result.output());
        }
        return result.output();
    }

    /** The executable {@code program} in a directory of this process's PATH, the first one found. */
    public static Optional<Path> onPath(String program) {
        return onPath(program, System.getenv().getOrDefault("PATH", ""));
    }

    /** The executable {@code program} in a directory of {@code path} (a PATH value), the first one found. */
    public static Optional<Path> onPath(String program, String path) {
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) return Optional.of(candidate);
        }
        return Optional.empty();
    }
}
