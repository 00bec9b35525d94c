package io.kvbench.classpath;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real git repository made for a test, with real {@code git}: each commit writes {@code build.sh}, the script the
 * build command ({@link #BUILD}) runs, so that a test decides what each commit's build does.
 */
public final class EngineRepo {

    /** The build command of every commit: its own script. */
    public static final String BUILD = "bash build.sh";

    private final Path dir;

    private EngineRepo(Path dir) {
        this.dir = dir;
    }

    public static EngineRepo init(Path dir) throws IOException {
        Files.createDirectories(dir);
        EngineRepo repo = new EngineRepo(dir);
        repo.git("init", "-q", "-b", "main");
        return repo;
    }

    public Path dir() {
        return dir;
    }

    /** Commits {@code build.sh} with {@code script}, under {@code subject}; returns the commit's full hash. */
    public String commit(String subject, String script) throws IOException {
        Files.writeString(dir.resolve("build.sh"), "set -e\n" + script + "\n", StandardCharsets.UTF_8);
        git("add", "build.sh");
        git("commit", "-q", "--allow-empty", "-m", subject);
        return git("rev-parse", "HEAD");
    }

    /** A build script that copies {@code jar} to {@code target/NAME} and appends the commit's hash to a counter. */
    public static String copying(Path jar, String name, Path counter) {
        return "mkdir -p target\ncp '" + jar + "' target/" + name + "\necho \"$KVBENCH_COMMIT\" >> '" + counter + "'";
    }

    /** Runs git in the repository and returns its output, stripped; a failure fails the test. */
    public String git(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=kvbench", "-c",
                "user.email=kvbench@example.invalid", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + output);
            }
            return output.strip();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
