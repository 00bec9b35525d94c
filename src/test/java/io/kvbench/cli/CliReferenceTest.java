package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** docs/reference/cli.md is every command's help as the code renders it (as ReadmeTest keeps the engines table). */
class CliReferenceTest {

    @Test
    void referencePageIsTheHelpOfEveryCommand() throws IOException {
        String expected = CliReference.markdown();
        if ("write".equals(System.getProperty("kvbench.cliReference"))) {
            Files.createDirectories(CliReference.FILE.getParent());
            Files.writeString(CliReference.FILE, expected);
        }
        assertThat(CliReference.FILE).as("regenerate it: " + CliReference.REGENERATE).exists();
        assertThat(Files.readString(CliReference.FILE)).as("docs/reference/cli.md is stale; regenerate it: "
                + CliReference.REGENERATE).isEqualTo(expected);
        // Every command has its section, the help of each subcommand as `kvbench <command> --help` prints it.
        for (var command : KvBench.commands(KvBench.commandLine())) {
            assertThat(expected).contains("\n## " + command.getCommandSpec().qualifiedName() + "\n");
        }
        assertThat(expected).contains(CliRun.of("run", "--help").out().stripTrailing());
    }
}
