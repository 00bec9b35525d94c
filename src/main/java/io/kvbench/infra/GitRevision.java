package io.kvbench.infra;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.Manifest;

/** The kvbench commit a run measured, so that a number can be traced to the code that produced it. */
public final class GitRevision {

    /** Set by a caller that knows better (e.g. the host, for a run inside a container without git). */
    public static final String PROPERTY = "kvbench.gitRevision";

    private GitRevision() {
    }

    /** The manifest entries pom.xml writes into kvbench.jar at build time (git-commit-id-maven-plugin). */
    public static final String MANIFEST_REVISION = "Kvbench-Git-Revision";
    public static final String MANIFEST_DIRTY = "Kvbench-Git-Dirty";

    /**
     * The commit this kvbench was built from, with "-dirty" when its work tree had uncommitted changes: what the
     * property says, else what the jar's manifest recorded at build time (the code that runs, wherever the jar is run
     * from), else the HEAD of the git checkout in the working directory (run from classes); "unknown" when none knows.
     */
    public static String current() {
        String given = System.getProperty(PROPERTY);
        if (given != null && !given.isBlank()) return given;
        String built = fromManifest();
        if (built != null) return built;
        String head = git("rev-parse", "HEAD");
        if (head == null || head.isBlank()) return "unknown";
        String status = git("status", "--porcelain", "--untracked-files=no");
        return head.trim() + (status != null && !status.isBlank() ? "-dirty" : "");
    }

    /** The revision in the manifest of the jar that holds this class; null when run from classes or not recorded. */
    static String fromManifest() {
        URL self = GitRevision.class.getResource(GitRevision.class.getSimpleName() + ".class");
        if (self == null || !"jar".equals(self.getProtocol())) return null;
        try {
            JarURLConnection jar = (JarURLConnection) self.openConnection();
            jar.setUseCaches(false);
            Manifest manifest = jar.getManifest();
            Attributes main = manifest == null ? null : manifest.getMainAttributes();
            String revision = main == null ? null : main.getValue(MANIFEST_REVISION);
            // Unresolved when the jar was built outside a checkout: the plugin then leaves the property as written.
            if (revision == null || revision.isBlank() || revision.startsWith("${")) return null;
            return revision + ("true".equals(main.getValue(MANIFEST_DIRTY)) ? "-dirty" : "");
        } catch (IOException e) {
            return null;
        }
    }

    private static String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Commands.Result result = Commands.run(command, Duration.ofSeconds(10));
            return result.ok() ? result.output() : null;
        } catch (IOException e) {
            return null; // not a checkout, no git: the revision is then "unknown"
        }
    }
}
