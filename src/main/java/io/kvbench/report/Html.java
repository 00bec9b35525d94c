package io.kvbench.report;

/** Escaping for text and attribute values in HTML and inline SVG: every string that comes from a result is data. */
final class Html {

    private Html() {
    }

    /** An http(s) address with nothing that could leave a link target (space, quote, angle bracket, parenthesis). */
    static boolean isWebAddress(String text) {
        return text != null && text.matches("https?://[^\\s\"'<>()]+");
    }

    /** A link to {@code address} showing {@code text} where the address is a web address, else {@code text} alone. */
    static String link(String address, String text) {
        return isWebAddress(address) ? "<a href=\"" + escape(address) + "\">" + escape(text) + "</a>" : escape(text);
    }

    /**
     * The start of a self-contained page (inline CSS, no script): doctype, head with {@code title} and {@code css},
     * and the opened body and main.
     */
    static String pageStart(String title, String css) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + escape(title)
                + "</title>\n<style>\n" + css + "</style>\n</head>\n<body>\n<main>\n";
    }

    /** A table of text cells, every cell escaped. */
    static String table(String[] header, java.util.List<String[]> rows) {
        StringBuilder h = new StringBuilder("<table>\n<thead><tr>");
        for (String cell : header) h.append("<th>").append(escape(cell)).append("</th>");
        h.append("</tr></thead>\n<tbody>\n");
        for (String[] row : rows) {
            h.append("<tr>");
            for (String cell : row) h.append("<td>").append(escape(cell)).append("</td>");
            h.append("</tr>\n");
        }
        return h.append("</tbody>\n</table>\n").toString();
    }

    static String escape(String text) {
        if (text == null) return "";
        StringBuilder s = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&#39;");
                default -> s.append(c);
            }
        }
        return s.toString();
    }
}
