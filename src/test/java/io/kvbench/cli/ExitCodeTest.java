package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParseException;
import io.kvbench.input.BadInputException;
import io.kvbench.input.InputException;
import io.kvbench.result.Verdict;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Exit codes follow from types: a judging command's from its verdicts alone (a failing one first, then an error), a
 * failure's from its exception type, where only kvbench's own refusal (and picocli's and Jackson's) is bad input.
 */
class ExitCodeTest {

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

    @Test
    void onlyKvbenchsOwnRefusalIsBadInputNotAnyIllegalArgumentException() {
        assertThat(ExitCode.of(new BadInputException("--rounds must be at least 2"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(ExitCode.of(new InputException(Path.of("task.json"), "records", "is -1")))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(ExitCode.of(new UncheckedIOException(new JsonParseException(null, "unexpected end"))))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(ExitCode.of(new IllegalArgumentException("Comparison method violates its general contract!")))
                .as("a library's or the JDK's, a bug rather than the user's input").isEqualTo(ExitCode.INFRASTRUCTURE);
        assertThat(ExitCode.of(new NumberFormatException("For input string: \"99999999999\"")))
                .isEqualTo(ExitCode.INFRASTRUCTURE);
    }
}
