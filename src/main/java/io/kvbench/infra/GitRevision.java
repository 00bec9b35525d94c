package io.kvbench.infra;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** The kvbench commit a run measured, so that a number can be traced to the code that produced it. */
public final class GitRevision {

    /** Set by a caller that knows better (e.g. the host, for a run inside a container without git). */
    public static final String PROPERTY = "kvbench.gitRevision";

    private GitRevision() {
    }

    /** The HEAD commit, with "-dirty" when the work tree has uncommitted changes; "unknown" outside a checkout. */
    public static String current() {
        String given = System.getProperty(PROPERTY);
        if (given != null && !given.isBlank()) return given;
        String head = git("rev-parse", "HEAD");
        if (head == null || head.isBlank()) return "unknown";
        String status = git("status", "--porcelain", "--untracked-files=no");
        return head.trim() + (status != null && !status.isBlank() ? "-dirty" : "");
    }

    private static String git(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) return null;
            return out;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
