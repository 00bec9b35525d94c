package io.kvbench.cli;

import java.util.List;
import picocli.CommandLine;

/**
 * Prints the help of every command and subcommand of the real CLI, each under a line "=== kvbench sub ...". Run in a
 * child JVM by {@link HelpWarningsTest}: picocli reports a description it cannot format ("[picocli WARN] Could not
 * format ...") on the System.err it captured when its tracer was created, which only a fresh JVM lets a test read.
 */
public final class HelpPrinter {

    private HelpPrinter() {
    }

    public static void main(String[] args) {
        for (CommandLine command : all(KvBench.commandLine())) {
            System.out.println("=== " + command.getCommandSpec().qualifiedName());
            command.usage(System.out);
        }
        System.out.flush();
    }

    /** The command and all its subcommands, depth first. */
    static List<CommandLine> all(CommandLine root) {
        return KvBench.commands(root);
    }
}
