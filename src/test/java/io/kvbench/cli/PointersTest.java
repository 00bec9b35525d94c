package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.docs.Docs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What kvbench tells a user to read exists: every repository path (docs/..., perf-baselines/..., scripts/...) and
 * Markdown anchor named in a command's help, in the JSON of {@code profiles}, {@code workloads} and {@code engines},
 * and in the shipped data files (profiles, workloads, published comparisons, known issues) is a file of this
 * repository (a heading of it, where an anchor is given); and no shipped profile or workload sends the reader to a
 * README section, which moves (the README is a map: its pages under docs/ stay).
 */
class PointersTest {

    /**
     * A path into this repository, with its anchor: docs/methodology/regression-detection.md#disk (a docs/ path is a
     * Markdown page: an engine's own docs/ are cited as such, not as ours).
     */
    private static final Pattern PATH = Pattern.compile(
            "(?<![\\w/.-])(docs/[\\w./-]*\\.md|(?:perf-baselines|scripts|adapters)/[\\w./+-]*[\\w/])(#[\\w-]+)?");
    private static final Pattern README_SECTION = Pattern.compile("README(?:'s|:| section)");
    private static final Path DATA = Path.of("src/main/resources/kvbench");
    /** Published comparisons quote their sources' READMEs, which are not ours. */
    private static final Path PUBLISHED = DATA.resolve("published");

    @Test
    void everyPointerOfTheHelpTextsResolves() {
        List<String> broken = new ArrayList<>();
        for (CommandLine command : KvBench.commands(KvBench.commandLine())) {
            CommandSpec spec = command.getCommandSpec();
            // The model's texts, not the rendered help: picocli may wrap a path at its dot.
            List<String> texts = new ArrayList<>(List.of(spec.usageMessage().description()));
            spec.options().forEach(o -> texts.addAll(List.of(o.description())));
            spec.positionalParameters().forEach(p -> texts.addAll(List.of(p.description())));
            broken.addAll(broken(spec.qualifiedName() + " --help", String.join(" ", texts)));
        }
        assertThat(broken).as("help texts that name a file or anchor that does not exist").isEmpty();
    }

    @Test
    void everyPointerOfTheJsonListingsResolves() {
        List<String> broken = new ArrayList<>();
        for (String listing : List.of("profiles", "workloads", "engines")) {
            CliRun run = CliRun.of(listing, "--json");
            assertThat(run.exitCode()).as(run.err()).isZero();
            broken.addAll(broken("kvbench " + listing + " --json", run.out()));
            if (!listing.equals("engines")) broken.addAll(readmeSections("kvbench " + listing + " --json", run.out()));
        }
        assertThat(broken).as("--json listings that name a file, anchor or README section").isEmpty();
    }

    @Test
    void everyPointerOfTheShippedDataResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        try (Stream<Path> files = Files.walk(DATA)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                String text = Files.readString(file);
                broken.addAll(broken(file.toString(), text));
                if (!file.startsWith(PUBLISHED)) broken.addAll(readmeSections(file.toString(), text));
            }
        }
        assertThat(broken).as("shipped data that names a file, anchor or README section").isEmpty();
    }

    /** The checks see a missing file, a missing anchor and a README pointer; they pass what exists. */
    @Test
    void theChecksCatchWhatTheyShould() {
        assertThat(broken("x", "see docs/no-such-page.md.")).singleElement().asString().contains("no such file");
        assertThat(broken("x", "see docs/ci-baselines.md#no-such-heading")).singleElement().asString()
                .contains("no heading");
        assertThat(broken("x", "see docs/ci-baselines.md#committed-baselines, perf-baselines/smoke/ and "
                + "docs/methodology/regression-detection.md.")).isEmpty();
        assertThat(broken("x", "perf-baselines/<profile>/<machine class>/")).isEmpty();
        assertThat(readmeSections("x", "See the README's Regression detection.")).hasSize(1);
    }

    static List<String> broken(String where, String text) {
        List<String> broken = new ArrayList<>();
        Matcher m = PATH.matcher(text);
        while (m.find()) {
            Path file = Path.of(m.group(1));
            String anchor = m.group(2) == null ? null : m.group(2).substring(1);
            if (!Files.exists(file)) {
                broken.add(where + ": " + m.group() + " (no such file)");
            } else if (anchor != null && !Docs.anchors(Docs.read(file)).contains(anchor)) {
                broken.add(where + ": " + m.group() + " (no heading #" + anchor + ")");
            }
        }
        return broken;
    }

    private static List<String> readmeSections(String where, String text) {
        List<String> found = new ArrayList<>();
        Matcher m = README_SECTION.matcher(text);
        while (m.find()) {
            found.add(where + ": '" + text.substring(Math.max(0, m.start() - 30), Math.min(text.length(), m.end() + 30))
                    + "' (point to a page under docs/)");
        }
        return found;
    }
}
