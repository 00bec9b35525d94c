package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.classpath.Coordinates;
import io.kvbench.classpath.EngineRepo;
import io.kvbench.classpath.MavenRepository;
import io.kvbench.gate.BisectReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kvbench bisect --repo over a real git repository made here, whose commits' build scripts copy released lmdbjava
 * jars out of the Maven repository (0.9.0 before the first bad commit, 0.9.1 from it on), one of them failing: the
 * mistakes refused before any measuring, both ends built first and cached, and one real bisection on the tiny profile.
 */
class BisectCommitsTest {

    private static final String TINY = InterleaveCommandTest.TINY;
    private static final String ARTIFACT = "target/lmdbjava-*.jar";

    @TempDir
    Path tmp;

    private Path jar(String version) {
        try (MavenRepository maven = MavenRepository.fromSettings()) {
            return maven.resolve(Coordinates.of("org.lmdbjava:lmdbjava", version)).file();
        }
    }

    private String lmdbjava(String version) {
        return EngineRepo.copying(jar(version), "lmdbjava-" + version + ".jar", tmp.resolve("builds.txt"));
    }

    private List<String> built() throws IOException {
        Path counter = tmp.resolve("builds.txt");
        return Files.exists(counter) ? Files.readAllLines(counter) : List.of();
    }

