package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exit code of a command that judged follows from its verdicts alone: a failing one first, then an error. */
class ExitCodeOfVerdictsTest {

    @Test
    void aFailingVerdictWinsOverAnErrorWhichWinsOverTheRest() {
        assertThat(ExitCode.of(List.of(Verdict.PASS, Verdict.ERROR, Verdict.REGRESSION))).isEqualTo(ExitCode.FAILED);
        assertThat(ExitCode.of(List.of(Verdict.BROKEN_PROMISE))).isEqualTo(ExitCode.FAILED);
        assertThat(ExitCode.of(List.of(Verdict.PASS, Verdict.ERROR))).isEqualTo(ExitCode.INFRASTRUCTURE);
        assertThat(ExitCode.of(List.of(Verdict.KNOWN_ISSUE, Verdict.NEW, Verdict.NOT_COMPARED, Verdict.INFORMATION,
                Verdict.MISSING, Verdict.IMPROVEMENT))).isEqualTo(ExitCode.OK);
        assertThat(ExitCode.of(List.<Verdict>of())).isEqualTo(ExitCode.OK);
    }

    @Test
    void aCountReadsOnlyTheVerdictsThatOccur() {
        assertThat(ExitCode.of(Map.of(Verdict.REGRESSION, 0, Verdict.ERROR, 0, Verdict.PASS, 3)))
                .isEqualTo(ExitCode.OK);
        assertThat(ExitCode.of(Map.of(Verdict.REGRESSION, 0L, Verdict.ERROR, 2L))).isEqualTo(ExitCode.INFRASTRUCTURE);
    }
}
