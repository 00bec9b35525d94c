package io.kvbench.classpath;

import io.kvbench.infra.Commands;
import io.kvbench.infra.Directories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The engine jar of one commit, built by the user's command in a clean checkout of that commit and cached. The
 * checkout is a detached {@code git worktree} in a temporary directory of kvbench's, removed after the build (the
 * user's work tree, index and branches are not touched; git keeps the worktree's entry only while it exists). The
 * build runs as {@code bash -c COMMAND} there, its output (stdout and stderr) into a log file; then exactly one file
 * must match the artifact's glob, jars of sources, javadoc and tests left out. The jar is copied into the cache under
 * the commit's full hash and a hash of the command and glob, atomically (a directory renamed into place), so a commit
 * is built once per recipe, across runs. A failed build is not cached: it may be the machine's (a full disk). A
 * build that runs past {@code timeout} is killed (its process tree) and counts as failed, so that a hung build skips
 * its commit instead of stopping the search.
 *
 * @param repo     the engine's repository
 * @param command  the build command
 * @param artifact the jar's path relative to the checkout, a glob ({@code target/lmdbjava-*.jar})
 * @param cache    where built jars are kept ({@link #defaultCache()})
 * @param timeout  how long one build may run
 */
public record CommitBuilds(Path repo, String command, String artifact, Path cache, Duration timeout) {

    private static final List<String> NOT_THE_JAR = List.of("-sources.jar", "-javadoc.jar", "-tests.jar");

    /**
     * One commit's build.
     *
     * @param jar     the built jar in the cache; null when the build failed
     * @param problem why there is no jar ("the build exited with 1", "no file matches ..."); null when built
     * @param log     the build's log; for a cached jar, the log kept with it
     * @param seconds how long the build took (0 when cached)
     */
    public record Built(EngineCommits.Commit commit, Path jar, String problem, Path log, double seconds,
                        boolean cached) {
        public boolean ok() {
            return jar != null;
        }
    }

    /** $XDG_CACHE_HOME/kvbench/builds, else ~/.cache/kvbench/builds: beside the class path's copies. */
    public static Path defaultCache() {
        return SwappedClassPath.cacheDir().resolveSibling("builds");
    }

    /** The cache's directory of {@code commit} with this command and glob. */
    Path entry(EngineCommits.Commit commit) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((command + "\n" + artifact).getBytes(StandardCharsets.UTF_8));
            return cache.resolve(commit.hash() + "-" + HexFormat.of().formatHex(digest, 0, 8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The cached jar of {@code commit}, else its build, its output written to {@code log}. */
    public Built build(EngineCommits.Commit commit, Path log) throws IOException {
        Path entry = entry(commit);
        Path cached = cachedJar(entry);
        if (cached != null) return new Built(commit, cached, null, entry.resolve("build.log"), 0, true);
        Files.createDirectories(log.toAbsolutePath().getParent());
        Path scratch = Files.createTempDirectory("kvbench-build-");
        Path checkout = scratch.resolve("src");
        long started = System.nanoTime();
        try {
            Commands.Result added = EngineCommits.git(repo, "-c", "core.hooksPath=/dev/null", "worktree", "add",
                    "--detach", checkout.toString(), commit.hash());
            if (!added.ok()) throw new IOException("git worktree add of " + commit.label() + " failed: "
                    + added.output());
            Integer exit = run(checkout, commit, log);
            double seconds = (System.nanoTime() - started) / 1e9;
            if (exit == null) {
                return new Built(commit, null, "the build ran past " + (timeout.toSecondsPart() == 0
                        ? timeout.toMinutes() + " min" : timeout.toSeconds() + " s") + " and was killed",
                        log, seconds, false);
            }
            if (exit != 0) return new Built(commit, null, "the build exited with " + exit, log, seconds, false);
            List<Path> matches = matches(checkout);
            if (matches.size() != 1) {
                String problem = matches.isEmpty() ? "no file matches --artifact " + artifact
                        : matches.size() + " files match --artifact " + artifact + ": "
                        + String.join(", ", matches.stream().map(m -> checkout.relativize(m).toString()).toList());
                return new Built(commit, null, problem, log, seconds, false);
            }
            Path jar = store(entry, matches.get(0), log);
            return new Built(commit, jar, null, log, seconds, false);
        } finally {
            EngineCommits.git(repo, "worktree", "remove", "--force", checkout.toString());
            Directories.deleteRecursively(scratch);
            EngineCommits.git(repo, "worktree", "prune");
        }
    }

    /** The build's exit status; null when it ran past the timeout and was killed. */
    private Integer run(Path checkout, EngineCommits.Commit commit, Path log) throws IOException {
        Files.writeString(log, "# kvbench: bash -c '" + command + "' in a checkout of " + commit.hash() + " ("
                + commit.subject() + ")\n", StandardCharsets.UTF_8);
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(checkout.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().put("KVBENCH_COMMIT", commit.hash());
        Process process = builder.start();
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) return process.exitValue();
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
            return null;
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while building " + commit.label(), e);
        }
    }

    /** The files of the checkout whose path matches the glob, jars of sources, javadoc and tests left out. */
    private List<Path> matches(Path checkout) throws IOException {
        PathMatcher matcher = checkout.getFileSystem().getPathMatcher("glob:" + artifact);
        try (Stream<Path> files = Files.walk(checkout)) {
            return files.filter(Files::isRegularFile).filter(f -> matcher.matches(checkout.relativize(f)))
                    .filter(f -> NOT_THE_JAR.stream().noneMatch(f.getFileName().toString()::endsWith))
                    .sorted().toList();
        }
    }

    /** Copies the jar and its log into a new directory, then renames it into place; a racing run's copy wins. */
    private static Path store(Path entry, Path jar, Path log) throws IOException {
        Files.createDirectories(entry.getParent());
        Path staging = Files.createTempDirectory(entry.getParent(), ".staging-");
        try {
            Files.copy(jar, staging.resolve(jar.getFileName()));
            Files.copy(log, staging.resolve("build.log"));
            try {
                Files.move(staging, entry, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileSystemException e) {
                // Another run put the same commit's jar in place first (ENOTEMPTY is a plain FileSystemException).
                if (cachedJar(entry) == null) throw e;
            }
        } finally {
            Directories.deleteRecursively(staging);
        }
        return entry.resolve(jar.getFileName());
    }

    /** The one jar of a cache entry (its one file beside the log); null when there is none. */
    private static Path cachedJar(Path entry) throws IOException {
        if (!Files.isDirectory(entry)) return null;
        try (Stream<Path> files = Files.list(entry)) {
            List<Path> jars = files.filter(f -> !f.getFileName().toString().equals("build.log")).toList();
            return jars.size() == 1 ? jars.get(0) : null;
        }
    }
}
