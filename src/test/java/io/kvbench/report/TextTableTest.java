package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TextTableTest {

    private static String print(TextTable table) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        table.print(out);
        out.flush();
        return text.toString();
    }

    @Test
    void rightAlignedColumnsLineUpOnTheirLastCharacterAndNotesDoNotWidenColumns() {
        TextTable table = new TextTable("name", "score", "cpu").alignRight(1, 2);
        table.row("a", "1.5", "10%").note("n/a (a long reason that must not widen the score column)", "bb").gap()
                .row("ccc", "12.25", "9%");
        assertThat(print(table)).isEqualTo("""
                name  score  cpu
                ----  -----  ---
                a       1.5  10%
                bb    n/a (a long reason that must not widen the score column)

                ccc   12.25   9%
                """);
    }

    @Test
    void rowsMustFitTheHeader() {
        TextTable table = new TextTable("a", "b");
        assertThatThrownBy(() -> table.row("x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.note("x", "1", "2")).isInstanceOf(IllegalArgumentException.class);
    }
}
