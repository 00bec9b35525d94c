package io.kvbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the CLI in-process and keeps what it printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        return on(KvBench.commandLine(), args);
    }

    /** Runs {@code args} on {@code cli}: kvbench's command line or another built on it (the lab's). */
    static CliRun on(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = KvBench.run(cli, args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
