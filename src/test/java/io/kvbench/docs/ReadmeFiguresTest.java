package io.kvbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every measured figure of README.md says where it comes from. The rule, per paragraph, list item or table row of the
 * README's prose (code blocks and code spans are commands and example output, not statements):
 * <ul>
 *   <li>a measured figure is a duration ({@code 6.1 minutes}, {@code 7.4 min}, {@code 14 s}, {@code 2.1 µs}), a
 *       percentage ({@code 9.4 %}), a ratio ({@code 1.55x}) or a throughput ({@code 738k ops/s}); a percentage that is
 *       a confidence level ({@code 95 % confidence interval}, {@code 95 % interval}) is a setting, not a figure;</li>
 *   <li>a unit stating one links a dated results page, {@code docs/results/YYYY-MM-DD-topic.md}, that exists;</li>
 *   <li>and that page's "Machine:" item names a machine class: a kvbench class ({@code amd-epyc-f26-m2-...}) or a CPU
 *       by family and model ({@code AMD EPYC family 26 model 2}). "2-core VM" alone is no class.</li>
 * </ul>
 */
class ReadmeFiguresTest {

    private static final String NUMBER = "(?<![\\w.])\\d+(?:[.,]\\d+)?";
    /** A duration, a percentage that is not a confidence level, a ratio or a throughput. */
    private static final Pattern FIGURE = Pattern.compile(NUMBER + "(?:"
            + "[ -]?(?:ns|µs|ms|s|secs?|seconds?|min|mins|minutes?|h|hours?)(?![\\w/])"
            + "| ?(?:%|percent)(?! ?(?:confidence|interval))"
            + "|[x×](?!\\w)"
            + "|[kMG]? ?(?:ops?/s|[KMG]i?B/s))");
    /** A unit's first line: a heading, a table row or a list item; a blank line ends one. */
    private static final Pattern UNIT_START = Pattern.compile("#{1,6} .*|\\|.*|\\s*(?:[-*+]|\\d+\\.) .*");
    private static final Pattern LINK_TARGET = Pattern.compile("\\]\\([^)\\s]*\\)");
    private static final Pattern DATED_PAGE = Pattern.compile("docs/results/\\d{4}-\\d{2}-\\d{2}-[a-z0-9-]+\\.md");
    /** The page's "Machine:" item, up to the next item or a blank line. */
    private static final Pattern MACHINE = Pattern.compile("(?ms)Machine:(?:\\*\\*)?(.*?)(?=^\\s*[-*] |^\\s*$|\\z)");
    private static final Pattern MACHINE_CLASS =
            Pattern.compile("\\b[a-z]+-[a-z]+-f\\d+-m\\d+\\b|\\bfamily \\d+ model \\d+\\b");

    @Test
    void everyReadmeFigureLinksADatedPageThatNamesItsMachineClass() {
        List<String> problems = new ArrayList<>();
        for (String unit : units(Docs.read(Docs.README))) {
            String problem = problem(Docs.README, unit);
            if (problem != null) problems.add(problem + ": " + unit.strip().replaceAll("\\s+", " "));
        }
        assertThat(problems).as("README units stating a measured figure; link the dated page under docs/results/ "
                + "it comes from, whose Machine: line names the machine class").isEmpty();
    }

    /** The rule sees a figure without a page, a page without a class, settings and figures in code. */
    @Test
    void theRuleCatchesWhatItShould() {
        Path readme = Docs.README;
        assertThat(problem(readme, "The main job took 7.4 min on a fast VM.")).contains("no dated results page");
        assertThat(problem(readme, "It took 14 s ([all](docs/results/README.md)).")).contains("no dated results page");
        assertThat(problem(readme, "8 kills in 3.2 minutes ([kills](docs/results/2026-11-01-none.md))"))
                .contains("does not exist");
        assertThat(problem(readme, "a 2.20x slower read ([cuts](docs/results/2026-11-24-power-cuts.md))"))
                .contains("names no machine class");
        assertThat(problem(readme, "18 of 18 rows within 9.4 % ([run](docs/results/2026-11-24-default-run.md))"))
                .isNull();
        assertThat(problem(readme, "A mean with its 95 % confidence interval; `--cycles 100 --timeout 30s`.")).isNull();
        assertThat(problem(readme, "Kendall's tau with its 95 % interval, 8 MiB / 2 GiB - 9 B, exit 3.")).isNull();
        assertThat(units("para one\nstill 6 s\n\n- item 1\n  more\n| a | b |\n| c | d |\n```\n7 s\n```\nend\n"))
                .containsExactly("para one\nstill 6 s\n", "- item 1\n  more\n", "| a | b |\n", "| c | d |\n", "end\n");
    }

    /** What is wrong with {@code unit} of {@code file}; null when it states no figure or backs it with a page. */
    private static String problem(Path file, String unit) {
        Matcher figure = FIGURE.matcher(LINK_TARGET.matcher(Docs.prose(unit)).replaceAll("]"));
        if (!figure.find()) return null;
        String problem = "states '" + figure.group() + "' and links no dated results page";
        for (String target : Docs.links(unit)) {
            Path page = file.toAbsolutePath().getParent().resolve(target.replaceFirst("#.*", "")).normalize();
            Path relative = Path.of("").toAbsolutePath().relativize(page);
            if (!DATED_PAGE.matcher(relative.toString().replace('\\', '/')).matches()) continue;
            if (!Files.exists(page)) {
                problem = "links " + target + ", which does not exist";
                continue;
            }
            Matcher machine = MACHINE.matcher(Docs.read(page));
            if (machine.find() && MACHINE_CLASS.matcher(machine.group(1).replaceAll("\\s+", " ")).find()) return null;
            problem = "links " + target + ", whose Machine: line names no machine class";
        }
        return problem;
    }

    /** The paragraphs, list items, table rows and headings of {@code markdown}'s prose, each with its lines. */
    static List<String> units(String markdown) {
        List<String> units = new ArrayList<>();
        StringBuilder unit = new StringBuilder();
        for (String line : Docs.prose(markdown).split("\n", -1)) {
            if ((line.isBlank() || UNIT_START.matcher(line).matches()) && !unit.isEmpty()) {
                units.add(unit.toString());
                unit.setLength(0);
            }
            if (!line.isBlank()) unit.append(line).append('\n');
        }
        if (!unit.isEmpty()) units.add(unit.toString());
        return units;
    }
}
