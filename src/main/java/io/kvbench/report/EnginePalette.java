package io.kvbench.report;

import io.kvbench.result.RunResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The engines of one page in one order (by id) with one colour each, so that an engine is found at the same place and
 * in the same colour in every chart; assigned in id order so that reruns keep their colours.
 */
final class EnginePalette {

    /** Tableau 10: distinguishable, and readable with dark text beside the bars. */
    private static final List<String> COLOURS = List.of("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
            "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac");

    private final Map<String, String> colours;

    private EnginePalette(Map<String, String> colours) {
        this.colours = colours;
    }

    static EnginePalette of(RunResults run) {
        TreeSet<String> engines = run.results().stream().map(ResultCells::engine)
                .collect(Collectors.toCollection(TreeSet::new));
        Map<String, String> colours = new LinkedHashMap<>();
        int i = 0;
        for (String engine : engines) colours.put(engine, COLOURS.get(i++ % COLOURS.size()));
        return new EnginePalette(colours);
    }

    String colour(String engine) {
        return colours.getOrDefault(engine, "#8c959f");
    }

    /** {@code items} in the page's engine order. */
    <T> List<T> inOrder(List<T> items, Function<T, String> engine) {
        List<String> order = new ArrayList<>(colours.keySet());
        List<T> sorted = new ArrayList<>(items);
        sorted.sort(Comparator.comparingInt(item -> {
            int at = order.indexOf(engine.apply(item));
            return at < 0 ? Integer.MAX_VALUE : at;
        }));
        return sorted;
    }

    /** The longest engine id, so that every chart leaves the same room for labels and the axes align. */
    int labelChars() {
        return colours.keySet().stream().mapToInt(String::length).max().orElse(0);
    }

    /** A small square of the engine's colour, for the legend. */
    String swatch(String engine) {
        return "<span class=\"swatch\" style=\"background:" + Html.escape(colour(engine)) + "\"></span>";
    }
}
