package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.engine.Engines;
import io.kvbench.history.ChangePoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results site built from real results ({@link SiteFixture}): its pages, that a newcomer's three questions are
 * answered on the overview with a link to the evidence, that every link resolves, and that an --out holding anything
 * but an earlier site is refused with nothing in it touched.
 */
class SiteWriterTest {

    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    private static Path built;

    /** One site for the tests that only read it. */
    @BeforeAll
    static void build() throws Exception {
        built = site(shared);
    }

    private static Path site(Path in) throws Exception {
        return SiteWriter.write(SiteFixture.input(in.resolve("history")), in.resolve("site"), Engines.all())
                .getParent();
    }

    private static Path site() {
        return built;
    }

    @Test
    void everyEngineAndWorkloadHasAPageAndEveryRunItsReport() throws Exception {
        Path site = site();
        assertThat(site.resolve("engines")).isDirectoryContaining("glob:**/lmdb.html")
                .isDirectoryContaining("glob:**/h2-mvstore.html")
                .isDirectoryContaining("glob:**/naive-properties.html");
        assertThat(site.resolve("workloads")).isDirectoryContaining("glob:**/tc-random-read.html")
                .isDirectoryContaining("glob:**/ycsb-a.html");
        assertThat(site.resolve("runs/smoke/report.html")).isRegularFile();
        assertThat(site.resolve("runs/smoke/results.json")).isRegularFile();
        assertThat(site.resolve("runs/crash/report.html")).isRegularFile();
        assertThat(site.resolve("method.html")).content().contains("amd-epyc-f26-m2-s1-1c-3g",
                "java -jar target/kvbench.jar run --profile smoke --runner container");
        assertThat(site.resolve(SiteWriter.MARKER)).content().contains("\"runs\" : [ \"smoke\" ]");
    }

    @Test
    void theOverviewAnswersTheNewcomersQuestionsWithLinksToTheEvidence() throws Exception {
        String index = Files.readString(site().resolve("index.html"));
        assertThat(section(index, "id=\"fastest\"")).as("which engine is fastest at random reads")
                .contains("<a href=\"workloads/tc-random-read.html\">tc-random-read</a>: "
                        + "<a href=\"engines/lmdb.html\">lmdb</a>");
        assertThat(section(index, "id=\"durability-findings\"")).as("which one lost data after a power cut")
                .contains("<a href=\"engines/h2-mvstore.html#durability\">h2-mvstore</a> power-cut: known issue")
                .contains("lost 3,186 of 21,429 acknowledged writes in 2 power cuts")
                .as("with its upstream issue")
                .contains("<a href=\"https://github.com/google/leveldb/issues/196\">google/leveldb#196</a>");
        assertThat(section(index, "id=\"last-night\"")).as("what changed last night")
                .contains("1 change point starts in it")
                .contains("<a href=\"engines/lmdb.html#history\">lmdb</a> tc-random-read +40.0 % worse, commits "
                        + ChangePoint.shortSha(SiteFixture.commit(3)) + ".."
                        + ChangePoint.shortSha(SiteFixture.commit(4)));
        assertThat(index).contains("<td class=\"fastest\"><a href=\"workloads/tc-random-read.html#run-smoke\">");
        assertThat(index.substring(index.indexOf("id=\"history\""))).as("the engine's version changed across it")
                .contains("<td>0.9.2 → 0.9.3</td>", "<code>java -jar target/kvbench.jar bisect --profile smoke "
                        + "--engines lmdb --workloads tc-random-read --good lmdb=0.9.2 --bad lmdb=0.9.3</code>");
    }

    @Test
    void anEnginePageHasItsDeclarationsResultsVerdictsAndHistory() throws Exception {
        String lmdb = Files.readString(site().resolve("engines/lmdb.html"));
        assertThat(lmdb).contains("survives a power cut", "MDB_NOSYNC", "id=\"results\"", "1 of 8",
                "<td class=\"verdict-ok\">information</td>", "lost 881 of 1,616 acknowledged writes in 1 power cut",
                "replay: <code>java -jar target/kvbench.jar crash --engines lmdb", "lmdb / tc-random-read",
                "<svg class=\"chart trend\"");
        assertThat(lmdb).as("the change point is marked on its chart").contains("<li class=\"worse\">");
    }

    @Test
    void everyLinkResolvesAndNoPageShowsAnUndefinedNumber() throws Exception {
        Path site = site();
        assertThat(SiteFixture.brokenLinks(site)).isEmpty();
        for (Path page : SiteFixture.pages(site)) {
            assertThat(Files.readString(page)).as(site.relativize(page).toString())
                    .doesNotContain("NaN", "undefined", "Infinity", "null</");
        }
    }

    @Test
    void anEarlierSiteIsReplacedButNothingElseIsOverwritten() throws Exception {
        Path site = site(dir);
        Files.writeString(site.resolve("stale.html"), "from an earlier site");
        site(dir);
        assertThat(site.resolve("stale.html")).as("the earlier site is replaced whole").doesNotExist();
        assertThat(site.resolve("index.html")).isRegularFile();

        Path other = Files.createDirectories(dir.resolve("notes"));
        Files.writeString(other.resolve("todo.txt"), "mine");
        assertThatThrownBy(() -> SiteWriter.write(SiteFixture.input(dir.resolve("history2")), other, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not empty and not a site");
        assertThat(other.resolve("todo.txt")).content().isEqualTo("mine");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no staging directory left behind")
                    .noneMatch(name -> name.contains(".building-") || name.contains(".old-"));
        }
    }

    /** The element that starts with {@code marker}, up to the end of its card. */
    private static String section(String html, String marker) {
        int start = html.indexOf(marker);
        assertThat(start).as(marker).isNotNegative();
        return html.substring(start, html.indexOf("</div>", start));
    }
}
