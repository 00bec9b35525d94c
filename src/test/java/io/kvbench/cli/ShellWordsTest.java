package io.kvbench.cli;

import static io.kvbench.cli.ShellWords.EXPANDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShellWordsTest {

    @Test
    void splitsCommandsAtOperatorsAndNewlinesAndJoinsContinuations() {
        assertThat(ShellWords.commands("""
                # a comment
                a 'b c' "d" \\
                  e && f | g; h > out 2>&1
                x=$(java -jar k.jar engines --json | jq -c 'map(.id)')
                """)).containsExactly(List.of("a", "b c", "d", "e"), List.of("f"), List.of("g"), List.of("h"),
                // Redirection targets and the text before $( come out as words of their own: no command starts with
                // them.
                List.of("out"), List.of("1"), List.of("x="), List.of("java", "-jar", "k.jar", "engines", "--json"),
                List.of("jq", "-c", "map(.id)"));
    }

    @Test
    void wordsWithExpansionsAreMarked() {
        assertThat(ShellWords.commands("run --out \"shard-$ENGINE\" --x shard-${{ matrix.engine }} \"${a[@]}\" '$lit' "
                + "\"q\\\"x\""))
                .containsExactly(List.of("run", "--out", EXPANDED, "--x", EXPANDED, EXPANDED, "$lit", "q\\\"x"));
    }

    @Test
    void knownVariablesAndOptionalArgumentArraysArePutIn() {
        String script = """
                extra=()
                if [ -n "$W" ]; then extra=(--workloads "$W"); fi
                for d in s-*/; do results+=(--results "${d%/}"); done
                run --cycles "$CYCLES" --x "${UNKNOWN}" "${extra[@]}" "${results[@]}" "${none[@]}"
                """;
        assertThat(ShellWords.commands(script, Map.of("CYCLES", "100", "W", "")))
                .contains(List.of("run", "--cycles", "100", "--x", EXPANDED, "--workloads", "", "--results", EXPANDED));
    }

    @Test
    void unclosedQuotesAreAnError() {
        assertThatThrownBy(() -> ShellWords.commands("echo 'x")).hasMessageContaining("unclosed '");
    }
}
