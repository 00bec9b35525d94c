package io.kvbench.classpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReleasedVersionsTest {

    private static final List<String> LISTED = List.of("0.9", "0.10", "0.8", "0.11-rc1", "0.11", "0.12-SNAPSHOT",
            "1.0-beta2", "1.0", "1.0-sp1", "1.1-ea", "1.1");

    @Test
    void versionsAreInMavensOrderWithoutPreReleasesBetweenTheEnds() {
        assertThat(ReleasedVersions.between("g:a", LISTED, "0.8", "1.1"))
                .containsExactly("0.8", "0.9", "0.10", "0.11", "1.0", "1.0-sp1", "1.1");
    }

    @Test
    void aPreReleaseGivenAsAnEndIsKept() {
        assertThat(ReleasedVersions.between("g:a", LISTED, "0.11-rc1", "1.0-beta2"))
                .containsExactly("0.11-rc1", "0.11", "1.0-beta2");
    }

    @Test
    void preReleasesAreWhatMavenOrdersBeforeTheirReleaseOrMarkedSo() {
        for (String v : List.of("1.0-rc1", "1.0-M1", "2.0.0-alpha1", "1.0-SNAPSHOT", "3.27ea0", "1.0-preview")) {
            assertThat(ReleasedVersions.isPreRelease(v)).as(v).isTrue();
        }
        for (String v : List.of("1.0", "1.0-sp1", "1.0.Final", "33.0-jre", "2026.1", "0.10")) {
            assertThat(ReleasedVersions.isPreRelease(v)).as(v).isFalse();
        }
    }

    @Test
    void endsMustBeListedAndInOrder() {
        assertThatThrownBy(() -> ReleasedVersions.between("g:a", LISTED, "0.7", "1.1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("version 0.7 of g:a is not in the repository's list (11 versions, the latest 1.1)");
        assertThatThrownBy(() -> ReleasedVersions.between("g:a", LISTED, "0.10", "0.9"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--good 0.10 is not older than --bad 0.9 in Maven's version order");
        assertThatThrownBy(() -> ReleasedVersions.between("g:a", LISTED, "1.0", "1.0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not older");
    }
}
