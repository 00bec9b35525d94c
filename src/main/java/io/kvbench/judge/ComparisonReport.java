package io.kvbench.judge;

import io.kvbench.result.Verdict;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The verdict table of one comparison and what it was compared with; written as {@code comparison.json} (this record)
 * and {@code comparison.md} (rendered by report.ComparisonMarkdown).
 *
 * @param baselines directory of the baselines compared with
 * @param policy    {@link ComparisonPolicy#describe()} of the policy that judged the rows
 */
public record ComparisonReport(int schemaVersion, String profile, String machineClass, String baselines,
                               String policy, Map<Verdict, Integer> counts, List<ComparisonRow> rows) {

    public static final int SCHEMA_VERSION = 1;
    public static final String JSON_FILE = "comparison.json";
    public static final String MARKDOWN_FILE = "comparison.md";

    public ComparisonReport {
        rows = List.copyOf(rows);
        Map<Verdict, Integer> ordered = new EnumMap<>(Verdict.class);
        ordered.putAll(counts);
        counts = Collections.unmodifiableMap(ordered);
    }

    public static ComparisonReport of(String profile, String machineClass, String baselines, String policy,
                                      List<ComparisonRow> rows) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.OF_BENCHMARKS) counts.put(v, 0);
        for (ComparisonRow row : rows) counts.merge(row.verdict(), 1, Integer::sum);
        return new ComparisonReport(SCHEMA_VERSION, profile, machineClass, baselines, policy, counts, rows);
    }

    public int count(Verdict verdict) {
        return counts.getOrDefault(verdict, 0);
    }

    /** "3 PASS, 1 REGRESSION, 2 NEW": the verdicts that occur, in enum order. */
    public String summary() {
        if (rows.isEmpty()) return "nothing to compare";
        return Arrays.stream(Verdict.values()).filter(v -> count(v) > 0)
                .map(v -> count(v) + " " + v).collect(Collectors.joining(", "));
    }
}
