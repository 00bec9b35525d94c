package io.kvbench.cli;

import io.kvbench.classpath.CommitBuilds;
import io.kvbench.classpath.EngineCommits;
import io.kvbench.gate.BisectReport;
import io.kvbench.input.BadInputException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code kvbench bisect --repo DIR --build COMMAND --artifact GLOB}: the commits of an engine's git repository as the
 * labels of a bisection, each built into the jar that one side runs ({@link CommitBuilds}).
 */
final class CommitOptions {

    @Option(names = "--repo", paramLabel = "DIR",
            description = "A local git repository of the engine (a work tree or a clone, never changed): --good and "
                    + "--bad are then commits of it, and the commits on the first-parent line between them are "
                    + "searched, each built with --build (default: none, released versions are searched).")
    Path repo;

    @Option(names = "--build", paramLabel = "COMMAND",
            description = "With --repo: the shell command (bash -c) that builds the engine's jar in a clean checkout "
                    + "of one commit, its output into a log file; KVBENCH_COMMIT holds the commit's hash (default: "
                    + "none; required with --repo).")
    String build;

    @Option(names = "--artifact", paramLabel = "GLOB",
            description = "With --repo: the jar the build makes, a path or glob relative to the checkout, e.g. "
                    + "target/lmdbjava-*.jar; -sources, -javadoc and -tests jars left out, exactly one must match "
                    + "(default: none; required with --repo).")
    String artifact;

    @Option(names = "--build-cache", paramLabel = "DIR",
            description = "With --repo: where built jars are kept, by commit and build command, so that each commit "
                    + "is built once (default: $XDG_CACHE_HOME/kvbench/builds, else ~/.cache/kvbench/builds).")
    Path buildCache;

    @Option(names = "--build-timeout", paramLabel = "MINUTES", defaultValue = "30",
            description = "With --repo: how long one commit's build may run; a build past it is killed and its "
                    + "commit skipped, as one that fails (default: ${DEFAULT-VALUE}).")
    int buildTimeoutMinutes;

    /** Whether commits are searched; refuses --build, --artifact or --build-cache without --repo and the reverse. */
    boolean given() {
        if (buildTimeoutMinutes < 1) {
            throw new BadInputException("--build-timeout " + buildTimeoutMinutes + ": give at least 1 minute");
        }
        boolean any = build != null || artifact != null || buildCache != null;
        if (repo == null && any) {
            throw new BadInputException("--build, --artifact and --build-cache go with --repo: give the "
                    + "engine's git repository, or leave them out to search released versions");
        }
        if (repo != null && (build == null || build.isBlank() || artifact == null || artifact.isBlank())) {
            throw new BadInputException("--repo needs --build (the command that builds a commit) and "
                    + "--artifact (the jar it makes)");
        }
        return repo != null;
    }

    /**
     * The commits from --good to --bad, both ends built before anything is measured: an end that does not build is
     * bad input, its log kept in {@code outDir}.
     */
    Commits commits(String good, String bad, Path outDir, PrintStream console) throws IOException {
        Path dir = EngineCommits.repository(repo);
        EngineCommits.Commit goodCommit = EngineCommits.commit(dir, "--good", good);
        EngineCommits.Commit badCommit = EngineCommits.commit(dir, "--bad", bad);
        List<EngineCommits.Commit> line = EngineCommits.between(dir, goodCommit, badCommit);
        Commits commits = new Commits(line, new CommitBuilds(dir, build, artifact,
                buildCache != null ? buildCache : CommitBuilds.defaultCache(), Duration.ofMinutes(buildTimeoutMinutes)),
                console);
        for (EngineCommits.Commit end : List.of(goodCommit, badCommit)) {
            String option = end == goodCommit ? "--good" : "--bad";
            CommitBuilds.Built built = commits.build(end, outDir.resolve("build-" + end.label() + ".log"));
            if (!built.ok()) {
                throw new BadInputException(option + " " + end.label() + " does not build: " + built.problem()
                        + " (its log: " + built.log() + "); bisect needs both ends built");
            }
        }
        return commits;
    }

    /** The commits searched, their builds in order, and the report's account of them. */
    final class Commits {
        private final List<EngineCommits.Commit> line;
        private final CommitBuilds builds;
        private final PrintStream console;
        private final Map<String, CommitBuilds.Built> built = new LinkedHashMap<>();
        private final Map<String, String> skipped = new LinkedHashMap<>();

        private Commits(List<EngineCommits.Commit> line, CommitBuilds builds, PrintStream console) {
            this.line = line;
            this.builds = builds;
            this.console = console;
        }

        List<String> labels() {
            return line.stream().map(EngineCommits.Commit::label).toList();
        }

        /** The jar of the commit labelled {@code label}, built (log in {@code dir}) if not yet; null if it fails. */
        Path jar(String label, Path dir) throws IOException {
            EngineCommits.Commit commit = line.stream().filter(c -> c.label().equals(label)).findFirst()
                    .orElseThrow();
            CommitBuilds.Built done = build(commit, dir.resolve("build.log"));
            if (!done.ok()) skipped.put(label, done.problem() + "; log " + done.log());
            return done.jar();
        }

        private CommitBuilds.Built build(EngineCommits.Commit commit, Path log) throws IOException {
            CommitBuilds.Built done = built.get(commit.label());
            if (done != null) return done;
            done = builds.build(commit, log);
            built.put(commit.label(), done);
            console.printf("build %s (%s): %s%n", commit.label(), commit.subject(), done.cached()
                    ? "cached, " + done.jar() : String.format(java.util.Locale.ROOT, "%s in %.1f s, log %s",
                    done.ok() ? "built" : "FAILED (" + done.problem() + ")", done.seconds(), done.log()));
            return done;
        }

        /** What the report says of the labels. */
        BisectReport.Source source() {
            return new BisectReport.Source(BisectReport.Labels.COMMITS, repo.toString(), build, artifact,
                    line.stream().map(c -> new BisectReport.Commit(c.label(), c.hash(), c.subject())).toList(),
                    skipped);
        }
    }
}
