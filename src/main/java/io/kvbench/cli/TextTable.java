package io.kvbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table with columns sized to their content, for terminal output. */
final class TextTable {

    private final String[] header;
    private final List<String[]> rows = new ArrayList<>();

    TextTable(String... header) {
        this.header = header;
    }

    TextTable row(String... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + header.length + " columns");
        }
        rows.add(cells);
        return this;
    }

    void print(PrintWriter out) {
        int[] widths = new int[header.length];
        for (int i = 0; i < header.length; i++) widths[i] = header[i].length();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], row[i].length());
        }
        printRow(out, header, widths);
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < widths.length; i++) rule.append(i == 0 ? "" : "  ").append("-".repeat(widths[i]));
        out.println(rule);
        for (String[] row : rows) printRow(out, row, widths);
    }

    private static void printRow(PrintWriter out, String[] cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) line.append("  ");
            line.append(cells[i]);
            if (i < cells.length - 1) line.append(" ".repeat(widths[i] - cells[i].length()));
        }
        out.println(line);
    }
}
