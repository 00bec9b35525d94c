package io.kvbench.classpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each commit built by its own script in a clean checkout of a real git repository: the jar cached (a second build
 * runs nothing, as the counter the script appends to shows), a failing build or a wrong number of jars reported,
 * and the user's repository left as it was.
 */
class CommitBuildsTest {

    @TempDir
    Path tmp;

    private EngineRepo repo;
    private Path jar;
    private Path counter;

    @BeforeEach
    void repository() throws IOException {
        repo = EngineRepo.init(tmp.resolve("engine"));
        jar = Files.writeString(tmp.resolve("engine.jar"), "not really a jar");
        counter = tmp.resolve("builds.txt");
    }

    private CommitBuilds builds(String command) {
        return new CommitBuilds(repo.dir(), command, "target/engine-*.jar", tmp.resolve("cache"),
                Duration.ofMinutes(1));
    }

    private EngineCommits.Commit commit(String hash) {
        return EngineCommits.commit(repo.dir(), "--good", hash);
    }

    private List<String> counted() throws IOException {
        return Files.exists(counter) ? Files.readAllLines(counter) : List.of();
    }

    @Test
    void aBuildPastItsTimeoutIsKilledAndFails() throws IOException {
        String hash = repo.commit("hangs", "sleep 60");
        CommitBuilds hanging = new CommitBuilds(repo.dir(), EngineRepo.BUILD, "target/engine-*.jar",
                tmp.resolve("cache"), Duration.ofSeconds(1));
        long started = System.nanoTime();
        CommitBuilds.Built built = hanging.build(commit(hash), tmp.resolve("out/hangs.log"));
        assertThat(built.ok()).isFalse();
        assertThat(built.problem()).isEqualTo("the build ran past 1 s and was killed");
        assertThat((System.nanoTime() - started) / 1e9).as("seconds until the build was given up").isLessThan(30);
        assertThat(ProcessHandle.current().descendants().filter(p -> p.info().command().orElse("").endsWith("sleep")))
                .as("the build's processes").isEmpty();
    }

    @Test
    void aCommitIsBuiltOnceAndThenTakenFromTheCache() throws IOException {
        String hash = repo.commit("one", EngineRepo.copying(jar, "engine-1.0.jar", counter)
                + "\ntouch target/engine-1.0-sources.jar target/engine-1.0-javadoc.jar\necho compiled");
        CommitBuilds.Built first = builds(EngineRepo.BUILD).build(commit(hash), tmp.resolve("out/first.log"));
        assertThat(first.ok()).as(first.problem()).isTrue();
        assertThat(first.cached()).isFalse();
        assertThat(first.jar().toString()).startsWith(tmp.resolve("cache").resolve(hash + "-").toString());
        assertThat(first.jar()).hasFileName("engine-1.0.jar").hasContent("not really a jar");
        assertThat(first.log()).content().contains("compiled");
        assertThat(counted()).containsExactly(hash);

        CommitBuilds.Built again = builds(EngineRepo.BUILD).build(commit(hash), tmp.resolve("out/again.log"));
        assertThat(again.cached()).isTrue();
        assertThat(again.jar()).isEqualTo(first.jar());
        assertThat(again.log()).content().contains("compiled");
        assertThat(counted()).as("not built again").containsExactly(hash);

        CommitBuilds.Built other = builds(EngineRepo.BUILD + " # another command").build(commit(hash),
                tmp.resolve("out/other.log"));
        assertThat(other.cached()).as("the cache is by command too").isFalse();
        assertThat(counted()).containsExactly(hash, hash);
        assertThat(tmp.resolve("cache")).isDirectoryNotContaining("glob:**/.staging-*");
    }

    @Test
    void aFailingBuildHasNoJarAndIsNotCached() throws IOException {
        String hash = repo.commit("broken", "echo \"$KVBENCH_COMMIT\" >> '" + counter + "'\necho broken here\nexit 1");
        for (int i = 1; i <= 2; i++) {
            CommitBuilds.Built built = builds(EngineRepo.BUILD).build(commit(hash), tmp.resolve("out/b" + i + ".log"));
            assertThat(built.ok()).isFalse();
            assertThat(built.problem()).isEqualTo("the build exited with 1");
            assertThat(built.log()).content().contains("broken here").contains(hash);
        }
        assertThat(counted()).as("tried again: a failure may be the machine's").hasSize(2);
    }

    @Test
    void noJarOrTwoJarsIsAFailedBuild() throws IOException {
        String none = repo.commit("no jar", "mkdir -p target\ntouch target/engine-1.0-tests.jar");
        assertThat(builds(EngineRepo.BUILD).build(commit(none), tmp.resolve("none.log")).problem())
                .isEqualTo("no file matches --artifact target/engine-*.jar");
        String two = repo.commit("two jars", "mkdir -p target\ntouch target/engine-1.jar target/engine-2.jar");
        assertThat(builds(EngineRepo.BUILD).build(commit(two), tmp.resolve("two.log")).problem())
                .isEqualTo("2 files match --artifact target/engine-*.jar: target/engine-1.jar, target/engine-2.jar");
    }

    @Test
    void theUsersRepositoryIsLeftAsItWas() throws IOException {
        String old = repo.commit("old", EngineRepo.copying(jar, "engine-1.0.jar", counter));
        repo.commit("new", "exit 1");
        Files.writeString(repo.dir().resolve("work.txt"), "uncommitted work");
        String status = repo.git("status", "--porcelain");
        String head = repo.git("rev-parse", "HEAD");
        assertThat(builds(EngineRepo.BUILD).build(commit(old), tmp.resolve("old.log")).ok()).isTrue();
        assertThat(repo.git("status", "--porcelain")).isEqualTo(status);
        assertThat(repo.git("rev-parse", "HEAD")).isEqualTo(head);
        assertThat(repo.git("worktree", "list").lines()).hasSize(1);
        assertThat(repo.dir().resolve("target")).doesNotExist();
    }
}
