package io.kvbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/ci-baselines.md's table of committed throughput baselines is what perf-baselines/ holds: one row per profile
 * and machine class, with its number of baseline files, the runs pooled (class.json's minimum for a complete class,
 * else 1), the newest recording date, and whether the class is declared complete.
 */
class CommittedBaselinesTest {

    private static final Path PAGE = Path.of("docs/ci-baselines.md");
    private static final Path BASELINES = Path.of("perf-baselines");
    private static final Pattern ROW = Pattern.compile(
            "(?m)^\\| (\\w+) \\| `([a-z0-9-]+)` \\| (\\d+) \\| (\\d+) \\| (\\d{4}-\\d{2}-\\d{2}) \\| (yes|no) \\|$");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theTableIsWhatPerfBaselinesHolds() throws IOException {
        List<String> documented = new ArrayList<>();
        Matcher m = ROW.matcher(Docs.read(PAGE));
        while (m.find()) {
            documented.add(m.group(1) + "/" + m.group(2));
            assertThat(m.group(0)).as("%s: the row of %s/%s", PAGE, m.group(1), m.group(2))
                    .isEqualTo(row(BASELINES.resolve(m.group(1)).resolve(m.group(2))));
        }
        List<String> committed = new ArrayList<>();
        try (Stream<Path> profiles = Files.list(BASELINES)) {
            for (Path profile : profiles.sorted().toList()) {
                if (Set.of("disk", "costs", "calibration").contains(profile.getFileName().toString())) continue;
                try (Stream<Path> classes = Files.list(profile)) {
                    classes.filter(Files::isDirectory)
                            .forEach(c -> committed.add(profile.getFileName() + "/" + c.getFileName()));
                }
            }
        }
        assertThat(documented).as("%s has a row for every profile and machine class of %s", PAGE, BASELINES)
                .containsExactlyInAnyOrderElementsOf(committed);
    }

    /** The row the table should have for one class's directory. */
    private static String row(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(dir, 2)) {
            files = all.filter(f -> f.getFileName().toString().endsWith(".json"))
                    .filter(f -> !f.getParent().equals(dir)).toList();
        }
        String newest = "";
        for (Path f : files) {
            String date = JSON.readTree(f.toFile()).path("recordedAt").asText("").substring(0, 10);
            if (date.compareTo(newest) > 0) newest = date;
        }
        Path declaration = dir.resolve("class.json");
        JsonNode complete = Files.exists(declaration) ? JSON.readTree(declaration.toFile()) : null;
        int runs = complete == null ? 1 : complete.path("minRuns").asInt();
        return "| " + dir.getParent().getFileName() + " | `" + dir.getFileName() + "` | " + files.size() + " | "
                + runs + " | " + newest + " | " + (complete == null ? "no" : "yes") + " |";
    }
}
