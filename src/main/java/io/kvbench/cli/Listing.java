package io.kvbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;

/** How the listing commands (workloads, profiles) print: a heading line per item, its description wrapped below. */
final class Listing {

    /** Terminal width the text fits (the help's width too). */
    static final int WIDTH = 120;
    private static final String INDENT = "    ";
    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private Listing() {
    }

    /** {@code heading}, then {@code text} wrapped at {@link #WIDTH} under an indent; nothing for a blank text. */
    static void item(PrintWriter out, String heading, String text) {
        out.println(heading.stripTrailing());
        StringBuilder line = new StringBuilder(INDENT);
        for (String word : text.strip().split("\\s+")) {
            if (word.isEmpty()) continue;
            if (line.length() > INDENT.length() && line.length() + 1 + word.length() > WIDTH) {
                out.println(line);
                line = new StringBuilder(INDENT);
            }
            if (line.length() > INDENT.length()) line.append(' ');
            line.append(word);
        }
        if (line.length() > INDENT.length()) out.println(line);
    }

    static void json(PrintWriter out, Object value) throws JsonProcessingException {
        out.println(JSON.writeValueAsString(value));
    }
}
