package io.kvbench.classpath;

import io.kvbench.infra.Commands;
import io.kvbench.input.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The commits of an engine's local git repository that {@code kvbench bisect --repo} searches, read with {@code git}
 * and never changed: every command here only reads the repository.
 */
public final class EngineCommits {

    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);
    private static final String SEPARATOR = "\u001f";

    /**
     * @param hash    the full commit hash
     * @param label   its short hash, as git abbreviates it (unique in the repository)
     * @param subject the first line of its message
     */
    public record Commit(String hash, String label, String subject) {
    }

    private EngineCommits() {
    }

    /** {@code dir} if it is a git work tree or a clone; else bad input (IllegalArgumentException). */
    public static Path repository(Path dir) {
        if (!Files.isDirectory(dir)) throw new BadInputException("--repo " + dir + " is not a directory");
        Commands.Result inside = git(dir, "rev-parse", "--git-dir");
        if (!inside.ok()) throw new BadInputException("--repo " + dir + " is not a git repository");
        return dir;
    }

    /** The commit {@code rev} (a tag, a branch, a hash) names in {@code repo}; else bad input. */
    public static Commit commit(Path repo, String option, String rev) {
        Commands.Result resolved = git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options",
                rev + "^{commit}");
        if (!resolved.ok() || rev.isBlank() || rev.startsWith("-")) {
            throw new BadInputException(option + " " + rev + " is not a commit of " + repo);
        }
        List<Commit> one = log(repo, "-1", resolved.output());
        return one.get(0);
    }

    /**
     * The commits from {@code good} (first) to {@code bad} (last): {@code good}, then {@code git log --reverse
     * --first-parent --ancestry-path good..bad}. First parents only, because the search needs one line in which each
     * commit contains the one before it (a merge's side branch would put commits of another line between, whose
     * order says nothing of what each contains); the ancestry path, because only commits that descend from
     * {@code good} carry its code: where {@code good} is on a merged branch, the line starts at the merge.
     *
     * @throws IllegalArgumentException when {@code good} is {@code bad} or not its ancestor
     */
    public static List<Commit> between(Path repo, Commit good, Commit bad) {
        if (good.hash().equals(bad.hash())) {
            throw new BadInputException("--good " + good.label() + " is --bad " + bad.label()
                    + ": give an older good commit");
        }
        Commands.Result ancestor = git(repo, "merge-base", "--is-ancestor", good.hash(), bad.hash());
        if (!ancestor.ok()) {
            throw new BadInputException("--good " + good.label() + " is not an ancestor of --bad "
                    + bad.label() + ": bisect searches the line from a good commit to a later bad one");
        }
        List<Commit> commits = new ArrayList<>(List.of(good));
        commits.addAll(log(repo, "--reverse", "--first-parent", "--ancestry-path", good.hash() + ".." + bad.hash()));
        if (!commits.get(commits.size() - 1).hash().equals(bad.hash())) {
            throw new IllegalStateException("git log did not end at --bad " + bad.label());
        }
        return List.copyOf(commits);
    }

    private static List<Commit> log(Path repo, String... range) {
        List<String> args = new ArrayList<>(List.of("log", "--no-color", "--format=%H" + SEPARATOR + "%h" + SEPARATOR
                + "%s"));
        args.addAll(List.of(range));
        Commands.Result listed = git(repo, args.toArray(String[]::new));
        if (!listed.ok()) throw new IllegalStateException("git log in " + repo + " failed: " + listed.output());
        List<Commit> commits = new ArrayList<>();
        for (String line : listed.output().lines().toList()) {
            String[] parts = line.split(SEPARATOR, 3);
            if (parts.length == 3) commits.add(new Commit(parts[0], parts[1], parts[2]));
        }
        return commits;
    }

    /** {@code git -C repo args...}, its output (stdout and stderr) and exit code. */
    static Commands.Result git(Path repo, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        try {
            return Commands.run(command, GIT_TIMEOUT);
        } catch (IOException e) {
            throw new UncheckedIOException("git " + String.join(" ", args), e);
        }
    }
}
