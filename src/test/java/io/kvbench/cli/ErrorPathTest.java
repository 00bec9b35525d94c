package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParseException;
import io.kvbench.input.InputException;
import io.kvbench.infra.InfrastructureException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The one error path: every failure, Errors included, is one line and the exit code of its type. */
class ErrorPathTest {

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        static Throwable toThrow;

        @Override
        public Integer call() throws Exception {
            if (toThrow instanceof Exception e) throw e;
            throw (Error) toThrow;
        }
    }

    private static CliRun run(Throwable failure) {
        Boom.toThrow = failure;
        CommandLine cli = KvBench.commandLine().addSubcommand(new Boom());
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        int code = KvBench.run(cli, "boom");
        return new CliRun(code, "", err.toString());
    }

    @Test
    void errorsAreOneLineAndInfrastructureNotRegression() {
        CliRun link = run(new UnsatisfiedLinkError("no rocksdbjni in java.library.path"));
        assertThat(link.exitCode()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(link.err()).startsWith("kvbench: java.lang.UnsatisfiedLinkError: no rocksdbjni")
                .doesNotContain("\tat ");
        assertThat(link.err().strip().lines()).hasSize(1);
        assertThat(run(new StackOverflowError()).exitCode()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(run(new ExceptionInInitializerError(new IllegalStateException("x")))
                .err()).contains("IllegalStateException: x");
    }

    @Test
    void badInputByTypeNotByMessage() {
        assertThat(run(new JsonParseException(null, "broken")).exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run(new UncheckedIOException(new JsonParseException(null, "broken"))).exitCode())
                .isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run(new InputException(Path.of("f.json"), "score", "is -1")).err())
                .isEqualTo("kvbench: f.json: field 'score' is -1; try: kvbench boom --help\n");
        assertThat(run(new java.nio.file.NoSuchFileException("f.json")).exitCode())
                .isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run(new IOException("No space left on device")).exitCode())
                .isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(run(new InfrastructureException("no Docker")).exitCode()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        CliRun npe = run(new NullPointerException());
        assertThat(npe.exitCode()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(npe.err()).startsWith("kvbench: java.lang.NullPointerException").doesNotContain("\tat ");
    }
}
