package io.kvbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The simple commands of a bash script, split into words, as far as the workflows' {@code run:} scripts need: comments,
 * line continuations, single and double quotes, {@code ${{ ... }}} expressions, and the operators that end a command
 * ({@code ; & | && || ( ) $( < >} and newlines). A word with a {@code $} expansion in it has unknown text at run time
 * and
 * is given as {@link #EXPANDED}. Not a shell: no globbing, no here-documents, no nested quoting inside {@code $(...)}.
 */
final class ShellWords {

    /** Stands for a word whose text is only known at run time ({@code "$ENGINE"}, {@code "shard-${{ matrix.engine
     * }}"}). */
    static final String EXPANDED = "<expanded>";
    private static final Pattern ARRAY_USE = Pattern.compile("\"\\$\\{(\\w+)\\[@\\]\\}\"");

    private final String script;
    private final List<List<String>> commands = new ArrayList<>();
    private List<String> command = new ArrayList<>();
    private final StringBuilder word = new StringBuilder();
    private boolean inWord;
    private boolean expanded;
    private int i;

    private ShellWords(String script) {
        this.script = script.replace("\\\r\n", "").replace("\\\n", "");
    }

    static List<List<String>> commands(String script) {
        ShellWords words = new ShellWords(script);
        words.split();
        return words.commands;
    }

    /**
     * The commands with what is known before run time put in: a quoted {@code "$NAME"} or {@code "${NAME}"} whose
     * variable has a known value in {@code env} (a step's environment with its defaults) becomes that value, and a
     * quoted
     * array expansion {@code "${NAME[@]}"} becomes the words of the script's last {@code NAME=(...)} or
     * {@code NAME+=(...)}, the largest case of the usual "array of optional arguments" idiom.
     */
    static List<List<String>> commands(String script, Map<String, String> env) {
        String resolved = script;
        Matcher arrays = ARRAY_USE.matcher(script);
        while (arrays.find()) {
            String words = "";
            Matcher assignment = Pattern.compile("(?m)\\b" + Pattern.quote(arrays.group(1)) + "\\+?=\\(([^)]*)\\)")
                    .matcher(script);
            while (assignment.find()) words = assignment.group(1);
            resolved = resolved.replace(arrays.group(), words);
        }
        for (Map.Entry<String, String> var : env.entrySet()) {
            String literal = "'" + var.getValue().replace("'", "'\\''") + "'";
            resolved = resolved.replace("\"$" + var.getKey() + "\"", literal)
                    .replace("\"${" + var.getKey() + "}\"", literal);
        }
        return commands(resolved);
    }

    private void split() {
        while (i < script.length()) {
            char c = script.charAt(i);
            if (c == '#' && !inWord) {
                while (i < script.length() && script.charAt(i) != '\n') i++;
            } else if (c == ' ' || c == '\t') {
                endWord();
                i++;
            } else if (c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')') {
                endCommand();
                i++;
            } else if (c == '<' || c == '>') {
                if (inWord && word.chars().allMatch(Character::isDigit)) discardWord(); // 2>file: the 2 is no argument
                endCommand();
                i++;
            } else if (c == '\'') {
                int end = closing('\'', i + 1);
                word.append(script, i + 1, end);
                inWord = true;
                i = end + 1;
            } else if (c == '"') {
                int end = closing('"', i + 1);
                String quoted = script.substring(i + 1, end);
                expanded |= quoted.contains("$");
                word.append(quoted);
                inWord = true;
                i = end + 1;
            } else if (script.startsWith("$(", i) && !script.startsWith("$((", i)) {
                endCommand(); // the command inside $(...) is a command of its own
                i += 2;
            } else if (script.startsWith("${{", i)) {
                int end = script.indexOf("}}", i);
                if (end < 0) throw new IllegalArgumentException("unclosed ${{ in: " + script);
                word.append(script, i, end + 2);
                inWord = true;
                expanded = true;
                i = end + 2;
            } else {
                if (c == '$') expanded = true;
                if (c == '\\' && i + 1 < script.length()) c = script.charAt(++i);
                word.append(c);
                inWord = true;
                i++;
            }
        }
        endCommand();
    }

    private int closing(char quote, int from) {
        int end = from;
        while (end < script.length() && script.charAt(end) != quote) {
            if (quote == '"' && script.charAt(end) == '\\') end++;
            end++;
        }
        if (end >= script.length()) throw new IllegalArgumentException("unclosed " + quote + " in: " + script);
        return end;
    }

    private void endWord() {
        if (inWord) command.add(expanded ? EXPANDED : word.toString());
        discardWord();
    }

    private void discardWord() {
        word.setLength(0);
        inWord = false;
        expanded = false;
    }

    private void endCommand() {
        endWord();
        if (!command.isEmpty()) commands.add(List.copyOf(command));
        command = new ArrayList<>();
    }
}
