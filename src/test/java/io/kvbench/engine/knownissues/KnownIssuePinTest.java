package io.kvbench.engine.knownissues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class KnownIssuePinTest {

    @Test
    void aBugThatStillShowsPasses() {
        assertThatCode(() -> KnownIssuePin.stillReproduces("https://example.org/1", KnownIssuePin.RECORDED,
                () -> assertThat(1 + 1).as("the bug").isEqualTo(2))).doesNotThrowAnyException();
    }

    @Test
    void aFixedBugFailsWithWhatToRemove() {
        assertThatThrownBy(() -> KnownIssuePin.stillReproduces("https://example.org/1", KnownIssuePin.RECORDED,
                () -> assertThat(1 + 1).as("the bug").isEqualTo(3)))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("known issue https://example.org/1 no longer reproduces: remove it from "
                        + "known-issues.json (")
                .hasMessageContaining("the bug");
    }

    @Test
    void anotherFailureIsNotMistakenForAFix() {
        assertThatThrownBy(() -> KnownIssuePin.stillReproduces("https://example.org/1", KnownIssuePin.RECORDED,
                () -> {
                    throw new IOException("disk full");
                })).isInstanceOf(IOException.class).hasMessage("disk full");
    }
}
