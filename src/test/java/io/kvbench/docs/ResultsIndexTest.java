package io.kvbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/results/README.md lists every dated results page (a page nobody can find from the list is a figure nobody
 * checks), and every page's name is YYYY-MM-DD-topic.md.
 */
class ResultsIndexTest {

    private static final Path RESULTS = Path.of("docs/results");

    @Test
    void everyDatedPageIsListed() throws IOException {
        List<String> links = Docs.links(Docs.read(RESULTS.resolve("README.md")));
        try (Stream<Path> pages = Files.list(RESULTS)) {
            List<String> names = pages.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md"))
                    .filter(n -> !n.equals("README.md")).sorted().toList();
            assertThat(names).as("results pages").isNotEmpty()
                    .allSatisfy(n -> assertThat(n).matches("\\d{4}-\\d{2}-\\d{2}-[a-z0-9-]+\\.md"));
            assertThat(links).as("docs/results/README.md lists every page (a line at the top of its table)")
                    .containsAll(names);
        }
    }
}
