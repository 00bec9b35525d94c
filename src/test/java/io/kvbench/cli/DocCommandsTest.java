package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.docs.Docs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * Every {@code java -jar .../kvbench.jar ...} command in a bash block of the README, CONTRIBUTING.md or a docs page is
 * a real command: its subcommand exists and it parses with the real picocli model (option names, arity, types), as
 * WorkflowsTest checks the workflows' commands. A renamed option fails here, not in a reader's terminal.
 */
class DocCommandsTest {

    /** One kvbench command line shown in the docs. */
    record Shown(Path file, List<String> args) {
        @Override
        public String toString() {
            return file + ": kvbench " + String.join(" ", args);
        }
    }

    static List<Shown> shown() {
        return shown(Path.of(""), "kvbench.jar");
    }

    /**
     * Every {@code java -jar .../JAR ...} command in a bash block of the docs below {@code root} (the lab's test reads
     * its own jar's commands from {@code ..}).
     */
    static List<Shown> shown(Path root, String jar) {
        List<Shown> found = new ArrayList<>();
        for (Path file : Docs.files(root)) {
            for (String block : Docs.codeBlocks(Docs.read(file), "bash")) {
                for (List<String> words : ShellWords.commands(block)) {
                    for (int i = 0; i + 2 < words.size(); i++) {
                        if (words.get(i).equals("java") && words.get(i + 1).equals("-jar")
                                && (words.get(i + 2).equals(jar) || words.get(i + 2).endsWith("/" + jar))) {
                            found.add(new Shown(file, words.subList(i + 3, words.size())));
                        }
                    }
                }
            }
        }
        return found;
    }

    @TestFactory
    Stream<DynamicTest> everyKvbenchCommandInTheDocsParses() {
        List<Shown> all = shown();
        assertThat(all).extracting(s -> s.args().isEmpty() ? "" : s.args().get(0))
                .as("the docs show the main commands").contains("run", "compare", "gate", "interleave", "baseline",
                        "history", "report", "crash", "reproduce", "engines");
        return parsed(all, KvBench::commandLine);
    }

    /** One test per command shown: its subcommand exists on {@code root}'s command line and its options parse. */
    static Stream<DynamicTest> parsed(List<Shown> all, Supplier<CommandLine> root) {
        return all.stream().map(shown -> DynamicTest.dynamicTest(shown.toString(), () -> {
            CommandLine cli = root.get();
            assertThat(shown.args()).as("a subcommand").isNotEmpty();
            assertThat(cli.getSubcommands()).as("'%s' is a subcommand of %s (%s)", shown.args().get(0),
                            cli.getCommandName(), shown)
                    .containsKey(shown.args().get(0));
            // A word known only at run time ("$GITHUB_SHA") stands for one value.
            String[] args = shown.args().stream().map(a -> a.equals(ShellWords.EXPANDED) ? "x" : a)
                    .toArray(String[]::new);
            try {
                cli.parseArgs(args);
            } catch (CommandLine.ParameterException e) {
                throw new AssertionError(shown + ": " + e.getMessage(), e);
            }
        }));
    }
}
