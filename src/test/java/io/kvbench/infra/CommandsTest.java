package io.kvbench.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandsTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    @Test
    void keepsStdoutAndStderrTogetherWithTheExitCode() throws IOException {
        Commands.Result result = Commands.run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"), BOUND);

        assertThat(result.exit()).isEqualTo(3);
        assertThat(result.ok()).isFalse();
        assertThat(result.output()).isEqualTo("out\nerr");
    }

    @Test
    void outputReturnsWhatASuccessfulCommandPrintedAndFailsOtherwiseWithItsExitCodeAndWords() throws IOException {
        assertThat(Commands.output(List.of("sh", "-c", "echo '  fine  '"), BOUND)).isEqualTo("fine");

        assertThatThrownBy(() -> Commands.output(List.of("sh", "-c", "echo busy; exit 32"), BOUND))
                .isInstanceOf(IOException.class).hasMessage("sh -c echo busy; exit 32 failed (exit 32): busy");
    }

    @Test
    void moreOutputThanAPipeHoldsDoesNotBlock() throws IOException {
        // 1 MiB: a pipe (64 KiB on Linux) read only after the exit would block the command and time it out.
        Commands.Result result = Commands.run(List.of("sh", "-c", "head -c 1048576 /dev/zero | tr '\\0' a"), BOUND);

        assertThat(result.ok()).isTrue();
        assertThat(result.output()).hasSize(1 << 20);
    }

    @Test
    void aCommandPastItsBoundIsKilledAndReported() {
        long start = System.nanoTime();

        assertThatThrownBy(() -> Commands.run(List.of("sleep", "30"), Duration.ofMillis(300)))
                .isInstanceOf(IOException.class).hasMessage("sleep 30 did not finish in 300 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aProgramThatDoesNotExistIsAnIoException() {
        assertThatThrownBy(() -> Commands.run(List.of("kvbench-no-such-program"), BOUND))
                .isInstanceOf(IOException.class).hasMessageContaining("kvbench-no-such-program");
    }
}
