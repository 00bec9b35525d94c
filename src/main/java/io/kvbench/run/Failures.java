package io.kvbench.run;

import io.kvbench.infra.KvbenchContainer;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Why a benchmark gave no usable result, as a kind decided here and a reason for people. A full disk has no signal of
 * its own: the OS says so only in the text of the error the engine or the JVM passes on ({@value #ENOSPC}), so that
 * text is read here, once, and turned into {@link FailureKind#INFRASTRUCTURE}; nothing downstream reads reasons.
 * Infrastructure reasons start with {@value Failure#INFRASTRUCTURE_PREFIX} for the people reading them.
 */
final class Failures {

    /** strerror(ENOSPC), as the JVM and native engines put it into their exceptions and the log. */
    static final String ENOSPC = "No space left on device";

    private Failures() {
    }

    /** A failure whose only description is the engine's or the OS's own error text: the engine's, or a full disk. */
    static Failure ofEngineError(String errorText) {
        return diskFull(errorText) ? Failure.infrastructure("disk full (" + errorText + ")")
                : new Failure(FailureKind.ENGINE_FAILURE, errorText);
    }

    /**
     * @param exit        how the container ended
     * @param inner       the results.json it wrote, or null
     * @param innerLogs   its jmh.log (the forked benchmark JVMs' output), or ""
     * @param memoryLimit the container's memory limit, as people read it
     * @param timeout     how long it was allowed to run
     * @return the failure, or null when the inner results stand
     */
    static Failure ofContainer(KvbenchContainer.Exit exit, RunResults inner, String innerLogs, String memoryLimit,
                               Duration timeout) {
        if (exit.oomKilled()) {
            return Failure.infrastructure("OOM kill: a process of the container exceeded its " + memoryLimit
                    + " memory limit (exit code " + exit.exitCode() + ")");
        }
        if (diskFull(exit.logs()) || diskFull(innerLogs)) return Failure.infrastructure("disk full (" + ENOSPC + ")");
        BenchmarkResult machineFailed = inner == null ? null : inner.results().stream()
                .filter(r -> r.kind() == FailureKind.INFRASTRUCTURE).findFirst().orElse(null);
        if (machineFailed != null) return new Failure(FailureKind.INFRASTRUCTURE, machineFailed.reason());
        if (exit.timedOut()) {
            return new Failure(FailureKind.TIMEOUT, "did not finish within " + Progress.format(timeout)
                    + " and was killed");
        }
        if (inner == null || inner.results().isEmpty()) {
            return new Failure(FailureKind.ENGINE_FAILURE, "the container exited with code " + exit.exitCode()
                    + " without results" + lastLine(exit.logs()));
        }
        return null;
    }

    /** A host-side I/O failure (creating the directories, the mounts). */
    static Failure ofIo(IOException e) {
        String message = String.valueOf(e.getMessage());
        return Failure.infrastructure(diskFull(message) ? "disk full (" + message + ")"
                : "I/O error preparing the container: " + message);
    }

    static String readQuietly(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static boolean diskFull(String osOutput) {
        return osOutput.contains(ENOSPC);
    }

    private static String lastLine(String logs) {
        return logs.lines().filter(line -> !line.isBlank()).reduce((a, b) -> b).map(line -> ": " + line.trim())
                .orElse("");
    }
}
