package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command's help renders without a picocli warning. A description is a format string to picocli: a bare "%"
 * makes it print "[picocli WARN] Could not format ..." and drop the text. The warnings go to the System.err of the
 * JVM in which picocli first ran, so the help is rendered in a fresh JVM ({@link HelpPrinter}) and its stderr read.
 */
@Tag("fork")
class HelpWarningsTest {

    @Test
    void everyCommandsHelpRendersWithoutPicocliWarnings(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                HelpPrinter.class.getName()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("help printer finished").isTrue();
        String stdout = Files.readString(out);
        String stderr = Files.readString(err);
        assertThat(child.exitValue()).as(stderr).isZero();

        // Every command and subcommand was rendered, so a warning cannot hide in a command the walk missed.
        List<String> names = HelpPrinter.all(KvBench.commandLine()).stream()
                .map(c -> c.getCommandSpec().qualifiedName()).toList();
        assertThat(names).contains("kvbench interleave", "kvbench baseline update", "kvbench report");
        for (String name : names) {
            int start = stdout.indexOf("=== " + name + "\n");
            assertThat(start).as("help of " + name + " printed").isNotNegative();
            int end = stdout.indexOf("\n=== ", start + 1);
            assertThat(stdout.substring(start, end < 0 ? stdout.length() : end)).contains("Usage: " + name);
        }
        assertThat(stderr).as("stderr of the help printer").doesNotContain("picocli WARN")
                .doesNotContain("Could not format");
        assertThat(stdout).doesNotContain("picocli WARN");
    }
}
