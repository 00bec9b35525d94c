package io.kvbench.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The lab's pom copies what it must share with kvbench's: the JVM flags the engines need (for the tests' JVM and the
 * jar manifest) and the version of kvbench it builds against. A change to the root pom that the lab's misses fails
 * here, not in a benchmark JVM that cannot open LMDB.
 */
class LabPomTest {

    private static final Path ROOT = Path.of("..", "pom.xml");
    private static final Path LAB = Path.of("pom.xml");

    @Test
    void theEnginesJvmFlagsAreTheRootPomsOwn() throws IOException {
        for (String property : List.of("kvbench.jvm.flags", "kvbench.manifest.opens", "kvbench.manifest.exports")) {
            assertThat(property(LAB, property)).as(property).isEqualTo(property(ROOT, property));
        }
    }

    @Test
    void itBuildsAgainstTheRootPomsVersion() throws IOException {
        assertThat(property(LAB, "kvbench.version")).isEqualTo(property(ROOT, "revision"));
    }

    /** The value of {@code <name>...</name>} in {@code pom}, its whitespace collapsed. */
    private static String property(Path pom, String name) throws IOException {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">(.*?)</" + Pattern.quote(name) + ">", Pattern.DOTALL)
                .matcher(Files.readString(pom));
        assertThat(m.find()).as("%s in %s", name, pom).isTrue();
        return m.group(1).strip().replaceAll("\\s+", " ");
    }
}
