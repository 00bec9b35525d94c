package io.kvbench.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * "did you mean ...?" for a mistyped command, option, engine, workload or profile name: the valid names closest to it,
 * in this order: the same name in another case, names a few edits away, names it is a prefix of (or they of it).
 */
final class Suggestions {

    /** At most this many names are suggested; more would be a list, not a suggestion. */
    private static final int MAX = 3;

    private Suggestions() {
    }

    /** The closest valid names, closest first; empty when none is close. */
    static List<String> closest(String typed, Collection<String> valid) {
        if (typed == null || typed.isBlank()) return List.of();
        String t = typed.toLowerCase(Locale.ROOT);
        // Two edits (a swapped pair of letters, "lmbd") from four letters on; one for shorter names ("rn").
        int allowed = t.length() < 4 ? 1 : Math.min(3, Math.max(2, t.length() / 3));
        LevenshteinDistance distance = new LevenshteinDistance(allowed);
        List<Scored> close = valid.stream().distinct()
                .map(v -> new Scored(v, score(t, v.toLowerCase(Locale.ROOT), distance)))
                .filter(s -> s.score >= 0)
                .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::name)).toList();
        // Only the closest: "ycsb-c" for "YCSB-C", not ycsb-a and ycsb-b as well.
        return close.stream().filter(s -> s.score == close.get(0).score).limit(MAX).map(Scored::name).toList();
    }

    /** " (did you mean a or b?)", or "" when nothing is close. */
    static String didYouMean(String typed, Collection<String> valid) {
        List<String> names = closest(typed, valid);
        if (names.isEmpty()) return "";
        return " (did you mean " + String.join(" or ", names) + "?)";
    }

    /** 0 for the same name in another case, 1..n edits, n+1 for a prefix; -1 when not close. */
    private static int score(String typed, String candidate, LevenshteinDistance distance) {
        if (typed.equals(candidate)) return 0;
        int edits = distance.apply(typed, candidate);
        if (edits >= 0) return edits;
        boolean prefix = typed.length() >= 2 && (candidate.startsWith(typed) || typed.startsWith(candidate));
        return prefix ? 10 : -1;
    }

    private record Scored(String name, int score) {
    }
}
