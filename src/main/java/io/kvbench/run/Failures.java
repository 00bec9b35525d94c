package io.kvbench.run;

import io.kvbench.infra.KvbenchContainer;
import io.kvbench.infra.InfrastructureException;

import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Why a benchmark container gave no usable result. Infrastructure failures (OOM kill, full disk) carry the
 * "infrastructure:" prefix so that comparisons report them as errors of the machine, never as a regression.
 */
final class Failures {

    static final String ENOSPC = "No space left on device";

    private Failures() {
    }

    /**
     * @param outcome   how the container ended
     * @param inner     the results.json it wrote, or null
     * @param innerLogs its jmh.log (the forked benchmark JVMs' output), or ""
     * @return the failure reason, or null when the inner results stand
     */
    static String classify(KvbenchContainer.Outcome outcome, RunResults inner, String innerLogs, String memoryLimit, Duration timeout) {
        if (outcome.oomKilled()) {
            return InfrastructureException.PREFIX + "OOM kill: a process of the container exceeded its " + memoryLimit
                    + " memory limit (exit code " + outcome.exitCode() + ")";
        }
        boolean fullDisk = outcome.logs().contains(ENOSPC) || innerLogs.contains(ENOSPC)
                || inner != null && inner.results().stream().anyMatch(r -> r.reason().contains(ENOSPC));
        if (fullDisk) return InfrastructureException.PREFIX + "disk full (" + ENOSPC + ")";
        if (outcome.timedOut()) return "did not finish within " + Progress.format(timeout) + " and was killed";
        if (inner == null || inner.results().isEmpty()) {
            return "the container exited with code " + outcome.exitCode() + " without results" + lastLine(outcome.logs());
        }
        return null;
    }

    /** A host-side I/O failure (creating the directories, the mounts) as a reason. */
    static String ofIo(IOException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains(ENOSPC) ? InfrastructureException.PREFIX + "disk full (" + message + ")"
                : "I/O error preparing the container: " + message;
    }

    static String readQuietly(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String lastLine(String logs) {
        return logs.lines().filter(line -> !line.isBlank()).reduce((a, b) -> b).map(line -> ": " + line.trim()).orElse("");
    }
}
