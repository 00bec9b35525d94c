package io.kvbench.workflows;

import io.kvbench.infra.Directories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The harness's publisher of prebuilt kvbench jars, where the repository variable {@code KVBENCH_PREBUILT_JAR}
 * points ({@code file://<scratch HOME>/prebuilt/{commit}.jar}), as a pipeline that builds each commit once would
 * publish them. It holds one jar: that of the first commit of every scenario repository ("kvbench under test", the
 * same commit id in each, as {@link ActHarness#git} dates every commit alike), built once per test run with the
 * README's build command (without the style check, as in the jobs) in a clone of it. A run given {@link #variable}
 * takes that jar wherever a job would build that commit (scripts/prebuilt-jar.sh), and builds every other commit.
 */
final class PrebuiltJar {

    /** The README's build command, without the style check, as the jobs' builds (ActHarness's MAVEN_OPTS). */
    private static final String BUILD = "mvn -B -q package -DskipTests -Dcheckstyle.skip=true";

    private PrebuiltJar() {
    }

    /** act's option setting {@code KVBENCH_PREBUILT_JAR}, the jar of the scenario's first commit published there. */
    static synchronized List<String> variable(ActHarness h) throws IOException, InterruptedException {
        Path store = Files.createDirectories(ActHarness.home().resolve("prebuilt"));
        String commit = ActHarness.git(h.repo, "rev-list", "--max-parents=0", "HEAD").strip();
        Path jar = store.resolve(commit + ".jar");
        if (!Files.isRegularFile(jar)) build(h.repo, commit, jar);
        return List.of("--var", "KVBENCH_PREBUILT_JAR=" + store.toUri() + "{commit}.jar");
    }

    /** Builds {@code commit} of {@code repo} in a clone of its own and publishes the jar as {@code jar}. */
    private static void build(Path repo, String commit, Path jar) throws IOException, InterruptedException {
        Path clone = jar.resolveSibling("build-" + commit);
        Directories.deleteRecursively(clone);
        ActHarness.git(repo.getParent(), "clone", "--quiet", repo.toString(), clone.toString());
        ActHarness.git(clone, "checkout", "--quiet", "--detach", commit);
        Path log = jar.resolveSibling("build-" + commit + ".log");
        Process p = new ProcessBuilder(BUILD.split(" ")).directory(clone.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(20, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException(BUILD + " of " + commit + " did not end in 20 minutes; log: " + log);
        }
        if (p.exitValue() != 0) {
            throw new IOException(BUILD + " of " + commit + " failed (exit " + p.exitValue() + "): "
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        Path built = jar.resolveSibling(jar.getFileName() + ".part");
        Files.move(clone.resolve("target/kvbench.jar"), built, StandardCopyOption.REPLACE_EXISTING);
        Files.move(built, jar, StandardCopyOption.ATOMIC_MOVE);
        Directories.deleteRecursively(clone);
    }
}
