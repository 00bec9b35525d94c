package io.kvbench.report;

import io.kvbench.input.BadInputException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table with columns sized to their content, for terminal output. Numeric columns can be right-aligned;
 * a note row (e.g. "n/a (why)") runs to the end of the line without widening the columns it crosses; a gap separates
 * groups.
 */
public final class TextTable {

    private sealed interface Line permits Cells, Note, Gap {
    }

    private record Cells(String[] cells) implements Line {
    }

    private record Note(String[] leading, String text) implements Line {
    }

    private record Gap() implements Line {
    }

    private final String[] header;
    private final boolean[] rightAligned;
    private final List<Line> lines = new ArrayList<>();

    public TextTable(String... header) {
        this.header = header.clone();
        this.rightAligned = new boolean[header.length];
    }

    /** Right-aligns the given columns (0-based), header included: numbers line up on their last digit. */
    public TextTable alignRight(int... columns) {
        for (int column : columns) rightAligned[column] = true;
        return this;
    }

    public TextTable row(String... cells) {
        if (cells.length != header.length) {
            throw new BadInputException("row has " + cells.length + " cells, table has " + header.length
                    + " columns");
        }
        lines.add(new Cells(cells.clone()));
        return this;
    }

    /** A row whose first cells are {@code leading} and whose remaining columns are replaced by one free text. */
    public TextTable note(String text, String... leading) {
        if (leading.length >= header.length) {
            throw new BadInputException("a note needs fewer than " + header.length + " leading cells, got "
                    + leading.length);
        }
        lines.add(new Note(leading.clone(), text));
        return this;
    }

    /** An empty line between groups of rows. */
    public TextTable gap() {
        lines.add(new Gap());
        return this;
    }

    public void print(PrintWriter out) {
        int[] widths = new int[header.length];
        for (int i = 0; i < header.length; i++) widths[i] = header[i].length();
        for (Line line : lines) {
            String[] cells = line instanceof Cells c ? c.cells() : line instanceof Note n ? n.leading() : new String[0];
            for (int i = 0; i < cells.length; i++) widths[i] = Math.max(widths[i], cells[i].length());
        }
        printRow(out, header, widths);
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < widths.length; i++) rule.append(i == 0 ? "" : "  ").append("-".repeat(widths[i]));
        out.println(rule);
        for (Line line : lines) {
            if (line instanceof Cells c) {
                printRow(out, c.cells(), widths);
            } else if (line instanceof Note n) {
                String[] cells = Arrays.copyOf(n.leading(), n.leading().length + 1);
                cells[cells.length - 1] = n.text();
                printRow(out, cells, widths);
            } else {
                out.println();
            }
        }
    }

    /** The table as {@link #print} writes it. */
    public String text() {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        print(out);
        out.flush();
        return text.toString();
    }

    /** Prints cells padded to their column widths; a last cell beyond the known columns (a note) is not padded. */
    private void printRow(PrintWriter out, String[] cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) line.append("  ");
            boolean lastOfNote = cells.length < widths.length && i == cells.length - 1;
            String pad = lastOfNote ? "" : " ".repeat(Math.max(0, widths[i] - cells[i].length()));
            line.append(rightAligned[i] && !lastOfNote ? pad + cells[i] : cells[i] + pad);
        }
        out.println(line.toString().stripTrailing());
    }
}
