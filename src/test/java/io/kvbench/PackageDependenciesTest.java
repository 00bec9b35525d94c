package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of src/main/java, checked on every build: each top-level package under io.kvbench may use only the
 * packages its row of {@link #ALLOWED} names, the packages form no cycle, and no main source file grows past 400 lines.
 * A dependency is any mention of {@code io.kvbench.<package>.} in code (imports and qualified names; comments and
 * string literals do not count).
 */
class PackageDependenciesTest {

    private static final Path MAIN = Path.of("src", "main", "java", "io", "kvbench");
    private static final int MAX_LINES = 400;

    /**
     * Who may use whom. Arrows point one way: from the edge (cli) through judging and reporting to the engines. Only
     * cli uses report; judge never uses report or cli; engine uses only input; input (validation of what the tool
     * reads, and BadInputException, kvbench's refusal of what it was given) uses nothing and may be used by all.
     */
    static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("engine", Set.of("input")),
            Map.entry("input", Set.of()),
            Map.entry("result", Set.of("input")),
            Map.entry("workload", Set.of("engine", "input")),
            Map.entry("task", Set.of("engine", "workload", "result", "input")),
            Map.entry("bench", Set.of("engine", "workload", "result", "task", "input")),
            Map.entry("infra", Set.of("result", "input")),
            Map.entry("classpath", Set.of("infra", "input")),
            Map.entry("contract", Set.of("engine")),
            Map.entry("run", Set.of("task", "infra", "bench", "result", "engine", "workload", "input")),
            Map.entry("baseline", Set.of("result", "workload", "engine", "input")),
            Map.entry("judge", Set.of("baseline", "result", "workload", "input")),
            Map.entry("history", Set.of("judge", "baseline", "result", "workload", "infra", "input")),
            Map.entry("gate",
                    Set.of("judge", "baseline", "result", "engine", "workload", "task", "run", "infra", "input")),
            Map.entry("crash", Set.of("engine", "workload", "result", "baseline", "task", "infra", "input")),
            Map.entry("report", Set.of("judge", "baseline", "gate", "history", "crash", "result", "workload",
                    "engine", "input")),
            Map.entry("cli", Set.of("engine", "workload", "task", "run", "infra", "result", "baseline", "judge",
                    "history", "crash", "gate", "report", "input", "classpath", "contract")));

    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.kvbench\\.([a-z][a-z0-9_]*)\\.");
    private static final Pattern PACKAGE = Pattern.compile("^package io\\.kvbench\\.([a-z][a-z0-9_]*)[.;]",
            Pattern.MULTILINE);

    @Test
    void everyDependencyIsAllowed() {
        Map<String, Set<String>> graph = dependencies();
        List<String> forbidden = new ArrayList<>();
        graph.forEach((from, tos) -> {
            for (String to : tos) {
                if (!allowed(from, to)) forbidden.add(from + " -> " + to);
            }
        });
        assertThat(forbidden).as("package dependencies not in PackageDependenciesTest.ALLOWED (%s)", graph).isEmpty();
    }

    @Test
    void noPackageCycle() {
        Map<String, Set<String>> graph = dependencies();
        assertThat(cycles(graph)).as("package cycles in %s", graph).isEmpty();
    }

    @Test
    void noMainSourceFileIsLong() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Path file : sources()) {
            long lines = Files.readAllLines(file).size();
            if (lines > MAX_LINES) tooLong.add(MAIN.relativize(file) + " (" + lines + " lines)");
        }
        assertThat(tooLong).as("main source files over " + MAX_LINES + " lines: split them").isEmpty();
    }

    @Test
    void everyPackageHasARow() {
        Set<String> packages = dependencies().keySet();
        Set<String> withoutRow = new TreeSet<>(packages);
        withoutRow.removeAll(ALLOWED.keySet());
        assertThat(withoutRow).as("packages missing from PackageDependenciesTest.ALLOWED").isEmpty();
    }

    @Test
    void theCheckSeesCodeNotCommentsOrStrings() {
        String code = "package io.kvbench.engine;\n// io.kvbench.cli.KvBench\n/* io.kvbench.report.X */\n"
                + "class A { String s = \"io.kvbench.cli.KvBench\"; io.kvbench.result.Metric m; }\n";
        assertThat(references(code)).containsExactly("result");
        assertThat(allowed("engine", "result")).isFalse();
        assertThat(allowed("cli", "report")).isTrue();
        assertThat(allowed("judge", "report")).isFalse();
        assertThat(cycles(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"))))
                .containsExactly("a -> b -> c -> a");
    }

    static boolean allowed(String from, String to) {
        return ALLOWED.getOrDefault(from, Set.of()).contains(to);
    }

    /** Top-level package -> the other top-level packages it mentions. */
    private static Map<String, Set<String>> dependencies() {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Path file : sources()) {
            String code;
            try {
                code = Files.readString(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Matcher pkg = PACKAGE.matcher(code);
            assertThat(pkg.find()).as("package io.kvbench.<package> in " + file).isTrue();
            String from = pkg.group(1);
            Set<String> tos = graph.computeIfAbsent(from, k -> new TreeSet<>());
            for (String to : references(code)) if (!to.equals(from)) tos.add(to);
        }
        return graph;
    }

    private static Set<String> references(String code) {
        String stripped = withoutCommentsAndStrings(code).replaceFirst("package [\\w.]+;", "");
        Set<String> found = new LinkedHashSet<>();
        Matcher m = REFERENCE.matcher(stripped);
        while (m.find()) found.add(m.group(1));
        return found;
    }

    /** The code with comments, string and character literals (text blocks included) blanked. */
    static String withoutCommentsAndStrings(String code) {
        StringBuilder out = new StringBuilder(code.length());
        int i = 0;
        while (i < code.length()) {
            if (code.startsWith("//", i)) {
                i = indexOrEnd(code, "\n", i);
            } else if (code.startsWith("/*", i)) {
                i = indexOrEnd(code, "*/", i + 2) + 2;
            } else if (code.startsWith("\"\"\"", i)) {
                i = indexOrEnd(code, "\"\"\"", i + 3) + 3;
                out.append("\"\"");
            } else if (code.charAt(i) == '"' || code.charAt(i) == '\'') {
                char quote = code.charAt(i++);
                while (i < code.length() && code.charAt(i) != quote) i += code.charAt(i) == '\\' ? 2 : 1;
                i++;
                out.append(quote).append(quote);
            } else {
                out.append(code.charAt(i++));
            }
        }
        return out.toString();
    }

    private static int indexOrEnd(String code, String what, int from) {
        int at = code.indexOf(what, from);
        return at < 0 ? code.length() : at;
    }

    /** Every cycle found by a depth-first search, as "a -> b -> a", each reported once from its first package. */
    static List<String> cycles(Map<String, Set<String>> graph) {
        List<String> found = new ArrayList<>();
        Set<String> done = new TreeSet<>();
        for (String start : new TreeSet<>(graph.keySet())) {
            visit(start, graph, new ArrayList<>(), done, found);
        }
        return found;
    }

    private static void visit(String node, Map<String, Set<String>> graph, List<String> path, Set<String> done,
                              List<String> found) {
        int at = path.indexOf(node);
        if (at >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(at, path.size()));
            cycle.add(node);
            found.add(String.join(" -> ", cycle));
            return;
        }
        if (done.contains(node)) return;
        path.add(node);
        for (String next : new TreeSet<>(graph.getOrDefault(node, Set.of()))) visit(next, graph, path, done, found);
        path.remove(path.size() - 1);
        done.add(node);
    }

    static List<Path> sources() {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
