package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * CONTRIBUTING's architecture is the package test's: its layer diagram and its table name every package of
 * {@link PackageDependenciesTest#ALLOWED}, and every allowed dependency points to a lower layer of the diagram.
 */
class ContributingArchitectureTest {

    private static final String CONTRIBUTING = "CONTRIBUTING.md";

    @Test
    void theDiagramAndTheTableNameEveryPackage() throws IOException {
        assertThat(layers().keySet()).as("packages in the layer diagram").isEqualTo(ALLOWED_PACKAGES);
        Matcher row = Pattern.compile("(?m)^\\| `([a-z]+)` \\|").matcher(Files.readString(Path.of(CONTRIBUTING)));
        Set<String> tabled = new TreeSet<>();
        while (row.find()) tabled.add(row.group(1));
        assertThat(tabled).as("packages in the table").isEqualTo(ALLOWED_PACKAGES);
    }

    @Test
    void everyAllowedDependencyPointsDown() throws IOException {
        Map<String, Integer> layer = layers();
        List<String> upward = new ArrayList<>();
        PackageDependenciesTest.ALLOWED.forEach((from, tos) -> {
            for (String to : tos) {
                if (layer.get(to) <= layer.get(from)) upward.add(from + " -> " + to);
            }
        });
        assertThat(upward).as("allowed dependencies that the diagram draws level or upward").isEmpty();
    }

    private static final Set<String> ALLOWED_PACKAGES = new TreeSet<>(PackageDependenciesTest.ALLOWED.keySet());

    /** Package to layer (0 at the top) from the code block under "## Architecture". */
    private static Map<String, Integer> layers() throws IOException {
        String text = Files.readString(Path.of(CONTRIBUTING));
        int section = text.indexOf("## Architecture");
        int start = text.indexOf("```\n", section) + 4;
        int end = text.indexOf("```", start);
        Map<String, Integer> layer = new HashMap<>();
        String[] lines = text.substring(start, end).strip().split("\n");
        for (int i = 0; i < lines.length; i++) {
            for (String name : lines[i].trim().split("\\s+")) layer.put(name, i);
        }
        return layer;
    }
}
