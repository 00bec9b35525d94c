package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The overhead measurement itself is a benchmark, run by hand (docs/results/2026-11-21-harness-overhead.md); here only
 * its bad input.
 */
class OverheadCommandTest {

    @Test
    void needsAtLeastTwoRoundsForAnInterval() {
        CliRun run = LabRun.of("overhead", "--rounds", "1");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("--rounds must be >= 2");
    }

    @Test
    void anEngineDelayOutOfRangeIsBadInput() {
        CliRun run = LabRun.of("overhead", "--engine-delay-nanos", "-5");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("--engine-delay-nanos must be between 0 and");
    }

    @Test
    void unknownProfileNamesTheValidOnes() {
        CliRun run = LabRun.of("overhead", "--profile", "weekly");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(run.err()).contains("unknown profile 'weekly'");
    }
}
