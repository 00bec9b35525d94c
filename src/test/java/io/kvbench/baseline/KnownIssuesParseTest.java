package io.kvbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.input.InputException;
import io.kvbench.result.FailureKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** known-issues.json is validated like every file kvbench reads: file and field named, nothing half-read. */
class KnownIssuesParseTest {

    private static final Path FILE = Path.of("known-issues.json");
    private static final String ENTRY = "{\"engine\":\"mapdb\",\"reason\":\"Broken bit parity\","
            + "\"reference\":\"jankotek/mapdb#944\",\"summary\":\"WAL replay leaves a broken node\"}";

    @Test
    void theShippedFileAndAValidEntryAreRead() {
        assertThat(KnownIssues.all()).isNotEmpty();
        assertThat(KnownIssues.parse(FILE, bytes("[" + ENTRY + "]"))).singleElement()
                .satisfies(issue -> assertThat(issue.engine()).isEqualTo("mapdb"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unclosed group   | \"reason\":\"Broken bit parity\" | \"reason\":\"(unclosed\"     | [0].reason",
            "path-like engine | \"engine\":\"mapdb\"            | \"engine\":\"../mapdb\"       | [0].engine",
            "missing summary  | ,\"summary\":\"WAL replay leaves a broken node\" | ''         | [0].summary",
            "blank reference  | \"reference\":\"jankotek/mapdb#944\" | \"reference\":\" \"     | [0].reference",
            "unknown kind     | \"engine\":\"mapdb\" | \"engine\":\"mapdb\",\"kinds\":[\"DATA_LOST\"] | kinds",
            "no kind          | \"engine\":\"mapdb\" | \"engine\":\"mapdb\",\"kinds\":[\"NONE\"]      | [0].kinds",
    })
    void aBadEntryIsRefusedNamingTheField(String name, String from, String to, String field) {
        String json = "[" + ENTRY.replace(from.strip(), to.strip()) + "]";
        assertThatThrownBy(() -> KnownIssues.parse(FILE, bytes(json))).isInstanceOf(InputException.class)
                .hasMessageContaining(FILE.toString()).hasMessageContaining(field);
    }

    @Test
    void kindsAreReadAsTheFailureKindsCrashChecksDecide() {
        String json = "[" + ENTRY.replace("\"engine\":\"mapdb\"",
                "\"engine\":\"mapdb\",\"kinds\":[\"UNOPENABLE\"]") + "]";
        KnownIssues.KnownIssue issue = KnownIssues.parse(FILE, bytes(json)).get(0);
        assertThat(issue.kinds()).containsExactly(FailureKind.UNOPENABLE);
        assertThat(issue.matches(new KnownIssues.CrashFailure("mapdb", "process-kill", FailureKind.UNOPENABLE,
                "Broken bit parity"))).isTrue();
        assertThat(issue.matches(new KnownIssues.CrashFailure("mapdb", "process-kill", FailureKind.UNREADABLE,
                "Broken bit parity"))).as("another kind, the same words").isFalse();
    }

    @Test
    void aRepeatedEntryOrMalformedFileIsRefused() {
        assertThatThrownBy(() -> KnownIssues.parse(FILE, bytes("[" + ENTRY + "," + ENTRY + "]")))
                .isInstanceOf(InputException.class).hasMessageContaining("[1]").hasMessageContaining("repeats");
        assertThatThrownBy(() -> KnownIssues.parse(FILE, bytes("[" + ENTRY))).isInstanceOf(InputException.class)
                .hasMessageContaining(FILE.toString());
        assertThatThrownBy(() -> KnownIssues.parse(FILE, bytes("null"))).isInstanceOf(InputException.class)
                .hasMessageContaining("null");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
