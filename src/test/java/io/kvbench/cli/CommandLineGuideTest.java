package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * docs/command-line.md's table of shared concepts agrees with the CLI: every option of the shared size and shape
 * options (SizeOptions, ShapeOptions) has its row, and each row's "taken by" names exactly the kvbench commands that
 * take its options (the lab's commands, marked "(lab)", are the lab's to check; "every command ..." is not a list).
 */
class CommandLineGuideTest {

    private static final Path GUIDE = Path.of("docs/command-line.md");
    /** | concept | options | label | taken by |; only a label may hold an escaped pipe ({@code NAME\|FILE}). */
    private static final Pattern ROW =
            Pattern.compile("(?m)^\\| [^|]+ \\| ([^|]+) \\| (?:[^|\\\\]|\\\\\\|)+ \\| ([^|]+) \\|$");
    private static final Pattern OPTION = Pattern.compile("`(--[a-z][a-z-]*)`");

    @Test
    void theSharedOptionsTableNamesEveryOptionAndTheCommandsThatTakeIt() throws Exception {
        String guide = Files.readString(GUIDE);
        String table = guide.substring(guide.indexOf("## One name and one label per concept"),
                guide.indexOf("`HelpTextTest` keeps"));
        Map<String, String> takenBy = new TreeMap<>();
        Matcher row = ROW.matcher(table);
        while (row.find()) {
            if (row.group(2).strip().startsWith("every ")) continue;
            Matcher option = OPTION.matcher(row.group(1));
            while (option.find()) takenBy.merge(option.group(1), row.group(2), (a, b) -> a + "; " + b);
        }
        List<String> problems = new ArrayList<>();
        for (Object mixin : List.of(new SizeOptions(), new ShapeOptions())) {
            for (OptionSpec option : CommandSpec.forAnnotatedObject(mixin).options()) {
                if (!option.hidden() && !takenBy.containsKey(option.longestName())) {
                    problems.add(option.longestName() + " (" + mixin.getClass().getSimpleName() + ") has no row");
                }
            }
        }
        List<CommandSpec> commands = KvBench.commands(KvBench.commandLine()).stream()
                .map(CommandLine::getCommandSpec).filter(c -> !(c.userObject() instanceof CommandLine.HelpCommand))
                .filter(c -> c.subcommands().isEmpty()).toList();
        for (Map.Entry<String, String> entry : takenBy.entrySet()) {
            Set<String> taking = new TreeSet<>();
            Set<String> named = new TreeSet<>();
            for (CommandSpec command : commands) {
                String name = command.qualifiedName().replaceFirst("^kvbench ?", "");
                if (name.isEmpty()) continue;
                OptionSpec option = command.findOption(entry.getKey());
                if (option != null && !option.hidden()) taking.add(name);
                if (Pattern.compile("(?<![\\w-])" + Pattern.quote(name) + "(?![\\w-])").matcher(entry.getValue())
                        .find()) {
                    named.add(name);
                }
            }
            if (!taking.equals(named)) {
                problems.add(entry.getKey() + " is taken by " + taking + ", its row names " + named);
            }
        }
        assertThat(problems).as("%s against the CLI", GUIDE).isEmpty();
    }
}
