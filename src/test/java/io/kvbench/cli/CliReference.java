package io.kvbench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * docs/reference/cli.md: every command's help as the CLI prints it, one section per command. {@link CliReferenceTest}
 * keeps the page equal to the code and rewrites it when run with {@code -Dkvbench.cliReference=write}.
 */
final class CliReference {

    static final Path FILE = Path.of("docs/reference/cli.md");
    static final String REGENERATE = "mvn -o test -Dtest=CliReferenceTest -Dkvbench.cliReference=write";

    private CliReference() {
    }

    static String markdown() {
        StringBuilder md = new StringBuilder("# Command-line reference\n\n")
                .append("Every command's `--help`, as kvbench prints it (generated from the code; do not edit by "
                        + "hand).\n")
                .append("`CliReferenceTest` fails when this page and the code differ; regenerate it with\n`")
                .append(REGENERATE).append("`.\n")
                .append("The conventions the commands share (names, percentages, sizes, errors, exit codes) are in\n")
                .append("[the command-line guide](../command-line.md).\n");
        for (CommandLine command : KvBench.commands(KvBench.commandLine())) {
            md.append("\n## ").append(command.getCommandSpec().qualifiedName()).append("\n\n```text\n")
                    .append(help(command).stripTrailing()).append("\n```\n");
        }
        return md.toString();
    }

    /** The help exactly as {@code kvbench ... --help} prints it. */
    static String help(CommandLine command) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        command.usage(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
