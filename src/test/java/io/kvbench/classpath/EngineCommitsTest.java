package io.kvbench.classpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commits bisect --repo searches, read from a real git repository made here; and the mistakes refused. */
class EngineCommitsTest {

    @TempDir
    Path tmp;

    @Test
    void theLineFromGoodToBadInOrderWithShortHashesAndSubjects() throws IOException {
        EngineRepo repo = EngineRepo.init(tmp.resolve("engine"));
        String before = repo.commit("before the good one", "true");
        String c1 = repo.commit("one", "true");
        String c2 = repo.commit("two", "true");
        String c3 = repo.commit("three", "true");
        String after = repo.commit("after the bad one", "true");
        EngineCommits.Commit good = EngineCommits.commit(repo.dir(), "--good", c1.substring(0, 12));
        repo.git("tag", "bad", c3);
        EngineCommits.Commit bad = EngineCommits.commit(repo.dir(), "--bad", "bad");
        List<EngineCommits.Commit> line = EngineCommits.between(repo.dir(), good, bad);
        assertThat(line).extracting(EngineCommits.Commit::hash).containsExactly(c1, c2, c3)
                .doesNotContain(before, after);
        assertThat(line).extracting(EngineCommits.Commit::subject).containsExactly("one", "two", "three");
        assertThat(line).allSatisfy(c -> assertThat(c.hash()).startsWith(c.label()));
        assertThat(line.get(0).label()).hasSizeGreaterThanOrEqualTo(7).hasSizeLessThan(40);
    }

    /**
     * A side branch merged between the ends: its commits are not on the first-parent line, the merge is; with the good
     * end on the side branch, the line starts at the merge that brought it in.
     */
    @Test
    void aMergedSideBranchIsSearchedByItsMergeOnly() throws IOException {
        EngineRepo repo = EngineRepo.init(tmp.resolve("engine"));
        String c1 = repo.commit("one", "true");
        repo.git("checkout", "-q", "-b", "side");
        String side = repo.commit("on the side", "echo side");
        repo.git("checkout", "-q", "main");
        String c2 = repo.commit("two", "true");
        repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side");
        String merge = repo.git("rev-parse", "HEAD");
        String c3 = repo.commit("three", "echo three");
        List<EngineCommits.Commit> line = EngineCommits.between(repo.dir(), commit(repo, c1), commit(repo, c3));
        assertThat(line).extracting(EngineCommits.Commit::hash).containsExactly(c1, c2, merge, c3);
        List<EngineCommits.Commit> fromSide = EngineCommits.between(repo.dir(), commit(repo, side), commit(repo, c3));
        assertThat(fromSide).extracting(EngineCommits.Commit::hash).containsExactly(side, merge, c3);
    }

    @Test
    void mistakesAreBadInput() throws IOException {
        EngineRepo repo = EngineRepo.init(tmp.resolve("engine"));
        String c1 = repo.commit("one", "true");
        String c2 = repo.commit("two", "true");
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        assertThatThrownBy(() -> EngineCommits.repository(plain)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--repo " + plain + " is not a git repository");
        assertThatThrownBy(() -> EngineCommits.repository(tmp.resolve("none")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a directory");
        for (String rev : List.of("no-such-tag", "0123456789abcdef", "--all", "")) {
            assertThatThrownBy(() -> EngineCommits.commit(repo.dir(), "--good", rev)).as(rev)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--good " + rev + " is not a commit of " + repo.dir());
        }
        assertThatThrownBy(() -> EngineCommits.between(repo.dir(), commit(repo, c2), commit(repo, c1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not an ancestor of --bad");
        assertThatThrownBy(() -> EngineCommits.between(repo.dir(), commit(repo, c1), commit(repo, c1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is --bad");
    }

    private static EngineCommits.Commit commit(EngineRepo repo, String hash) {
        return EngineCommits.commit(repo.dir(), "--good", hash);
    }
}