    private CliRun bisect(EngineRepo repo, String good, String bad, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("bisect", "--runner", "local", "--profile", TINY, "--engines",
                "lmdb", "--workloads", "ycsb-c", "--repo", repo.dir().toString(), "--build", EngineRepo.BUILD,
                "--artifact", ARTIFACT, "--build-cache", tmp.resolve("cache").toString(), "--good", good, "--bad", bad,
                "--out", out.toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    /**
     * B's benchmark JVMs run interpreted (-Xint), as in BisectCommandTest: on the tiny profile the sessions are too
     * short to resolve lmdbjava 0.9.1's own slowdown, so every commit judged is slower than the good end by far, and
     * the search must find the first commit after it. The middle commit's build fails: it is skipped, its neighbour
     * judged instead. That each side ran its commit's jar is read back from the sessions' results.
     */
    @Test
    @Tag("fork")
    void aRealBisectionOfCommitsFindsTheFirstBadCommitAndSkipsOneThatDoesNotBuild() throws Exception {
        EngineRepo repo = EngineRepo.init(tmp.resolve("engine"));
        String good = repo.commit("good: lmdbjava 0.9.0", lmdbjava("0.9.0"));
        String first = repo.commit("first bad: lmdbjava 0.9.1", lmdbjava("0.9.1"));
        String broken = repo.commit("a build that fails", "exit 1");
        repo.commit("still 0.9.1", lmdbjava("0.9.1"));
        repo.git("tag", "v-bad", repo.commit("bad: lmdbjava 0.9.1 again", lmdbjava("0.9.1")));
        Path out = tmp.resolve("bisect");
        CliRun run = bisect(repo, good.substring(0, 10), "v-bad", out, "--min-rounds", "3", "--max-rounds", "6",
                "--b-jvm-flag=-Xint");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.resolve(BisectReport.JSON_FILE).toFile());
        String firstLabel = json.at("/versions/1").asText();
        String brokenLabel = json.at("/versions/2").asText();
        assertThat(first).startsWith(firstLabel);
        assertThat(broken).startsWith(brokenLabel);
        assertThat(json.at("/versions")).hasSize(5);
        assertThat(json.at("/source/labels").asText()).isEqualTo("COMMITS");
        assertThat(json.at("/source/commits/1/subject").asText()).isEqualTo("first bad: lmdbjava 0.9.1");
        assertThat(json.at("/search/end").asText()).isEqualTo("FOUND");
        assertThat(json.at("/search/firstBad").asText()).isEqualTo(firstLabel);
        assertThat(json.at("/search/skipped/0").asText()).isEqualTo(brokenLabel);
        assertThat(json.at("/source/skipped/" + brokenLabel).asText()).startsWith("the build exited with 1");
        assertThat(run.out()).contains("first bad commit " + firstLabel + " \"first bad: lmdbjava 0.9.1\" (last good "
                + json.at("/versions/0").asText() + "): ycsb-c effect +")
                .contains("skipped (could not be measured): " + brokenLabel + " (the build exited with 1");
        assertThat(run.out()).containsPattern("(?m)^\\s*2\\s+" + brokenLabel + "\\s+SKIPPED \\(does not build\\)");
        assertThat(built()).as("each commit built once, the one never judged not at all").hasSize(4)
                .doesNotHaveDuplicates();
        Path step = out.resolve("step-2-" + brokenLabel);
        assertThat(step.resolve("build.log")).content().contains("a build that fails");
        Path found = Files.list(out).filter(p -> p.getFileName().toString().endsWith("-" + firstLabel)).findFirst()
                .orElseThrow();
        JsonNode b = new ObjectMapper().readTree(found.resolve("round-1-lmdb-ycsb-c-B/results.json").toFile());
        assertThat(b.at("/results/0/context/engineVersion").asText()).isEqualTo("0.9.1 (jar lmdbjava-0.9.1.jar)");
        JsonNode a = new ObjectMapper().readTree(found.resolve("round-1-lmdb-ycsb-c-A/results.json").toFile());
        assertThat(a.at("/results/0/context/engineVersion").asText()).isEqualTo("0.9.0 (jar lmdbjava-0.9.0.jar)");
        assertThat(Files.readString(out.resolve(BisectReport.MARKDOWN_FILE))).contains("## Bisection of lmdb")
                .contains("- `" + brokenLabel + "` a build that fails");
    }

    /** Adjacent ends: nothing to measure, but both are built first, once: a second run takes them from the cache. */
    @Test
    void bothEndsAreBuiltOnceAndCached() throws IOException {
        EngineRepo repo = EngineRepo.init(tmp.resolve("engine"));
        String good = repo.commit("good", lmdbjava("0.9.0"));
        String bad = repo.commit("bad", lmdbjava("0.9.1"));
        for (int i = 1; i <= 2; i++) {
            Path out = tmp.resolve("out-" + i);
            CliRun run = bisect(repo, good, bad, out);
            assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
            JsonNode json = new ObjectMapper().readTree(out.resolve(BisectReport.JSON_FILE).toFile());
            String goodLabel = json.at("/versions/0").asText();
            String badLabel = json.at("/versions/1").asText();
            assertThat(run.out()).contains("first bad commit " + badLabel + " \"bad\" (last good " + goodLabel
                    + "): no commit lies between them, so nothing was measured");
            assertThat(json.at("/search/end").asText()).isEqualTo("NOTHING_BETWEEN");
            assertThat(json.at("/source/commits/1/hash").asText()).isEqualTo(bad);
            assertThat(BisectReport.read(out.resolve(BisectReport.JSON_FILE)).source().subject(goodLabel))
                    .isEqualTo("good");
        }
        assertThat(built()).as("built in the first run only").containsExactly(good, bad);
    }

    @Test
    void mistakesAreOneLineBeforeAnyWork() throws IOException {
        EngineRepo repo = EngineRepo.init(tmp.resolve("engine"));
        String c1 = repo.commit("one", lmdbjava("0.9.0"));
        String c2 = repo.commit("two", "exit 1");
        String c3 = repo.commit("three", lmdbjava("0.9.1"));
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        assertBadInput(List.of("--repo", plain.toString(), "--build", "true", "--artifact", "x.jar", "--good", c1,
                "--bad", c3), "--repo " + plain + " is not a git repository");
        assertBadInput(commitArgs(repo, "no-such-tag", c3), "--good no-such-tag is not a commit of " + repo.dir());
        assertBadInput(commitArgs(repo, c1, "lmdb=0.9.1"), "--bad lmdb=0.9.1 is not a commit of " + repo.dir());
        assertBadInput(commitArgs(repo, c3, c1), "is not an ancestor of --bad");
        assertBadInput(commitArgs(repo, c1, c1), "is --bad");
        assertBadInput(List.of("--build", EngineRepo.BUILD, "--good", "lmdb=0.9.0", "--bad", "lmdb=0.9.1"),
                "--build, --artifact and --build-cache go with --repo");
        assertBadInput(List.of("--repo", repo.dir().toString(), "--good", c1, "--bad", c3),
                "--repo needs --build (the command that builds a commit) and --artifact");
        assertThat(built()).as("nothing built").isEmpty();
        Path out = tmp.resolve("refused");
        CliRun run = bisect(repo, c2, c3, out);
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).startsWith("kvbench: --good ").contains(" does not build: the build exited with 1 (its "
                + "log: " + out.resolve("build-")).endsWith("; try: kvbench bisect --help\n");
        assertThat(run.err().lines()).hasSize(1);
        assertThat(out).isDirectoryContaining("glob:**/build-*.log").isDirectoryNotContaining("glob:**/step-*");
        run = bisect(repo, c1, c2, tmp.resolve("refused-bad"));
        assertThat(run.err()).startsWith("kvbench: --bad ").contains(" does not build: the build exited with 1");
    }

    private List<String> commitArgs(EngineRepo repo, String good, String bad) {
        return List.of("--repo", repo.dir().toString(), "--build", EngineRepo.BUILD, "--artifact", ARTIFACT,
                "--good", good, "--bad", bad);
    }

    private void assertBadInput(List<String> given, String expected) {
        List<String> args = new ArrayList<>(List.of("--engines", "lmdb"));
        args.addAll(given);
        BisectCommandTest.assertRefused(tmp.resolve("never"), args, expected);
    }
}
