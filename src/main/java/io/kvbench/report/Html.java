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
